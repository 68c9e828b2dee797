import { Outlet, useLocation } from 'react-router';
import { pageAccessRequirement } from '../../../shared/page-access.ts';
import { ErrorBoundary as PageBoundary, PageErrorFallback } from '../../components/errors/error-fallbacks.tsx';
import { SiteHeader } from '../../layout/site-header.tsx';
import { WorkspaceNav } from '../../layout/workspace-nav.tsx';
import { DemoBanner } from '../../features/demo-mode/components/demo-banner.tsx';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { RouteGuard } from '../../features/auth/route-guard.tsx';
import { useAuth } from '../../features/auth/auth.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { SampleOrganizationMark } from '../../features/sample-data/components/sample-badge.tsx';
import { useMyOrganizations } from '../../features/auth/my-organizations.ts';

/** "Sample organization" in the header while the signed-in user's organizations are the sample's (docs/sample-data.md). */
function SampleMark() {
  const mine = useMyOrganizations();
  return mine.data?.tenant === 'member' ? <SampleOrganizationMark organizations={mine.data.organizations} /> : null;
}

/** The signed-in workspace's shell; every workspace page fetches with TanStack Query (lib/query-client.ts). */
export default function WorkspaceLayout() {
  return (
    <QueryProvider>
      <WorkspaceShell />
    </QueryProvider>
  );
}

function WorkspaceShell() {
  const { pathname } = useLocation();
  const { user, needsMfa } = useAuth();
  return (
    <>
      <SiteHeader
        actions={
          <>
            {user && !needsMfa ? <SampleMark /> : null}
            <NotificationBell enabled={Boolean(user) && !needsMfa} />
          </>
        }
      />
      <div className="flex min-h-screen flex-col pt-16 lg:flex-row">
        <WorkspaceNav />
        {/*
          The window scrolls, not <main>; <main> keeps the room for the advisor's launcher and the cookie
          banner below its content (app.css: --floating-space-bottom), so the navigation's rule runs beside it.
        */}
        <main
          id="main"
          data-keeps-floating-room=""
          className="min-w-0 flex-1 px-4 pt-8 pb-[calc(3rem+var(--floating-space-bottom))] sm:px-6 lg:px-10"
        >
          <DemoBanner />
          <PageBoundary level="page" key={pathname}>
            <RouteGuard requirement={pageAccessRequirement(pathname)}>
              <Outlet />
            </RouteGuard>
          </PageBoundary>
        </main>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="pt-16">
        <PageErrorFallback onRetry={() => window.location.reload()} />
      </main>
    </>
  );
}
