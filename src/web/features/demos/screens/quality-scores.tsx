import { CheckCircle2, TrendingUp } from 'lucide-react';
import { isIssueFree, scoreBand } from '../../../../shared/rules/score-bands.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../format.ts';
import { DEMO_ASSESSED_DOCUMENTS, DEMO_QUALITY_CATEGORIES, QUALITY_OVERVIEW } from '../sample-data.ts';
import { BAND_BAR, BAND_TEXT, Panel, ScreenHeader } from './screen-parts.tsx';

export function ScoreBadge({ score }: { score: number }) {
  const band = scoreBand(score);
  return (
    <Badge tone={band.color}>
      {score} · {band.label}
    </Badge>
  );
}

/** The success icon for an assessment with no issues, otherwise the count (product.md §4). */
export function IssueCount({ issues }: { issues: number }) {
  if (isIssueFree(issues)) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 className="size-4" aria-hidden data-testid="no-issues-icon" /> No issues
      </span>
    );
  }
  return <span className="text-xs text-muted-foreground">{issues === 1 ? '1 issue' : `${issues} issues`}</span>;
}

/** Quality scores view (product.md §2): overall 92.3, trend bars 92/89/85, bands at 90 and 80. */
export function QualityScores() {
  const overall = scoreBand(QUALITY_OVERVIEW.overall);
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Quality scores" subtitle="Every deliverable, scored before it reaches you" />
      <div className="grid gap-3 md:grid-cols-[16rem_1fr]">
        <Panel className="grid content-start gap-2">
          <p className="text-xs text-muted-foreground">Overall quality score</p>
          <p className={cn('text-4xl font-bold tabular-nums', BAND_TEXT[overall.color])}>{QUALITY_OVERVIEW.overall}</p>
          <p className="inline-flex items-center gap-1 text-sm text-emerald-700 dark:text-emerald-400">
            <TrendingUp className="size-4" aria-hidden /> {QUALITY_OVERVIEW.change}
          </p>
          <div className="mt-2 flex h-24 items-end gap-3" aria-label="Quality trend" role="img">
            {QUALITY_OVERVIEW.trendBars.map((bar) => (
              <div key={bar.label} className="flex h-full flex-1 flex-col justify-end gap-1 text-center">
                <span className="text-[11px] font-medium tabular-nums">{bar.percent}%</span>
                <span className="rounded-t bg-primary" style={{ height: `${bar.percent}%` }} />
              </div>
            ))}
          </div>
          <ul className="sr-only">
            {QUALITY_OVERVIEW.trendBars.map((bar) => (
              <li key={bar.label}>
                {bar.label}: {bar.percent}%
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{QUALITY_OVERVIEW.improvement}</p>
        </Panel>
        <Panel>
          <h4 className="text-sm font-semibold">By category</h4>
          <ul className="mt-3 grid gap-3">
            {DEMO_QUALITY_CATEGORIES.map((item) => {
              const band = scoreBand(item.score);
              return (
                <li key={item.category} className="grid gap-1">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span>{item.category}</span>
                    <span className="flex items-center gap-2">
                      <span className="text-xs text-muted-foreground">{item.trend}</span>
                      <ScoreBadge score={item.score} />
                    </span>
                  </div>
                  <span className="h-2 overflow-hidden rounded-full bg-muted">
                    <span className={cn('block h-full rounded-full', BAND_BAR[band.color])} style={{ width: `${item.score}%` }} />
                  </span>
                  <span className="text-xs text-muted-foreground">{item.details}</span>
                </li>
              );
            })}
          </ul>
        </Panel>
      </div>
      <Panel>
        <h4 className="text-sm font-semibold">Assessed documents</h4>
        <ul className="mt-3 divide-y divide-border">
          {DEMO_ASSESSED_DOCUMENTS.map((doc) => (
            <li key={doc.id} className="grid gap-1 py-2 sm:grid-cols-[1fr_auto] sm:items-center">
              <div>
                <p className="text-sm font-medium">{doc.document}</p>
                <p className="text-xs text-muted-foreground">
                  {doc.status} · assessed {formatDay(doc.assessedAt)}
                  {doc.recommendations.length > 0 ? ` · ${doc.recommendations[0]}` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <IssueCount issues={doc.issues} />
                <ScoreBadge score={doc.score} />
              </div>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
