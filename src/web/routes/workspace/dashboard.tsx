import { Suspense, lazy } from 'react';
import { type MetaArgs, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { openAdvisor } from '../../features/advisor/open-advisor.ts';
import { DashboardTabs } from '../../features/dashboard/components/dashboard-tabs.tsx';
import { SupportPanel } from '../../features/dashboard/components/support-panel.tsx';
import { overviewView, parseDashboardSearch } from '../../features/dashboard/dashboard-search.ts';
import { useDemoView } from '../../features/demo-mode/use-demo-view.ts';
import { SupportRequestsSection } from '../../features/support/components/support-requests-section.tsx';
import { WorkflowList } from '../../features/workflows/components/workflow-list.tsx';
import { WorkflowManager } from '../../features/workflow-runs/components/workflow-manager.tsx';
import { ProgrammeOrganizationGate, ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { AnalyticsTab } from './dashboard-analytics.tsx';
import { ComplianceTab } from './dashboard-compliance.tsx';
import { VendorsTab } from './dashboard-vendors.tsx';
import { PoliciesTab } from './dashboard-policies.tsx';
import { IntegrationsTab } from './dashboard-integrations.tsx';
import { QuestionnairesTab } from './dashboard-questionnaires.tsx';
import { FrameworksPanel } from './dashboard-frameworks.tsx';
import { OverviewPanel } from './dashboard-overview.tsx';
import { useDashboardFigures } from './use-dashboard-figures.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

// React Flow is loaded only when the builder is opened.
const WorkflowBuilder = lazy(() => import('../../features/workflows/components/workflow-builder.tsx'));
const OrganizationWorkflowBuilder = lazy(() => import('../../features/workflow-runs/components/organization-workflow-builder.tsx'));

/**
 * /dashboard-compliancecore: tabs from `?tab=`; the Overview tab opens `plan=<id>`, `view=requests` and
 * `section=deliverables`; the workflows tab opens the builder on `view=builder&template=<id>` (a generated
 * workflow) or `view=builder&workflow=<id>` (an organization's workflow).
 */
export default function DashboardRoute() {
  const [params] = useSearchParams();
  const search = parseDashboardSearch(params);
  const { isShowingDemo } = useDemoView();
  const figures = useDashboardFigures();
  const builder =
    search.view === 'builder' && search.workflow ? (
      <Suspense fallback={<Spinner label="Loading the Workflow Builder" />}>
        <OrganizationWorkflowBuilder key={search.workflow} workflowId={search.workflow} />
      </Suspense>
    ) : search.view === 'builder' && search.template ? (
      <Suspense fallback={<Spinner label="Loading the Workflow Builder" />}>
        <WorkflowBuilder key={search.template} templateId={search.template} />
      </Suspense>
    ) : null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-2 text-muted-foreground">Your compliance programme: plans, workflows, frameworks and help.</p>
      </div>
      <DashboardTabs
        tab={search.tab}
        panels={{
          tasks: <OverviewPanel view={overviewView(search)} isShowingDemo={isShowingDemo} />,
          compliance: <ComplianceTab />,
          vendors: <VendorsTab />,
          policies: <PoliciesTab />,
          frameworks: <FrameworksPanel onAsk={openAdvisor} />,
          analytics: <AnalyticsTab figures={figures} />,
          workflows: builder ?? (
            <section aria-labelledby="workflows-heading" className="space-y-3">
              <h2 id="workflows-heading" className="text-xl font-semibold">
                Workflows
              </h2>
              <WorkflowsManagerSection />
              <h3 className="pt-4 text-lg font-semibold">Your generated workflows</h3>
              <WorkflowList onAskAdvisor={() => openAdvisor('Workflows')} />
            </section>
          ),
          questionnaires: <QuestionnairesTab />,
          support: <SupportPanel onAsk={() => openAdvisor('Support')} requests={<SupportRequestsSection />} />,
          integrations: <IntegrationsTab />,
        }}
      />
    </div>
  );
}

/** The Unified Workflow Manager for the organization chosen (a client's own; staff pick one). */
function WorkflowsManagerSection() {
  const programme = useProgrammeOrganization();
  return (
    <div className="space-y-4">
      <ProgrammeOrganizationPicker picker={programme.picker} />
      <ProgrammeOrganizationGate programme={programme}>
        <WorkflowManager organizationId={programme.organizationId} />
      </ProgrammeOrganizationGate>
    </div>
  );
}
