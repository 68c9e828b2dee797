import type { FastifyInstance } from 'fastify';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, type GetPromptResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import { MCP_PROMPTS, prepareAuditArgumentsSchema, whatChangedArgumentsSchema } from '../../../shared/schemas/mcp.ts';
import { type McpCaller, callApi } from './mcp-caller.ts';

/**
 * The MCP prompts (docs/mcp.md): each gathers the organization's data through the API's own reads, with
 * the caller's credentials, into the prompt's text, and asks the assistant for one piece of work on it.
 * Read-only. An area the caller may not read says so in its section instead of failing the prompt.
 */

type Row = Record<string, unknown>;
const SECTION_LIMIT = 40;

interface Section {
  title: string;
  lines: string[];
}

/** One read for a prompt: its JSON, or the API's refusal as a sentence. */
async function gather(
  app: FastifyInstance,
  caller: McpCaller,
  path: string,
  query: Record<string, unknown>,
): Promise<{ body: Row } | { refused: string }> {
  const answer = await callApi(app, caller, { method: 'GET', path, query });
  if (answer.status === 200 && answer.json && typeof answer.json === 'object') return { body: answer.json as Row };
  const error = (answer.json as { error?: { code?: string; message?: string } } | undefined)?.error;
  // Another organization (or none) is not found, exactly as the API says; the prompt cannot go on.
  if (answer.status === 404 || answer.status === 400)
    throw new McpError(ErrorCode.InvalidParams, error?.message ?? `The API answered ${answer.status}.`, {
      status: answer.status,
      code: error?.code,
    });
  return { refused: `Not available to this connection (${answer.status} ${error?.code ?? ''}): ${error?.message ?? ''}`.trim() };
}

const rowsOf = (body: Row, key: string): Row[] => (Array.isArray(body[key]) ? (body[key] as Row[]) : []);

/** A value as the prompt shows it: an owner by name, a list joined, anything else as JSON. */
function cellText(value: unknown): string {
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object' && value !== null)
    return typeof (value as Row).name === 'string' ? String((value as Row).name) : JSON.stringify(value);
  return String(value);
}

function line(row: Row, fields: readonly string[]): string {
  const parts = fields
    .filter((field) => row[field] !== null && row[field] !== undefined && row[field] !== '')
    .map((field) => `${field}: ${cellText(row[field])}`);
  return `- ${parts.join(' · ')}`;
}

function listSection(
  title: string,
  result: { body: Row } | { refused: string },
  key: string,
  fields: readonly string[],
  keep: (row: Row) => boolean = () => true,
): Section {
  if ('refused' in result) return { title, lines: [result.refused] };
  const rows = rowsOf(result.body, key).filter(keep);
  const lines = rows.slice(0, SECTION_LIMIT).map((row) => line(row, fields));
  if (rows.length > SECTION_LIMIT) lines.push(`- … and ${rows.length - SECTION_LIMIT} more`);
  return { title, lines: lines.length ? lines : ['- None.'] };
}

const render = (sections: readonly Section[]) => sections.map((section) => `## ${section.title}\n${section.lines.join('\n')}`).join('\n\n');

