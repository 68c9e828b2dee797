import { Building2, CreditCard, Database, FileLock2 } from 'lucide-react';
import type { MetaArgs } from 'react-router';
import { type AdminTab, AdminScreen } from '../../features/access/components/admin-screen.tsx';
import { SubscriptionsPanel } from '../../features/billing/components/subscriptions-panel.tsx';
import { DsarRequestsPanel } from '../../features/dsar/components/dsar-requests-panel.tsx';
import { OrganizationsPanel } from '../../features/organizations/components/organizations-panel.tsx';
import { useCan } from '../../features/auth/access.ts';
import { SampleDataNeedsFlag } from '../../features/sample-data/components/sample-data-needs-flag.tsx';
import { SampleDataPanel } from '../../features/sample-data/components/sample-data-panel.tsx';
import { ENDPOINT_ACCESS } from '../../../shared/permissions.ts';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

const BACK_OFFICE_TABS: AdminTab[] = [
  { value: 'organizations', label: 'Organizations', icon: <Building2 aria-hidden />, content: <OrganizationsPanel /> },
  { value: 'subscriptions', label: 'Subscriptions', icon: <CreditCard aria-hidden />, content: <SubscriptionsPanel /> },
  { value: 'privacy', label: 'Privacy requests', icon: <FileLock2 aria-hidden />, content: <DsarRequestsPanel /> },
];

/**
 * The Admin Sample Data Manager (docs/sample-data.md): every administrator sees the tab; loading takes
 * is_data_ai_admin as well, and without it the tab says so instead of being missing without a reason.
 */
function sampleDataTab(canManage: boolean): AdminTab {
  return {
    value: 'sample-data',
    label: 'Sample data',
    icon: <Database aria-hidden />,
    content: canManage ? <SampleDataPanel /> : <SampleDataNeedsFlag />,
  };
}

/** Guarded adminOnly by the workspace layout (PAGE_ACCESS); the API checks again on every call. */
export default function AdminRoute() {
  const canManageSampleData = useCan(ENDPOINT_ACCESS.manageSampleData);
  return <AdminScreen moreTabs={[...BACK_OFFICE_TABS, sampleDataTab(canManageSampleData)]} />;
}
