import { AGENT_STATUSES, type AgentStatus, agentStatusLabel } from '../../../../shared/schemas/agent-runs.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const TONE: Record<AgentStatus, 'green' | 'info' | 'yellow'> = { active: 'green', standby: 'info', maintenance: 'yellow' };

export function isAgentStatus(status: string): status is AgentStatus {
  return (AGENT_STATUSES as readonly string[]).includes(status);
}

/** product.md §4: active, standby, maintenance; anything else reads Unknown. */
export function AgentStatusBadge({ status }: { status: string }) {
  return <Badge tone={isAgentStatus(status) ? TONE[status] : 'neutral'}>{agentStatusLabel(status)}</Badge>;
}
