import { Progress } from '../../../components/ui/progress.tsx';
import { StatCard } from './stat-card.tsx';

export interface WorkspaceFigures {
  plans: number;
  submittedPlans: number;
  steps: number;
  workflows: number;
}

/** Figures from the user's own data; nothing invented while there is nothing to count. */
export function AnalyticsPanel({ figures }: { figures: WorkspaceFigures | null }) {
  if (!figures) return <p className="text-sm text-muted-foreground">Loading your figures…</p>;
  const share = figures.plans === 0 ? 0 : Math.round((figures.submittedPlans / figures.plans) * 100);
  return (
    <section aria-labelledby="analytics-heading" className="space-y-4">
      <h2 id="analytics-heading" className="text-xl font-semibold">
        Analytics
      </h2>
      {figures.plans === 0 && figures.workflows === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
          Nothing to measure yet. Figures appear here once you keep a plan or generate a workflow from the advisor.
        </p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Plans" value={figures.plans} hint={`${figures.plans - figures.submittedPlans} draft`} />
            <StatCard label="Submitted plans" value={figures.submittedPlans} />
            <StatCard label="Plan steps" value={figures.steps} />
            <StatCard label="Workflows" value={figures.workflows} />
          </div>
          <div className="rounded-lg border border-border p-4">
            <p id="submitted-share" className="text-sm font-medium">
              {share}% of your plans are submitted
            </p>
            <Progress value={share} aria-labelledby="submitted-share" className="mt-2" />
          </div>
        </>
      )}
    </section>
  );
}
