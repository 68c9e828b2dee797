import { CheckCircle2, ClipboardCheck, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { scoreBand } from '../../../../shared/rules/score-bands.ts';
import type { AssessedDocument, QualityScores } from '../../../../shared/schemas/reviews.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useQualityScores } from '../api/reviews.ts';
import { formatDate, formatMonth, formatTrend } from '../review-labels.ts';
import { ScoreBandBadge } from './score-badges.tsx';

const QualityTrendChart = lazy(() => import('./quality-trend-chart.tsx'));

const BAND_TEXT = {
  green: 'text-emerald-700 dark:text-emerald-400',
  yellow: 'text-amber-700 dark:text-amber-400',
  red: 'text-red-700 dark:text-red-400',
} as const;
const BAND_BAR = { green: 'bg-emerald-600', yellow: 'bg-amber-500', red: 'bg-red-600' } as const;

function Trend({ trend, suffix }: { trend: number | null; suffix: string }) {
  if (trend === null) return <span className="text-xs text-muted-foreground">No comparison yet</span>;
  const Icon = trend > 0 ? TrendingUp : trend < 0 ? TrendingDown : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs',
        trend > 0 ? BAND_TEXT.green : trend < 0 ? BAND_TEXT.red : 'text-muted-foreground',
      )}
    >
      <Icon className="size-3.5" aria-hidden /> {formatTrend(trend)} {suffix}
    </span>
  );
}

/** The success icon for an assessment with no issues, otherwise the issues themselves (product.md §4). */
function Issues({ doc }: { doc: AssessedDocument }) {
  if (doc.issues.length === 0) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 className="size-4" aria-hidden data-testid="no-issues-icon" /> No issues
      </span>
    );
  }
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted-foreground">
        {doc.issues.length === 1 ? '1 issue' : `${doc.issues.length} issues`}
      </summary>
      <ul className="mt-1 list-disc pl-5">
        {doc.issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
    </details>
  );
}

function Overview({ data }: { data: QualityScores & { overall: NonNullable<QualityScores['overall']> } }) {
  const band = scoreBand(data.overall.score);
  return (
    <section aria-labelledby="overall-heading" className="grid gap-4 rounded-lg border border-border bg-card p-4 md:grid-cols-[14rem_1fr]">
      <div className="space-y-2">
        <h2 id="overall-heading" className="text-sm text-muted-foreground">
          Overall quality score
        </h2>
        <p className={cn('text-4xl font-bold tabular-nums', BAND_TEXT[band.color])}>{data.overall.score}</p>
        <ScoreBandBadge score={data.overall.score} showScore={false} />
        <p>
          <Trend trend={data.overall.trend} suffix="this month" />
        </p>
        <p className="text-xs text-muted-foreground">{data.reviewCount === 1 ? '1 review' : `${data.reviewCount} reviews`} in all</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold">Trend by month</h3>
        <Suspense fallback={<div className="h-48" />}>
          <QualityTrendChart months={data.months} />
        </Suspense>
        <ul className="mt-2 grid grid-cols-3 gap-1 text-xs sm:grid-cols-6">
          {data.months.map((month) => (
            <li key={month.month} className="text-center">
              <span className="block text-muted-foreground">{formatMonth(month.month)}</span>
              <span className="font-medium tabular-nums">
                {month.score === null ? 'No reviews' : `${month.score} · ${scoreBand(month.score).label}`}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** /quality-scores: how reviewed deliverables scored, by category, by month and one by one. */
export function QualityScoresView() {
  const query = useQualityScores();
  if (query.isPending) return <Spinner label="Loading quality scores" />;
  if (query.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Quality scores could not be loaded</AlertTitle>
        <p className="mt-1">Check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = query.data;
  if (!data.overall) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center">
        <ClipboardCheck className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <h2 className="mt-3 font-semibold">No scores yet</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
          Every deliverable is scored by its reviewer before it reaches you. Scores appear here after the first review.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Overview data={{ ...data, overall: data.overall }} />
      <section aria-labelledby="categories-heading" className="space-y-3">
        <h2 id="categories-heading" className="text-xl font-semibold">
          By category
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.categories.map((item) => {
            const band = scoreBand(item.score);
            return (
              <li key={item.category} className="space-y-2 rounded-lg border border-border bg-card p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-medium">{item.label}</h3>
                  <ScoreBandBadge score={item.score} />
                </div>
                <span className="block h-2 overflow-hidden rounded-full bg-muted">
                  <span className={cn('block h-full rounded-full', BAND_BAR[band.color])} style={{ width: `${item.score}%` }} />
                </span>
                <Trend trend={item.trend} suffix="vs last month" />
                <p className="text-xs text-muted-foreground">{item.details}</p>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="documents-heading" className="space-y-3">
        <h2 id="documents-heading" className="text-xl font-semibold">
          Documents assessed
        </h2>
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {data.documents.map((doc) => (
            <li key={doc.id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
              <div className="space-y-1">
                <p className="font-medium">{doc.document}</p>
                <p className="text-xs text-muted-foreground">
                  <Badge tone={doc.status === 'approved' ? 'green' : 'red'}>
                    {doc.status === 'approved' ? 'Approved' : 'Returned for revision'}
                  </Badge>{' '}
                  · assessed {formatDate(doc.assessedAt)}
                </p>
                {doc.recommendations.length ? (
                  <p className="text-xs text-muted-foreground">Recommendation: {doc.recommendations[0]}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap items-start gap-3">
                <Issues doc={doc} />
                <ScoreBandBadge score={doc.score} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
