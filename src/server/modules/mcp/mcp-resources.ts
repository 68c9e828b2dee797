import type { FastifyInstance } from 'fastify';
import { ErrorCode, McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { MCP_RESOURCE_SCHEME } from '../../../shared/schemas/mcp.ts';
import { type ApiAnswer, type McpCaller, callApi } from './mcp-caller.ts';

/**
 * The MCP resources (docs/mcp.md): the frameworks catalogue, each framework with its requirements, one
 * requirement with its mapped controls, and the organization's controls. Each read is the API's own read
 * (listFrameworks, getFramework, listControls) made with the caller's credentials, so a key without
 * `programme:read` reads nothing and another organization's data stays a 404. `?organizationId=` picks
 * the organization for staff who serve several.
 */

const ROOT = `${MCP_RESOURCE_SCHEME}://`;
/** MCP's "resource not found" (the specification's -32002). */
const RESOURCE_NOT_FOUND = -32002;

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: `${ROOT}frameworks/{frameworkId}`,
    name: 'framework',
    title: 'A framework and its requirements',
    description: 'The framework, its activation and readiness for the organization, and each requirement with its mapped controls.',
    mimeType: 'application/json',
  },
  {
    uriTemplate: `${ROOT}frameworks/{frameworkId}/requirements/{ref}`,
    name: 'requirement',
    title: 'One requirement of a framework',
    description:
      'A requirement (official numbering), its summary, status and the common controls mapped to it (equal, subset, superset, intersect).',
    mimeType: 'application/json',
  },
  {
    uriTemplate: `${ROOT}controls/{controlId}`,
    name: 'control',
    title: 'One control of the organization',
    description: 'A common control: status, owner, applicability, the frameworks it serves and its evidence counts.',
    mimeType: 'application/json',
  },
];

type Parsed =
  | { kind: 'frameworks' }
  | { kind: 'framework'; frameworkId: string }
  | { kind: 'requirement'; frameworkId: string; ref: string }
  | { kind: 'controls' }
  | { kind: 'control'; controlId: string };

function parse(uri: string): { target: Parsed; organizationId: string | undefined } {
  if (!uri.startsWith(ROOT)) throw new McpError(RESOURCE_NOT_FOUND, `Unknown resource: ${uri}`);
  const [path = '', search = ''] = uri.slice(ROOT.length).split('?');
  const organizationId = new URLSearchParams(search).get('organizationId') ?? undefined;
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  const [head, id, sub, ref] = parts;
  let target: Parsed | undefined;
  if (head === 'frameworks' && parts.length === 1) target = { kind: 'frameworks' };
  else if (head === 'frameworks' && id && parts.length === 2) target = { kind: 'framework', frameworkId: id };
  else if (head === 'frameworks' && id && sub === 'requirements' && ref && parts.length === 4)
    target = { kind: 'requirement', frameworkId: id, ref };
  else if (head === 'controls' && parts.length === 1) target = { kind: 'controls' };
  else if (head === 'controls' && id && parts.length === 2) target = { kind: 'control', controlId: id };
  if (!target) throw new McpError(RESOURCE_NOT_FOUND, `Unknown resource: ${uri}`);
  return { target, organizationId };
}

/** The API's refusal as an MCP error: a 404 is "not found", anything else carries the API's code and message. */
function refusal(uri: string, answer: ApiAnswer): McpError {
  const error = (answer.json as { error?: { code?: string; message?: string } } | undefined)?.error;
  if (answer.status === 404) return new McpError(RESOURCE_NOT_FOUND, `Not found: ${uri}`, { status: 404, code: error?.code });
  const code = answer.status === 400 ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest;
  return new McpError(code, error?.message ?? `The API answered ${answer.status}.`, { status: answer.status, code: error?.code });
}

async function read(app: FastifyInstance, caller: McpCaller, uri: string, path: string, query: Record<string, unknown>): Promise<unknown> {
  const answer = await callApi(app, caller, { method: 'GET', path, query });
  if (answer.status !== 200) throw refusal(uri, answer);
  return answer.json;
}

interface FrameworkBody {
  requirements?: { ref: string }[];
}
interface ControlsBody {
  controls?: { id: string }[];
}

async function contentOf(app: FastifyInstance, caller: McpCaller, uri: string): Promise<unknown> {
  const { target, organizationId } = parse(uri);
  const query = { organizationId };
  switch (target.kind) {
    case 'frameworks':
      return read(app, caller, uri, '/api/v1/frameworks', query);
    case 'framework':
      return read(app, caller, uri, `/api/v1/frameworks/${encodeURIComponent(target.frameworkId)}`, query);
    case 'requirement': {
      const framework = (await read(
        app,
        caller,
        uri,
        `/api/v1/frameworks/${encodeURIComponent(target.frameworkId)}`,
        query,
      )) as FrameworkBody;
      const requirement = framework.requirements?.find((item) => item.ref === target.ref);
      if (!requirement) throw new McpError(RESOURCE_NOT_FOUND, `Not found: ${uri}`, { status: 404 });
      return { frameworkId: target.frameworkId, ...requirement };
    }
    case 'controls':
      return read(app, caller, uri, '/api/v1/controls', query);
    case 'control': {
      const list = (await read(app, caller, uri, '/api/v1/controls', query)) as ControlsBody;
      const control = list.controls?.find((item) => item.id === target.controlId);
      if (!control) throw new McpError(RESOURCE_NOT_FOUND, `Not found: ${uri}`, { status: 404 });
      return control;
    }
  }
}

export async function readResource(app: FastifyInstance, caller: McpCaller, uri: string): Promise<ReadResourceResult> {
  const content = await contentOf(app, caller, uri);
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(content, null, 2) }] };
}

interface FrameworkList {
  frameworks?: { id: string; name: string; fullName?: string; activation?: unknown }[];
}

/** The resources to list: the catalogue, each framework, the controls; none when the caller may not read the programme. */
export async function listResources(app: FastifyInstance, caller: McpCaller): Promise<Resource[]> {
  const answer = await callApi(app, caller, { method: 'GET', path: '/api/v1/frameworks' });
  if (answer.status !== 200) return [];
  const frameworks = (answer.json as FrameworkList).frameworks ?? [];
  return [
    {
      uri: `${ROOT}frameworks`,
      name: 'frameworks',
      title: 'Frameworks',
      description: 'The frameworks catalogue, with activation and readiness.',
      mimeType: 'application/json',
    },
    ...frameworks.map((framework) => ({
      uri: `${ROOT}frameworks/${encodeURIComponent(framework.id)}`,
      name: `framework-${framework.id}`,
      title: framework.name,
      description: `${framework.fullName ?? framework.name}${framework.activation ? ' (active)' : ''}: its requirements and mapped controls.`,
      mimeType: 'application/json',
    })),
    {
      uri: `${ROOT}controls`,
      name: 'controls',
      title: 'Controls',
      description: 'The organization’s common controls: status, owner, evidence.',
      mimeType: 'application/json',
    },
  ];
}
