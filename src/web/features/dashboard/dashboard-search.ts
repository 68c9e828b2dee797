import { z } from 'zod';
import { DASHBOARD_TABS, type DashboardTab } from '../../../shared/workspace-links.ts';

/** The dashboard's URL state (product.md §2 dashboard query parameters), parsed once with zod. */

export const TAB_LABELS: Record<DashboardTab, string> = {
  tasks: 'Overview',
  compliance: 'Compliance',
  vendors: 'Vendors',
  policies: 'Policies',
  frameworks: 'Frameworks',
  analytics: 'Analytics',
  workflows: 'Workflows',
  questionnaires: 'Questionnaires',
  support: 'Support',
  integrations: 'Integrations',
};

export const dashboardSearchSchema = z.object({
  tab: z.enum(DASHBOARD_TABS).catch('tasks'),
  view: z.enum(['requests', 'builder']).optional().catch(undefined),
  template: z.uuid().optional().catch(undefined),
  /** The organization's workflow the builder opens (`view=builder&workflow=<id>`, docs/workflow-runs.md). */
  workflow: z.uuid().optional().catch(undefined),
  plan: z.uuid().optional().catch(undefined),
  section: z.enum(['deliverables']).optional().catch(undefined),
  demo: z.literal('true').optional().catch(undefined),
});
export type DashboardSearch = z.infer<typeof dashboardSearchSchema>;

/**
 * What the Overview tab opens (product.md §2 dashboard query parameters): one plan (`plan=<id>`, where
 * 'Use plan' lands), the requests view (`view=requests`), the deliverables section
 * (`section=deliverables`), or the overview itself. An unknown value was already dropped by the schema.
 */
export type OverviewView = { kind: 'plan'; planId: string } | { kind: 'requests' } | { kind: 'deliverables' } | { kind: 'overview' };

export function overviewView(search: DashboardSearch): OverviewView {
  if (search.plan) return { kind: 'plan', planId: search.plan };
  if (search.view === 'requests') return { kind: 'requests' };
  if (search.section === 'deliverables') return { kind: 'deliverables' };
  return { kind: 'overview' };
}

export function parseDashboardSearch(params: URLSearchParams): DashboardSearch {
  const read = (name: string) => params.get(name) ?? undefined;
  return dashboardSearchSchema.parse({
    tab: read('tab') ?? 'tasks',
    view: read('view'),
    template: read('template'),
    workflow: read('workflow'),
    plan: read('plan'),
    section: read('section'),
    demo: read('demo'),
  });
}
