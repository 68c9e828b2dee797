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

/** An agent run: one job's attempt at drafting a request. `dead`: out of retries, staff alerted. */
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'dead', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** How many attempts a run gets before it is dead-lettered. */
export const AGENT_RUN_MAX_ATTEMPTS = 3;

/** What a client reads when an agent could not finish a draft (task_requests.failure_message). */
export const AGENT_RUN_FAILED_MESSAGE =
  'Our agent could not finish this draft after several attempts. A member of our review team has been alerted and will take it from here; you do not need to do anything. This page will show the draft as soon as it is ready.';
