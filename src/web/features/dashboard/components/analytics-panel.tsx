import type { PlanCounts } from '../../../../shared/rules/plan-counts.ts';
import { Progress } from '../../../components/ui/progress.tsx';
import { StatCard } from './stat-card.tsx';

export interface WorkspaceFigures {
  /** Plans by status; null when the user's role does not read plans. */
  plans: PlanCounts | null;
  steps: number;
  /** null when the user's role does not read workflows. */
  workflows: number | null;
}

/** What a role does not see, said once, plainly (not as an error). */
export function NotInRoleNote({ what }: { what: string[] }) {
  if (what.length === 0) return null;
  return (
    <p className="rounded-lg border border-border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="figures-not-in-role">
      Your role does not include {what.join(' or ')}, so {what.length === 1 ? 'it is' : 'they are'} not counted here.
    </p>
  );
}

export function hiddenFigures(figures: WorkspaceFigures): string[] {
  return [...(figures.plans ? [] : ['plans']), ...(figures.workflows === null ? ['workflows'] : [])];
}

function planHint(plans: PlanCounts): string {
  const parts = [`${plans.draft} draft`];
  if (plans.changesRequested > 0) parts.push(`${plans.changesRequested} sent back`);
  return parts.join(' · ');
}

/**
 * Figures from the user's own data; nothing invented while there is nothing to count. Whether the tab
 * has nothing at all to measure is decided with the delivered work the tab's charts draw
 * (`hasDeliveredWork`, from the same task summary): "Nothing to measure" never sits above charts of
 * delivered and in-review requests. null while that is still loading.
 */
export function AnalyticsPanel({ figures, hasDeliveredWork }: { figures: WorkspaceFigures | null; hasDeliveredWork: boolean | null }) {
  if (!figures || hasDeliveredWork === null) return <p className="text-sm text-muted-foreground">Loading your figures…</p>;
  const { plans } = figures;
  const share = !plans || plans.total === 0 ? 0 : Math.round((plans.submitted / plans.total) * 100);
  const hasNoAdvisorFigures = (plans?.total ?? 0) === 0 && (figures.workflows ?? 0) === 0;
  return (
    <section aria-labelledby="analytics-heading" className="space-y-4">
      <h2 id="analytics-heading" className="text-xl font-semibold">
        Analytics
      </h2>
      <NotInRoleNote what={hiddenFigures(figures)} />
      {hasNoAdvisorFigures && hasDeliveredWork ? (
        <p className="text-sm text-muted-foreground" data-testid="no-advisor-figures">
          No plans or workflows from the advisor yet: they are counted here once you keep a plan or generate a workflow. Your task requests
          are measured below.
        </p>
      ) : hasNoAdvisorFigures ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
          Nothing to measure yet. Figures appear here once you send us a task request, keep a plan or generate a workflow from the advisor.
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {plans ? (
              <>
                <StatCard label="Plans" value={plans.total} hint={planHint(plans)} />
                <StatCard
                  label="Submitted plans"
                  value={plans.submitted}
                  hint={`${plans.approved} approved · ${plans.awaitingReview} awaiting review`}
                />
                <StatCard label="Plan steps" value={figures.steps} />
              </>
            ) : null}
            {figures.workflows === null ? null : <StatCard label="Workflows" value={figures.workflows} />}
          </div>
          {plans && plans.total > 0 ? (
            <div className="rounded-lg border border-border p-4">
              <p id="submitted-share" className="text-sm font-medium">
                {share}% of your plans are submitted
              </p>
              <Progress value={share} aria-labelledby="submitted-share" className="mt-2" />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
