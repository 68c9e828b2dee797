import { Building2, CreditCard, FileLock2 } from 'lucide-react';
import type { MetaArgs } from 'react-router';
import { type AdminTab, AdminScreen } from '../../features/access/components/admin-screen.tsx';
import { SubscriptionsPanel } from '../../features/billing/components/subscriptions-panel.tsx';
import { DsarRequestsPanel } from '../../features/dsar/components/dsar-requests-panel.tsx';
import { OrganizationsPanel } from '../../features/organizations/components/organizations-panel.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

const BACK_OFFICE_TABS: AdminTab[] = [
  { value: 'organizations', label: 'Organizations', icon: <Building2 aria-hidden />, content: <OrganizationsPanel /> },
  { value: 'subscriptions', label: 'Subscriptions', icon: <CreditCard aria-hidden />, content: <SubscriptionsPanel /> },
  { value: 'privacy', label: 'Privacy requests', icon: <FileLock2 aria-hidden />, content: <DsarRequestsPanel /> },
];

/** Guarded adminOnly by the workspace layout (PAGE_ACCESS); the API checks again on every call. */
export default function AdminRoute() {
  return <AdminScreen moreTabs={BACK_OFFICE_TABS} />;
}