function promptResult(description: string, text: string): GetPromptResult {
  return { description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}

async function prepareAudit(
  app: FastifyInstance,
  caller: McpCaller,
  args: { organizationId?: string; frameworkId?: string },
): Promise<GetPromptResult> {
  const frameworkId = args.frameworkId ?? 'soc2';
  const org = { organizationId: args.organizationId };
  const [framework, controls, expiring, stale, risks, vendors, policies] = await Promise.all([
    gather(app, caller, `/api/v1/frameworks/${encodeURIComponent(frameworkId)}`, org),
    gather(app, caller, '/api/v1/controls', { ...org, frameworkId }),
    gather(app, caller, '/api/v1/evidence', { ...org, state: 'expiring' }),
    gather(app, caller, '/api/v1/evidence', { ...org, state: 'stale' }),
    gather(app, caller, '/api/v1/risks', { ...org, status: 'open' }),
    gather(app, caller, '/api/v1/vendors', org),
    gather(app, caller, '/api/v1/policies', org),
  ]);
  const overview: Section =
    'refused' in framework
      ? { title: 'Framework', lines: [framework.refused] }
      : {
          title: `Framework: ${String(framework.body.fullName ?? framework.body.name ?? frameworkId)}`,
          lines: [
            `- Activation: ${framework.body.activation ? JSON.stringify(framework.body.activation) : 'not activated for this organization'}`,
            `- Readiness: ${framework.body.readiness ? JSON.stringify(framework.body.readiness) : 'not computed (framework not active)'}`,
          ],
        };
  const sections = [
    overview,
    listSection(
      'Requirements not met or partly met',
      framework,
      'requirements',
      ['ref', 'title', 'status', 'reason'],
      (row) => row.status === 'not_met' || row.status === 'partial',
    ),
    listSection(
      'Controls not implemented: not started, in progress, stale or failing',
      controls,
      'controls',
      ['id', 'title', 'status', 'owner', 'evidenceCount', 'freshEvidenceCount', 'nextExpiry'],
      (row) => row.applicable !== false && row.status !== 'implemented',
    ),
    listSection('Evidence expiring soon', expiring, 'evidence', ['title', 'expiresAt', 'controlIds']),
    listSection('Evidence out of date', stale, 'evidence', ['title', 'expiresAt', 'controlIds']),
    listSection('Open risks', risks, 'risks', ['ref', 'title', 'residualScore', 'treatment', 'owner', 'controlIds']),
    listSection(
      'Vendors due for review',
      vendors,
      'vendors',
      ['ref', 'name', 'tier', 'nextReviewOn', 'residualRisk'],
      (row) => row.reviewDue === true,
    ),
    listSection(
      'Policies due for review',
      policies,
      'policies',
      ['ref', 'title', 'reviewDate', 'ownerName'],
      (row) => row.isReviewDue === true,
    ),
  ];
  const text = [
    `Help me prepare for our ${frameworkId === 'soc2' ? 'SOC 2' : frameworkId} audit. Below is the current state of our compliance programme in ComplianceCore (read ${new Date().toISOString().slice(0, 10)}).`,
    'Using only this data (and the ComplianceCore tools and resources when you need more), give me:',
    '1. A short readiness summary an auditor would agree with.',
    '2. The gaps to close first, ordered by how much they matter to the audit, each naming the requirement refs and control ids.',
    '3. The evidence to collect or refresh before the audit period, and who owns it.',
    '4. The risks, vendors and policies an auditor is likely to ask about, and what to have ready.',
    '5. A week-by-week plan to the target date.',
    'Say plainly where the data is missing rather than guessing.',
    '',
    render(sections),
  ].join('\n');
  return promptResult(`Preparing for the ${frameworkId} audit, from the organization’s own data`, text);
}

async function whatChanged(
  app: FastifyInstance,
  caller: McpCaller,
  args: { organizationId?: string; days?: number },
): Promise<GetPromptResult> {
  const days = args.days ?? 7;
  const since = new Date(Date.now() - days * 86_400_000);
  const org = { organizationId: args.organizationId };
  const [controls, evidence, risks, vendors, policies, people, tasks] = await Promise.all([
    gather(app, caller, '/api/v1/controls', org),
    gather(app, caller, '/api/v1/evidence', org),
    gather(app, caller, '/api/v1/risks', org),
    gather(app, caller, '/api/v1/vendors', org),
    gather(app, caller, '/api/v1/policies', org),
    gather(app, caller, '/api/v1/people', org),
    gather(app, caller, '/api/v1/task-requests', {}),
  ]);
  const changed = (row: Row) => [row.updatedAt, row.createdAt].some((value) => typeof value === 'string' && new Date(value) >= since);
  const sections = [
    listSection('Controls changed', controls, 'controls', ['id', 'title', 'status', 'owner', 'updatedAt'], changed),
    listSection('Evidence added', evidence, 'evidence', ['title', 'state', 'controlIds', 'createdAt'], changed),
    listSection('Risks added or changed', risks, 'risks', ['ref', 'title', 'status', 'residualScore', 'treatment', 'updatedAt'], changed),
    listSection('Vendors added or changed', vendors, 'vendors', ['ref', 'name', 'status', 'tier', 'updatedAt'], changed),
    listSection('Policies changed', policies, 'policies', ['ref', 'title', 'currentVersion', 'updatedAt'], changed),
    listSection('People joined, changed or left', people, 'people', ['name', 'department', 'status', 'updatedAt'], changed),
    listSection('Task requests opened or moved', tasks, 'requests', ['title', 'status', 'priority', 'updatedAt'], changed),
  ];
  const text = [
    `What changed in our compliance programme in the last ${days} days (since ${since.toISOString().slice(0, 10)})? Below is what ComplianceCore holds that was added or changed in that time.`,
    'Summarise it for a weekly update: what moved forward, what slipped or needs attention, and what to do next. Name control ids, risk and vendor refs. Say where an area was not available to this connection.',
    '',
    render(sections),
  ].join('\n');
  return promptResult(`The last ${days} days in the compliance programme`, text);
}

export function registerPrompts(server: McpServer, app: FastifyInstance, caller: McpCaller): void {
  server.registerPrompt(
    MCP_PROMPTS.prepareAudit,
    {
      title: 'Prepare for my SOC 2 audit',
      description: 'Gathers readiness, gaps, controls, evidence, risks, vendors and policies into a plan request for the audit.',
      argsSchema: prepareAuditArgumentsSchema.shape,
    },
    (args) => prepareAudit(app, caller, args),
  );
  server.registerPrompt(
    MCP_PROMPTS.whatChanged,
    {
      title: 'What changed since last week',
      description: 'Gathers the controls, evidence, risks, vendors, policies, people and task requests added or changed recently.',
      argsSchema: whatChangedArgumentsSchema.shape,
    },
    (args) => whatChanged(app, caller, args),
  );
}
