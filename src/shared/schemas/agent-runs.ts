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
