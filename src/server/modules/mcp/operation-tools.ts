import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { type ApiKeyArea, type ApiKeyRule, type ApiKeyScopeList, apiKeyRuleAdmits, isApiKeyRule } from '../../../shared/api-key-scopes.ts';
import { ENDPOINT_ACCESS, checkAccess } from '../../../shared/permissions.ts';
import type { McpCaller } from './mcp-caller.ts';
import { type JsonSchema, toJsonSchema } from './openapi-json-schema.ts';

/**
 * The MCP tools (docs/mcp.md): one per /api/v1 operation of the OpenAPI document that an API key may be
 * scoped to (`x-api-key-scope` names scopes), named by its operationId, described by its summary, taking
 * its path parameters, query parameters and JSON body as one object. File uploads and file downloads
 * stay HTTP-only. A caller sees the operations its key's scopes and its maker's permissions admit
 * (a session: the user's permissions); a write only with a read-write scope.
 */

export interface OperationTool {
  tool: Tool;
  method: HTTPMethods;
  /** The OpenAPI path template (`/api/v1/risks/{riskId}`). */
  path: string;
  pathParams: readonly string[];
  queryParams: readonly string[];
  /** How the JSON body arrives: its fields beside the parameters (`flat`), under `body`, or none. */
  body: 'none' | 'flat' | 'nested';
  rule: Exclude<ApiKeyRule, 'refused' | 'unscoped'>;
  /** The endpoint's access name (ENDPOINT_ACCESS), which decides a signed-in user's reach. */
  access: string | undefined;
  isWrite: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: unknown;
  description?: string;
}
interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-api-key-scope'?: unknown;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** An operation an assistant can call with JSON: no file upload, and an answer that is JSON or text. */
function callableWithJson(operation: OpenApiOperation): boolean {
  if (/^upload/.test(operation.operationId ?? '') || /^Uploads\b/.test(operation.summary ?? '')) return false;
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  return success.some(
    ([status, response]) => status === '204' || Object.keys(response.content ?? {}).some((type) => /json|^text\//.test(type)),
  );
}

function annotationsOf(method: HTTPMethods, summary: string): ToolAnnotations {
  if (method === 'GET') return { title: summary, readOnlyHint: true, openWorldHint: false };
  return {
    title: summary,
    readOnlyHint: false,
    destructiveHint: method === 'DELETE',
    idempotentHint: method === 'PUT' || method === 'DELETE',
    openWorldHint: false,
  };
}

function inputOf(operation: OpenApiOperation): Pick<OperationTool, 'pathParams' | 'queryParams' | 'body'> & { schema: JsonSchema } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
  for (const parameter of parameters) {
    properties[parameter.name] = toJsonSchema(parameter.schema);
    if (parameter.description) properties[parameter.name] = { ...properties[parameter.name], description: parameter.description };
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
  }
  const bodySchema = toJsonSchema(operation.requestBody?.content?.['application/json']?.schema);
  const bodyFields =
    bodySchema.properties && typeof bodySchema.properties === 'object' ? (bodySchema.properties as Record<string, JsonSchema>) : null;
  let body: OperationTool['body'] = 'none';
  if (operation.requestBody?.content?.['application/json']) {
    const collides = bodyFields && Object.keys(bodyFields).some((name) => name in properties || name === 'body');
    if (bodyFields && bodySchema.type === 'object' && !collides) {
      body = 'flat';
      Object.assign(properties, bodyFields);
      required.push(...(Array.isArray(bodySchema.required) ? (bodySchema.required as string[]) : []));
    } else {
      body = 'nested';
      properties.body = bodySchema;
      required.push('body');
    }
  }
  return {
    pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
    queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
    body,
    schema: { type: 'object', properties, ...(required.length ? { required } : {}) },
  };
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Each /api/v1 route's access name, as routes register (read once the app is ready). */
const accessNames = new WeakMap<FastifyInstance, Map<string, string>>();

/** Remembers each route's `config.access`; call before the modules register their routes. */
export function collectRouteAccess(app: FastifyInstance): void {
  const names = new Map<string, string>();
  accessNames.set(app, names);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access || !route.url.startsWith('/api/v1/')) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      names.set(`${method} ${toOpenApiPath(route.url)}`, access);
  });
}

const catalogues = new WeakMap<FastifyInstance, readonly OperationTool[]>();

/** Every operation a key can be scoped to, as tools: built from the OpenAPI document once per app. */
export function operationCatalogue(app: FastifyInstance): readonly OperationTool[] {
  const known = catalogues.get(app);
  if (known) return known;
  const document = app.swagger() as OpenApiDocument;
  const names = accessNames.get(app);
  const tools: OperationTool[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [lower, operation] of Object.entries(methods)) {
      const rule = operation['x-api-key-scope'];
      if (!METHODS.has(lower) || !operation.operationId || !isApiKeyRule(rule) || typeof rule === 'string') continue;
      if (!callableWithJson(operation)) continue;
      const method = lower.toUpperCase() as HTTPMethods;
      const summary = operation.summary ?? operation.operationId;
      const { schema, ...input } = inputOf(operation);
      tools.push({
        tool: {
          name: operation.operationId,
          description: summary,
          inputSchema: schema as Tool['inputSchema'],
          annotations: annotationsOf(method, summary),
        },
        method,
        path,
        ...input,
        rule,
        access: names?.get(`${method} ${path}`),
        isWrite: method !== 'GET',
      });
    }
  }
  // Reads first, then writes; each group by name.
  tools.sort((a, b) => Number(a.isWrite) - Number(b.isWrite) || a.tool.name.localeCompare(b.tool.name));
  catalogues.set(app, tools);
  return tools;
}

/** The scope lists a rule may ask for, whatever its parameter's value. */
function scopeListsOf(rule: OperationTool['rule']): readonly ApiKeyScopeList[] {
  return 'param' in rule ? Object.values(rule.scopes) : [rule];
}

function keyAdmits(tool: OperationTool, key: NonNullable<McpCaller['apiKey']>): boolean {
  const lists = scopeListsOf(tool.rule);
  if (!lists.some((list) => apiKeyRuleAdmits(list, key.scopes))) return false;
  // A write needs a read-write scope on an area it names, whatever its rule says.
  return (
    !tool.isWrite ||
    lists.flat().some((scope) => {
      const [area, access] = scope.split(':') as [ApiKeyArea, string];
      return access === 'read_write' && key.scopes[area] === 'read_write';
    })
  );
}

function userAdmits(tool: OperationTool, caller: McpCaller): boolean {
  if (!tool.access || !Object.hasOwn(ENDPOINT_ACCESS, tool.access)) return false;
  return checkAccess(caller.access, ENDPOINT_ACCESS[tool.access as keyof typeof ENDPOINT_ACCESS]).allowed;
}

/** The tools this caller may use: its key's scopes and its (maker's) permissions both admit the operation. */
export function toolsFor(app: FastifyInstance, caller: McpCaller): OperationTool[] {
  return operationCatalogue(app).filter((tool) => userAdmits(tool, caller) && (!caller.apiKey || keyAdmits(tool, caller.apiKey)));
}

/** The request a tool call makes: path parameters into the path, query parameters, the body. */
export function requestOf(tool: OperationTool, args: Readonly<Record<string, unknown>>) {
  const path = tool.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(String(args[name] ?? '')));
  const query = Object.fromEntries(tool.queryParams.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
  const taken = new Set([...tool.pathParams, ...tool.queryParams]);
  const body =
    tool.body === 'none'
      ? undefined
      : tool.body === 'nested'
        ? (args.body ?? {})
        : Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
  return { method: tool.method, path, query, body };
}
