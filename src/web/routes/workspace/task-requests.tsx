import { type MetaArgs, useSearchParams } from 'react-router';
import { ENDPOINT_ACCESS } from '../../../shared/permissions.ts';
import { ErrorBoundary } from '../../components/errors/error-fallbacks.tsx';
import { taskRequestsSearchSchema } from '../../../shared/schemas/assistant-plans.ts';
import { openAdvisor } from '../../features/advisor/open-advisor.ts';
import { PlanDetail } from '../../features/assistant-plans/components/plan-detail.tsx';
import { PlanList } from '../../features/assistant-plans/components/plan-list.tsx';
import { ReviewDetail } from '../../features/assistant-plans/components/review-detail.tsx';
import { ReviewQueue } from '../../features/assistant-plans/components/review-queue.tsx';
import { useAccessDecision } from '../../features/auth/access.ts';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/**
 * /task-requests: one plan (`?plan=<id>`, where 'Use plan' lands), a submitted plan under review
 * (`?review=<id>`, staff), or the user's plans — and, for staff who review, the queue.
 */
export default function TaskRequestsRoute() {
  const [params] = useSearchParams();
  const { plan, review } = taskRequestsSearchSchema.parse({
    plan: params.get('plan') ?? undefined,
    review: params.get('review') ?? undefined,
  });
  const isReviewer = useAccessDecision(ENDPOINT_ACCESS.readReviews).state === 'allowed';
  if (plan) return <PlanDetail key={plan} planId={plan} />;
  if (review) return <ReviewDetail key={review} planId={review} />;
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Task requests</h1>
        <p className="mt-3 text-muted-foreground">
          Plans you kept from the compliance advisor. Edit their steps, put them in order, and submit them to our team.
        </p>
      </div>
      {isReviewer ? (
        <section aria-labelledby="review-queue-heading" className="space-y-3">
          <h2 id="review-queue-heading" className="text-xl font-semibold">
            Awaiting review
          </h2>
          <ErrorBoundary level="component">
            <ReviewQueue />
          </ErrorBoundary>
        </section>
      ) : null}
      <section aria-labelledby="plans-heading" className="space-y-3">
        <h2 id="plans-heading" className="text-xl font-semibold">
          Your plans
        </h2>
        <ErrorBoundary level="component">
          <PlanList headingLevel={3} onAskAdvisor={() => openAdvisor('Task requests')} />
        </ErrorBoundary>
      </section>
    </div>
  );
}
