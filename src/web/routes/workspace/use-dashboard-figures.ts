import { countPlans } from '../../../shared/rules/plan-counts.ts';
import { usePlanReadAccess, usePlans } from '../../features/assistant-plans/api/list-plans.ts';
import type { WorkspaceFigures } from '../../features/dashboard/components/analytics-panel.tsx';
import { useWorkflowReadAccess, useWorkflows } from '../../features/workflows/api/list-workflows.ts';

/**
 * The dashboard's figures from the user's own plans and workflows, or null while they load. A figure
 * the user's role does not read is null in the result and never requested.
 */
export function useDashboardFigures(): WorkspaceFigures | null {
  const planAccess = usePlanReadAccess();
  const workflowAccess = useWorkflowReadAccess();
  const plans = usePlans();
  const workflows = useWorkflows();
  if (planAccess === 'loading' || workflowAccess === 'loading') return null;
  if (planAccess === 'allowed' && !plans.data) return null;
  if (workflowAccess === 'allowed' && !workflows.data) return null;
  return {
    plans: plans.data ? countPlans(plans.data.plans) : null,
    steps: plans.data ? plans.data.plans.reduce((sum, plan) => sum + plan.step_count, 0) : 0,
    workflows: workflows.data ? workflows.data.workflows.length : null,
  };
}
