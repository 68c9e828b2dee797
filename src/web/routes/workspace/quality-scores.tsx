import type { MetaArgs } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-fallbacks.tsx';
import { QualityScoresView } from '../../features/reviews/components/quality-scores-view.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** /quality-scores: the reviewers' scores of every deliverable in the caller's organizations. */
export default function QualityScoresRoute() {
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Quality scores</h1>
        <p className="mt-3 text-muted-foreground">Every deliverable is scored by the person who reviewed it, before it reaches you.</p>
      </div>
      <ErrorBoundary level="component">
        <QualityScoresView />
      </ErrorBoundary>
    </div>
  );
}
