import { z } from 'zod';
import { WORK_KINDS } from './task-requests.ts';

/** Agents and their runs (docs/delivery.md). */

/** product.md §4: any other value shows **Unknown**. */
export const AGENT_STATUSES = ['active', 'standby', 'maintenance'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  active: 'Active',
  standby: 'Standby',
  maintenance: 'Maintenance',
};
export function agentStatusLabel(status: string): string {
  return (AGENT_STATUSES as readonly string[]).includes(status) ? AGENT_STATUS_LABELS[status as AgentStatus] : 'Unknown';
}

/** An agent run: one job's attempt at drafting a request. `dead`: out of attempts, a person alerted (run-agent.ts). */
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'dead', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** How many attempts a run gets before it is dead-lettered (attempts the model or provider failed; see below). */
export const AGENT_RUN_MAX_ATTEMPTS = 3;

/**
 * Attempts lost to a crash (the worker died mid-draft: its job expired) spend none of the run's attempts;
 * the queue allows this many of them on top, so a run that kills every worker that takes it still ends.
 */
export const AGENT_RUN_CRASH_RETRIES = 3;

/** What a client reads when an agent could not finish a draft (task_requests.failure_message). */
export const AGENT_RUN_FAILED_MESSAGE =
  'Our agent could not finish this draft after several attempts. A member of our review team has been alerted and will take it from here; you do not need to do anything. This page will show the draft as soon as it is ready.';

/** What a client reads instead when nobody on the team could be alerted (no assigned staff, no administrator). */
export const AGENT_RUN_FAILED_UNALERTED_MESSAGE =
  'Our agent could not finish this draft after several attempts, and we could not alert anyone on our team automatically. Please open a support request so we can take it from here. This page will show the draft as soon as it is ready.';
/**
 * What a client reads for a failed request that carries no words of its own (a row from before the run
 * recorded them): nothing is known of who was alerted, so nothing is promised; the client can reach us.
 */
export const TASK_REQUEST_FAILED_FALLBACK_MESSAGE =
  'Our agent could not finish this request. Our team sees it among the requests that need attention; if you need it sooner, please open a support request.';
/* ---- The Agent Dashboard's API (GET /api/v1/agents…, PATCH /api/v1/agents/:agentId) ---- */

const timestamp = z.iso.datetime({ offset: true });

/** Agent ids are slugs (policy-drafter); anything else is no agent. */
export const agentParamsSchema = z.object({ agentId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Not an agent id') });

/** A run that failed or was dead-lettered, for the dashboard's "recent failures". */
export const agentFailureSchema = z.object({
  runId: z.uuid(),
  taskRequestId: z.uuid(),
  status: z.enum(RUN_STATUSES),
  error: z.string().nullable(),
  at: timestamp,
});
export type AgentFailure = z.infer<typeof agentFailureSchema>;

/**
 * One agent with its statistics (docs/delivery.md "Agents"), counted over the organizations the caller
 * reaches. `status` is the stored text: the screens show Unknown for anything but AGENT_STATUSES.
 */
export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  workKind: z.enum(WORK_KINDS),
  description: z.string(),
  status: z.string(),
  /** Requests of this agent with an approved output. */
  tasksCompleted: z.number().int().nonnegative(),
  /** % of reviewed requests approved without a prior rejection; null before any review. */
  successRate: z.number().min(0).max(100).nullable(),
  /** The title of the request a run is drafting now, or null. */
  currentTask: z.string().nullable(),
  queueDepth: z.number().int().nonnegative(),
  runsLast7Days: z.number().int().nonnegative(),
  recentFailures: z.array(agentFailureSchema),
  updatedAt: timestamp,
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

export const agentListSchema = z.object({ agents: z.array(agentSummarySchema) });
export type AgentList = z.infer<typeof agentListSchema>;

export const agentRunSchema = z.object({
  id: z.uuid(),
  taskRequestId: z.uuid(),
  requestTitle: z.string(),
  status: z.enum(RUN_STATUSES),
  attempts: z.number().int().nonnegative(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  /** From start to finish; null while it has not finished. */
  durationMs: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  createdAt: timestamp,
});
export type AgentRun = z.infer<typeof agentRunSchema>;

export const agentDetailSchema = agentSummarySchema.extend({ runs: z.array(agentRunSchema) });
export type AgentDetail = z.infer<typeof agentDetailSchema>;

export const updateAgentStatusInputSchema = z.object({
  status: z.enum(AGENT_STATUSES, { error: 'Choose active, standby or maintenance' }),
});
export type UpdateAgentStatusInput = z.infer<typeof updateAgentStatusInputSchema>;
