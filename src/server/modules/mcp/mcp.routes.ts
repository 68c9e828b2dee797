import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { once } from '../../../shared/once.ts';
import { MCP_PATH } from '../../../shared/schemas/mcp.ts';
import { mcpCaller } from './mcp-caller.ts';
import { collectRouteAccess } from './operation-tools.ts';

/**
 * The Model Context Protocol server at /mcp (docs/mcp.md): streamable HTTP, stateless (a server and a
 * transport per request, JSON answers, no session to keep), guarded like /api/v1 (a session's bearer token
 * or an API key, route-access.ts). Register right after the route guard, before the modules: it notes each
 * API route's access name as they register.
 */

function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/**
 * The MCP SDK and our server on it (mcp-server.ts and the modules it imports), loaded at the first MCP request
 * rather than with the app (~29 MB resident, decision 012).
 */
const loadMcp = once(() =>
  Promise.all([import('./mcp-server.ts'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]),
);

async function answerMcp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const caller = await mcpCaller(request);
  const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await loadMcp();
  const server = createMcpServer(request.server, caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(
      new Request(new URL(request.url, 'http://mcp.local'), { method: 'POST', headers: webHeaders(request) }),
      {
        parsedBody: request.body,
      },
    );
    const body = Buffer.from(await response.arrayBuffer());
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') void reply.header(name, value);
    });
    return reply.send(body.length > 0 ? body : undefined);
  } finally {
    await server.close();
  }
}

/** MCP clients are told how to authenticate when they are refused (RFC 6750). */
async function challengeOn401(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode === 401) void reply.header('www-authenticate', 'Bearer realm="ComplianceCore"');
  return payload;
}

export function registerMcpRoutes(app: FastifyInstance): void {
  collectRouteAccess(app);
  app.post(MCP_PATH, { config: { access: 'connectAssistant' }, schema: { hide: true }, onSend: challengeOn401 }, answerMcp);
  // Stateless: no stream for the server to push on, and no session to end (the specification's 405).
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    config: { access: 'connectAssistant' },
    schema: { hide: true },
    onSend: challengeOn401,
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed: this server is stateless; POST JSON-RPC to /mcp.' },
          id: null,
        }),
  });
}
