import type { MetaArgs } from 'react-router';
import { AgentDashboard } from '../../features/agent-runs/components/agent-dashboard.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** Guarded by the workspace layout (PAGE_ACCESS: outputs:review); the API checks again on every call. */
export default function AgentsRoute() {
  return <AgentDashboard />;
}
