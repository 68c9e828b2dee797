import { type Role, primaryRole } from './permissions.ts';

/**
 * The one builder of links into the workspace (docs/architecture.md, "Workspace links"). The web app
 * renders them and the server stores them (notification links, e-mails, calendar items, next actions,
 * search hits), so a page that moves is changed here once, and `workspace-links.test.ts` proves that
 * every link built here, and every workspace path written in the code, is a page of src/web/routes.ts.
 */

/** The workspace's pages (the signed-in half of src/shared/routes.ts). */
export const WORKSPACE_PATHS = {
  dashboard: '/dashboard-compliancecore',
  taskRequests: '/task-requests',
  programExecution: '/program-execution',
  auditorPortal: '/auditor-portal',
  reviews: '/reviews',
  qualityScores: '/quality-scores',
  agents: '/agents',
  profile: '/profile',
  admin: '/admin',
  trustCenter: '/trust-center',
} as const;

/** The dashboard's tabs, in the order they are shown (`?tab=`). */
export const DASHBOARD_TABS = [
  'tasks',
  'compliance',
  'vendors',
  'policies',
  'frameworks',
  'analytics',
  'workflows',
  'questionnaires',
  'support',
  'integrations',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The Compliance tab's sections (`section=`; the overview has none). */
export const COMPLIANCE_SECTIONS = ['overview', 'controls', 'evidence', 'risks'] as const;
export type ComplianceSection = (typeof COMPLIANCE_SECTIONS)[number];

type QueryValue = string | number | undefined | null;

function withQuery(path: string, query: Record<string, QueryValue> = {}, fragment?: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${fragment ? `#${encodeURIComponent(fragment)}` : ''}`;
}

/** `org=`: the organization a staff member chose, kept across links (a client's own is implied). */
type Scoped = { organizationId?: string | null };

function dashboard(tab: DashboardTab, query: Record<string, QueryValue> & Scoped = {}, fragment?: string): string {
  const { organizationId, ...rest } = query;
  return withQuery(WORKSPACE_PATHS.dashboard, { tab, ...rest, org: organizationId }, fragment);
}

export const workspaceHref = {
  /** A dashboard tab (Overview is `tasks`). */
  dashboard: (tab: DashboardTab = 'tasks', options: Scoped = {}) => dashboard(tab, options),
  /** The deliverables section of the Overview. */
  deliverables: () => dashboard('tasks', { section: 'deliverables' }),
  /** The Overview's requests view. */
  requestsView: () => dashboard('tasks', { view: 'requests' }),
  /** A section of the Compliance tab, with its filters (`status=`, `state=`, `control=`). */
  compliance: (section: ComplianceSection = 'overview', options: Scoped & Record<string, QueryValue> = {}) =>
    dashboard('compliance', { section: section === 'overview' ? undefined : section, ...options }),
  /** The frameworks catalogue, one framework, its crosswalk from another (`from`), or one requirement (`ref`, the fragment). */
  framework: (frameworkId: string | null, options: Scoped & { from?: string; ref?: string } = {}) =>
    dashboard('frameworks', { framework: frameworkId, from: options.from, organizationId: options.organizationId }, options.ref),
  /** The Workflows tab (the manager and the generated workflows). */
  workflows: (options: Scoped = {}) => dashboard('workflows', options),
  /** The Workflow Builder on an organization's workflow, or on a workflow generated from the advisor. */
  workflowBuilder: (target: { workflowId: string } | { templateId: string }) =>
    dashboard('workflows', {
      view: 'builder',
      ...('workflowId' in target ? { workflow: target.workflowId } : { template: target.templateId }),
    }),
  /** The Support tab, or one request's thread. */
  support: (requestId?: string) => dashboard('support', { request: requestId }),
  integrations: (options: Scoped = {}) => dashboard('integrations', options),
  /** The Vendors tab (the vendor register). */
  vendors: (options: Scoped = {}) => dashboard('vendors', options),
  /** The Policies tab (policy center, attestation campaigns, people), or one campaign. */
  policies: (options: Scoped & { campaign?: string } = {}) => dashboard('policies', options),
  /** The task requests page, one request, or the wizard. */
  taskRequests: () => WORKSPACE_PATHS.taskRequests,
  taskRequest: (requestId: string) => withQuery(WORKSPACE_PATHS.taskRequests, { request: requestId }),
  newTaskRequest: () => withQuery(WORKSPACE_PATHS.taskRequests, { new: 1 }),
  /** A plan kept from the advisor, and a submitted plan in the reviewers' queue. */
  plan: (planId: string) => withQuery(WORKSPACE_PATHS.taskRequests, { plan: planId }),
  planReview: (planId: string) => withQuery(WORKSPACE_PATHS.taskRequests, { review: planId }),
  /** The review queue, or one AI output under review. */
  outputReview: (outputId?: string) => withQuery(WORKSPACE_PATHS.reviews, { output: outputId }),
  /** Administration, on one of its tabs. */
  admin: (tab?: string) => withQuery(WORKSPACE_PATHS.admin, { tab }),
  /** The compliance calendar and Program Analytics. */
  programExecution: () => WORKSPACE_PATHS.programExecution,
  /** The auditor portal: the engagements, or one engagement (and one of its tabs). */
  auditorPortal: (engagementId?: string, tab?: string) => withQuery(WORKSPACE_PATHS.auditorPortal, { engagement: engagementId, tab }),
} as const;

/**
 * Where a user lands after signing in with nowhere else to go: an auditor (whose role shows first,
 * docs/audit.md) on their engagements, everyone else on the dashboard.
 */
export function workspaceHomePath(roles: readonly Role[]): string {
  return primaryRole(roles) === 'auditor' ? workspaceHref.auditorPortal() : WORKSPACE_PATHS.dashboard;
}
