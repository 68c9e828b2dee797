import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { type RequestAccess, getRequestAccess } from '../../platform/access/access-guard.ts';

/**
 * Who is on the other end of an MCP session (docs/mcp.md), and the one way the server acts for them: an
 * /api/v1 request made through the app itself (`app.inject`) with the caller's own credentials, so
 * validation, tenancy, scopes, rate limits and the audit trail are exactly the API's.
 */

export interface McpCaller {
  /** The caller's credential headers and user agent, forwarded on every call. */
  headers: Readonly<Record<string, string>>;
  /** The caller's address, so the trail records where a change came from (not this process). */
  remoteAddress: string;
  /** What the caller holds, as the API's guard sees it (an API key's narrowed to its scopes). */
  access: RequestAccess;
  /** The API key, when one authenticated the session. */
  apiKey: AuthContext['apiKey'];
}

const FORWARDED_HEADERS = ['authorization', 'x-api-key', 'apikey', 'user-agent'] as const;

/** The caller of an /mcp request that passed the route guard (a user's session or an API key). */
export async function mcpCaller(request: FastifyRequest): Promise<McpCaller> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && value) headers[name] = value;
  }
  return { headers, remoteAddress: request.ip, access: await getRequestAccess(request), apiKey: request.auth?.apiKey };
}

export interface ApiCall {
  method: HTTPMethods;
  /** The path, parameters filled in (`/api/v1/risks/…`). */
  path: string;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  contentType: string;
  /** The body as text (JSON, CSV, Markdown); a note on size and type for a binary file. */
  text: string;
  /** The parsed body when it is JSON. */
  json: unknown;
}

function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const isText = (contentType: string) => /^(text\/|application\/(json|[a-z.+-]*\+json)\b)/.test(contentType);

/** Makes one API request as the caller. */
export async function callApi(app: FastifyInstance, caller: McpCaller, call: ApiCall): Promise<ApiAnswer> {
  const hasBody = call.body !== undefined;
  const reply = await app.inject({
    method: call.method,
    url: call.path + queryString(call.query),
    headers: { ...caller.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    remoteAddress: caller.remoteAddress,
    ...(hasBody ? { payload: JSON.stringify(call.body) } : {}),
  });
  const contentType = String(reply.headers['content-type'] ?? '');
  if (reply.rawPayload.length > 0 && !isText(contentType)) {
    const text = `A file (${contentType || 'unknown type'}, ${reply.rawPayload.length} bytes): download it from ${call.path} with the same credentials.`;
    return { status: reply.statusCode, contentType, text, json: undefined };
  }
  let json: unknown;
  if (contentType.includes('json') && reply.body) {
    try {
      json = JSON.parse(reply.body) as unknown;
    } catch {
      json = undefined;
    }
  }
  return { status: reply.statusCode, contentType, text: reply.body, json };
}
