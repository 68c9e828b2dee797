import { Award, Bot, ClipboardCheck, ClipboardList, LayoutDashboard, ListChecks, Settings, UserRound } from 'lucide-react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { pageAccessRequirement } from '../../../shared/permissions.ts';
import { ErrorBoundary as PageBoundary, PageErrorFallback } from '../../components/errors/error-fallbacks.tsx';
import { SiteHeader } from '../../layout/site-header.tsx';
import { DemoBanner } from '../../features/demo-mode/components/demo-banner.tsx';
import { DemoModeToggle } from '../../features/demo-mode/components/demo-mode-toggle.tsx';
import { cn } from '../../lib/cn.ts';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { useAccessPredicate } from '../../features/auth/access.ts';
import { RouteGuard } from '../../features/auth/route-guard.tsx';
import { useAuth } from '../../features/auth/auth.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { SampleOrganizationMark } from '../../features/sample-data/components/sample-badge.tsx';
import { useRequestOrganizations } from '../../features/task-requests/api/task-requests-api.ts';

const workspaceLinks = [
  { to: '/dashboard-compliancecore', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/task-requests', label: 'Task requests', icon: ClipboardList },
  { to: '/program-execution', label: 'Program execution', icon: ListChecks },
  { to: '/reviews', label: 'Review queue', icon: ClipboardCheck },
  { to: '/quality-scores', label: 'Quality scores', icon: Award },
  { to: '/agents', label: 'Agents', icon: Bot },
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/admin', label: 'Administration', icon: Settings },
] as const;

function WorkspaceNav() {
  const can = useAccessPredicate();
  return (
    <nav aria-label="Workspace" className="border-b border-border lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-r">
      <ul className="flex gap-1 overflow-x-auto p-2 lg:flex-col lg:p-4">
        {workspaceLinks
          .filter(({ to }) => can(pageAccessRequirement(to)))
          .map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-foreground/80 hover:bg-muted',
                    isActive && 'bg-muted text-foreground',
                  )
                }
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </NavLink>
            </li>
          ))}
      </ul>
      <DemoModeToggle className="border-t border-border px-2 py-1 lg:mx-4 lg:px-0 lg:pt-3" />
    </nav>
  );
}

/** "Sample organization" in the header while the signed-in user's organizations are the sample's (docs/sample-data.md). */
function SampleMark() {
  const mine = useRequestOrganizations();
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
