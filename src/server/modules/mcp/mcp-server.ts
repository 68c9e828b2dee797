import type { FastifyInstance } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_SERVER_NAME } from '../../../shared/schemas/mcp.ts';
import { type McpCaller, callApi } from './mcp-caller.ts';
import { RESOURCE_TEMPLATES, listResources, readResource } from './mcp-resources.ts';
import { registerPrompts } from './mcp-prompts.ts';
import { requestOf, toolsFor } from './operation-tools.ts';

/**
 * One MCP server for one caller (docs/mcp.md): built per request (stateless streamable HTTP), so every
 * list and call is decided by the credentials of the request that carries it.
 */

const INSTRUCTIONS = [
  'ComplianceCore: a compliance programme (frameworks, requirements, controls, evidence, risks, vendors, policies, people, task requests).',
  'Tools are the product API’s operations this connection may use; read-only ones are marked. Writes go on the audit trail under the API key’s name.',
  'Resources: compliancecore://frameworks, compliancecore://frameworks/{id}, …/requirements/{ref}, compliancecore://controls/{id}.',
  'Staff who serve several organizations pass organizationId; a key works in its own organization.',
].join(' ');

async function callTool(
  app: FastifyInstance,
  caller: McpCaller,
  name: string,
  args: Readonly<Record<string, unknown>>,
): Promise<CallToolResult> {
  const tool = toolsFor(app, caller).find((candidate) => candidate.tool.name === name);
  // A tool this connection does not list is refused like an unknown one: a read-only key calls no write.
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name} (or not one this connection’s scopes allow).`);
  const answer = await callApi(app, caller, requestOf(tool, args));
  if (answer.status >= 400) {
    // The API's own answer (code, message, field issues), so the assistant can correct its input.
    return {
      isError: true,
      content: [{ type: 'text', text: JSON.stringify({ status: answer.status, ...(answer.json as object | undefined) }, null, 2) }],
    };
  }
  if (answer.status === 204 || !answer.text) return { content: [{ type: 'text', text: `Done (${answer.status}).` }] };
  const structured =
    answer.json && typeof answer.json === 'object' && !Array.isArray(answer.json) ? (answer.json as Record<string, unknown>) : undefined;
  return {
    content: [{ type: 'text', text: structured ? JSON.stringify(structured, null, 2) : answer.text }],
    ...(structured ? { structuredContent: structured } : {}),
  };
}

export function createMcpServer(app: FastifyInstance, caller: McpCaller): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, title: 'ComplianceCore', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolsFor(app, caller).map((tool) => tool.tool) }));
  server.server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(app, caller, request.params.name, request.params.arguments ?? {}),
  );
  server.server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: await listResources(app, caller) }));
  server.server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(app, caller, request.params.uri));
  registerPrompts(server, app, caller);
  return server;
}
