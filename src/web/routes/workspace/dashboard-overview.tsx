import { Link, Navigate } from 'react-router';
import { openAdvisor } from '../../features/advisor/open-advisor.ts';
import { PlanList } from '../../features/assistant-plans/components/plan-list.tsx';
import type { OverviewView } from '../../features/dashboard/dashboard-search.ts';
import { DeliverablesPanel } from '../../features/deliverables/components/deliverables-panel.tsx';
import { DemoOverview } from '../../features/demo-mode/components/demo-overview.tsx';
import { Deliverables as SampleDeliverables } from '../../features/demos/screens/deliverables.tsx';
import { TaskOverview } from '../../features/task-requests/components/task-overview.tsx';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/** The real task figures, the queue and what changed since the last visit (features/task-requests). */
function TaskRequestsOverview() {
  return (
    <section aria-labelledby="task-overview-heading" className="space-y-3">
      <h2 id="task-overview-heading" className="text-xl font-semibold">
        Your task requests
      </h2>
      <TaskOverview />
    </section>
  );
}

function LatestPlans() {
  return (
    <section aria-labelledby="plans-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="plans-heading" className="text-xl font-semibold">
          Your latest plans
        </h2>
        <Link to="/task-requests" className="text-sm font-medium text-primary hover:underline">
          All task requests
        </Link>
      </div>
      <PlanList limit={5} headingLevel={3} onAskAdvisor={() => openAdvisor('Dashboard overview')} />
    </section>
  );
}

/** `section=deliverables`: the sample company's deliverables in demo mode; otherwise the real ones (docs/dashboard.md). */
function DeliverablesSection({ isShowingDemo }: { isShowingDemo: boolean }) {
  return (
    <section aria-labelledby="deliverables-heading" className="space-y-3" data-testid="deliverables-section">
      <h2 id="deliverables-heading" className="text-xl font-semibold">
        Deliverables
      </h2>
      {isShowingDemo ? <SampleDeliverables /> : <DeliverablesPanel />}
    </section>
  );
}

/**
 * The Overview tab, or what its URL names (product.md §2): a plan and the requests view live on
 * /task-requests, where 'Use plan' lands, so the dashboard sends the user there; the deliverables
 * section opens here.
 */
export function OverviewPanel({ view, isShowingDemo }: { view: OverviewView; isShowingDemo: boolean }) {
  switch (view.kind) {
    case 'plan':
      return <Navigate replace to={workspaceHref.plan(view.planId)} />;
    case 'requests':
      return <Navigate replace to="/task-requests" />;
    case 'deliverables':
      return <DeliverablesSection isShowingDemo={isShowingDemo} />;
    case 'overview':
      return isShowingDemo ? (
        <DemoOverview />
      ) : (
        <div className="space-y-8">
          <TaskRequestsOverview />
          <LatestPlans />
        </div>
      );
  }
}
