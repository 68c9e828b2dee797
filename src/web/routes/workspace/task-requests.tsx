import { ArrowLeft } from 'lucide-react';
import { Link, type MetaArgs, useSearchParams } from 'react-router';
import { ENDPOINT_ACCESS } from '../../../shared/permissions.ts';
import { taskRequestsSearchSchema } from '../../../shared/schemas/assistant-plans.ts';
import { taskRequestPageSearchSchema } from '../../../shared/schemas/task-requests.ts';
import { ErrorBoundary } from '../../components/errors/error-fallbacks.tsx';
import { NewTaskRequestLink } from '../../features/task-requests/components/new-task-request-link.tsx';
import { openAdvisor } from '../../features/advisor/open-advisor.ts';
import { PlanDetail } from '../../features/assistant-plans/components/plan-detail.tsx';
import { PlanList } from '../../features/assistant-plans/components/plan-list.tsx';
import { ReviewDetail } from '../../features/assistant-plans/components/review-detail.tsx';
import { ReviewQueue } from '../../features/assistant-plans/components/review-queue.tsx';
import { useAccessDecision } from '../../features/auth/access.ts';
import { useAuth } from '../../features/auth/auth.tsx';
import { TaskRequestList } from '../../features/task-requests/components/task-request-list.tsx';
import { TaskRequestPage } from '../../features/task-requests/components/task-request-page.tsx';
import { TaskRequestWizard } from '../../features/task-requests/components/task-request-wizard.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

function NewTaskRequest() {
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="grid gap-3">
        <Link to="/task-requests" className="flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> All task requests
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">New task request</h1>
        <p className="text-muted-foreground">
          Tell us what you need. An AI agent drafts it and one of our consultants checks it before you receive it.
        </p>
      </div>
      <ErrorBoundary level="component">
        <TaskRequestWizard />
      </ErrorBoundary>
    </div>
  );
}

/**
 * /task-requests: the organization's requests with their live status (`?request=<id>` opens one,
 * `?new=1` the wizard), then the plans kept from the advisor (`?plan=<id>`), and for staff who review,
 * the plan queue (`?review=<id>`).
 */
export default function TaskRequestsRoute() {
  const [params] = useSearchParams();
  const { plan, review } = taskRequestsSearchSchema.parse({
    plan: params.get('plan') ?? undefined,
    review: params.get('review') ?? undefined,
  });
  const page = taskRequestPageSearchSchema.parse({ request: params.get('request') ?? undefined, new: params.get('new') ?? undefined });
  const isReviewer = useAccessDecision(ENDPOINT_ACCESS.readReviews).state === 'allowed';
  const canReadTasks = useAccessDecision(ENDPOINT_ACCESS.readTasks).state === 'allowed';
  const canCreate = useAccessDecision(ENDPOINT_ACCESS.createTasks).state === 'allowed';
  // Staff read the requests of the organizations they serve: the page speaks to them as such, not as the client.
  const isStaff = useAuth().access?.userType === 'staff';
  if (plan) return <PlanDetail key={plan} planId={plan} />;
  if (review) return <ReviewDetail key={review} planId={review} />;
  if (page.request) return <TaskRequestPage key={page.request} requestId={page.request} />;
  if (page.new && canCreate) return <NewTaskRequest />;
  return (
    <div className="max-w-4xl space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Task requests</h1>
          <p className="mt-3 text-muted-foreground">
            {isStaff
              ? 'The work the organizations you serve asked for, where it stands and when it is due. Plans you kept from the compliance advisor follow below.'
              : 'The work you asked for, where it stands and when it is due. Plans you kept from the compliance advisor follow below.'}
          </p>
        </div>
        {canCreate ? <NewTaskRequestLink /> : null}
      </div>
      {canReadTasks ? (
        <section aria-labelledby="requests-heading" className="space-y-3">
          <h2 id="requests-heading" className="text-xl font-semibold">
            {isStaff ? 'Requests from your clients' : 'Your requests'}
          </h2>
          <ErrorBoundary level="component">
            <TaskRequestList canCreate={canCreate} isStaff={isStaff} />
          </ErrorBoundary>
        </section>
      ) : null}
      {isReviewer ? (
        <section aria-labelledby="review-queue-heading" className="space-y-3">
          <h2 id="review-queue-heading" className="text-xl font-semibold">
            Plans awaiting review
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
