import { z } from 'zod';

/**
 * The Model Context Protocol server (docs/mcp.md): where it listens, the URIs of its resources and the
 * arguments of its prompts. The server builds its tools from the OpenAPI document; the web app shows
 * how to connect an assistant (Integrations).
 */

/** Streamable HTTP, on the app's own origin. */
export const MCP_PATH = '/mcp';

/** True for /mcp and anything under it (with or without a query). */
export function isMcpPath(url: string): boolean {
  return url === MCP_PATH || url.startsWith(`${MCP_PATH}?`) || url.startsWith(`${MCP_PATH}/`);
}

/** The scheme of every resource the server offers. */
export const MCP_RESOURCE_SCHEME = 'compliancecore';

/** The server's name as MCP clients show it, and the key under `mcpServers` in a client's config. */
export const MCP_SERVER_NAME = 'compliancecore';

/** The prompts the server offers (names as MCP clients list them). */
export const MCP_PROMPTS = {
  prepareAudit: 'prepare-soc2-audit',
  whatChanged: 'what-changed',
} as const;

/** Arguments of "prepare for my SOC 2 audit": MCP prompt arguments are strings. */
export const prepareAuditArgumentsSchema = z.object({
  organizationId: z
    .uuid('Not an organization id')
    .optional()
    .describe('The organization (staff who serve several name one; a key or a client works in its own)'),
  frameworkId: z.string().trim().min(1).max(40).optional().describe('Another framework of the catalogue, e.g. iso27001 (SOC 2 by default)'),
});

/** Arguments of "what changed since last week". */
export const whatChangedArgumentsSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional().describe('The organization (staff who serve several name one)'),
  days: z.coerce.number().int().min(1).max(90).optional().describe('How far back to look, in days (1–90; 7 by default)'),
});

/** Where the assistant connects: the app's origin and the API key it sends. */
export interface McpConnection {
  origin: string;
  apiKey: string;
}

/**
 * For clients that speak streamable HTTP themselves (Claude Code's `.mcp.json`, Cursor, and others taking
 * the `mcpServers` shape): the /mcp URL, with the API key as a bearer token.
 */
export function mcpHttpClientConfig({ origin, apiKey }: McpConnection): string {
  const server = { type: 'http', url: `${origin}${MCP_PATH}`, headers: { Authorization: `Bearer ${apiKey}` } };
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: server } }, null, 2);
}

/**
 * For Claude Desktop's `claude_desktop_config.json`, which starts local processes: the `mcp-remote` bridge
 * to /mcp. The key goes in X-API-Key, a header value without spaces (some launchers split arguments on them).
 */
export function mcpDesktopBridgeConfig({ origin, apiKey }: McpConnection): string {
  const url = `${origin}${MCP_PATH}`;
  const args = ['-y', 'mcp-remote', url, '--header', `X-API-Key:${apiKey}`, ...(url.startsWith('http://') ? ['--allow-http'] : [])];
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { command: 'npx', args } } }, null, 2);
}
