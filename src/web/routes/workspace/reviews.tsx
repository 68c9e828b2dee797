import { type MetaArgs, useSearchParams } from 'react-router';
import { reviewsSearchSchema } from '../../../shared/schemas/reviews.ts';
import { ErrorBoundary } from '../../components/errors/error-fallbacks.tsx';
import { OutputReviewScreen } from '../../features/reviews/components/output-review-screen.tsx';
import { ReviewQueueList } from '../../features/reviews/components/review-queue-list.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** /reviews (staff holding outputs:review): the queue of AI outputs awaiting review, or one of them (`?output=<id>`). */
export default function ReviewsRoute() {
  const [params] = useSearchParams();
  const { output } = reviewsSearchSchema.parse({ output: params.get('output') ?? undefined });
  if (output) return <OutputReviewScreen key={output} outputId={output} />;
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Review queue</h1>
        <p className="mt-3 text-muted-foreground">
          Drafts the agents finished for your clients. Nothing reaches a client until a reviewer checks it and an approver signs it off.
        </p>
      </div>
      <ErrorBoundary level="component">
        <ReviewQueueList />
      </ErrorBoundary>
    </div>
  );
}
