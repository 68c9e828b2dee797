import {
  Award,
  Bot,
  ClipboardCheck,
  ClipboardList,
  FileSearch,
  LayoutDashboard,
  ListChecks,
  Settings,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { pageAccessRequirement } from '../../shared/page-access.ts';
import { WORKSPACE_PATHS } from '../../shared/workspace-links.ts';
import { useAccessPredicate } from '../features/auth/access.ts';
import { DemoModeToggle } from '../features/demo-mode/components/demo-mode-toggle.tsx';
import { cn } from '../lib/cn.ts';

const workspaceLinks = [
  { to: WORKSPACE_PATHS.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { to: WORKSPACE_PATHS.taskRequests, label: 'Task requests', icon: ClipboardList },
  { to: WORKSPACE_PATHS.programExecution, label: 'Program execution', icon: ListChecks },
  { to: WORKSPACE_PATHS.trustCenter, label: 'Trust center', icon: ShieldCheck },
  // Auditors and the staff who run audits (the page needs the auditor rank): their engagements (docs/audit.md).
  { to: WORKSPACE_PATHS.auditorPortal, label: 'Auditor portal', icon: FileSearch },
  { to: WORKSPACE_PATHS.reviews, label: 'Review queue', icon: ClipboardCheck },
  { to: WORKSPACE_PATHS.qualityScores, label: 'Quality scores', icon: Award },
  { to: WORKSPACE_PATHS.agents, label: 'Agents', icon: Bot },
  { to: WORKSPACE_PATHS.profile, label: 'Profile', icon: UserRound },
  { to: WORKSPACE_PATHS.admin, label: 'Administration', icon: Settings },
] as const;

/** The workspace's navigation: each page the user's role may open (the same requirement the route guard checks). */
export function WorkspaceNav() {
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
