import type { MetaArgs } from 'react-router';
import { AdminScreen } from '../../features/access/components/admin-screen.tsx';
import { OrganizationsPanel } from '../../features/organizations/components/organizations-panel.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** Guarded adminOnly by the workspace layout (PAGE_ACCESS); the API checks again on every call. */
export default function AdminRoute() {
  return <AdminScreen organizationsPanel={<OrganizationsPanel />} />;
}
