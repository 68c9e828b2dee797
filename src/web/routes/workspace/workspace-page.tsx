import { type MetaArgs, useLocation } from 'react-router';
import { findPageRoute } from '../../../shared/routes.ts';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

const introductions: Record<string, string> = {
  '/dashboard-compliancecore':
    'Your compliance programme at a glance: open task requests, work awaiting your review, framework progress and what our agents are doing now.',
  '/profile': 'Your account details, password, two-factor authentication and linked sign-in methods.',
  '/admin': 'Manage users, roles and permissions, subscriptions and the content your clients see.',
  '/task-requests': 'Request new work, follow each task from triage to delivery, and turn advisor plans into tasks.',
  '/program-execution': 'Track your programme plan: milestones, controls in progress and evidence still to collect.',
};

/** A workspace page's opening, until its capability gets a module of its own (see routes.ts). */
export default function WorkspacePage() {
  const { pathname } = useLocation();
  const route = findPageRoute(pathname);
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">{route?.title}</h1>
      <p className="mt-3 text-muted-foreground">{introductions[pathname]}</p>
    </div>
  );
}
