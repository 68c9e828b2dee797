import { Link } from 'react-router';
import type { Readiness } from '../../../../shared/schemas/frameworks.ts';
import { formatUtcDay } from '../../../lib/utc-dates.ts';

type Brief = Readiness['expiringEvidence'][number];

/** The overview's short lists: evidence expiring within 30 days, and stale evidence. */
export function EvidenceBriefList({
  title,
  items,
  empty,
  tone,
  href,
}: {
  title: string;
  items: Brief[];
  empty: string;
  tone: 'yellow' | 'red';
  /** The evidence register filtered to these items. */
  href: string;
}) {
  const headingId = `evidence-${tone}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-lg border border-border bg-card p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {title} <span className="text-muted-foreground tabular-nums">({items.length})</span>
        </h3>
        {items.length > 0 ? (
          <Link to={href} className="text-sm font-medium text-primary underline underline-offset-2">
            Open in the register
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border text-sm" aria-label={title}>
          {items.slice(0, 8).map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <span className="font-medium">{item.title}</span>
              <span className={tone === 'red' ? 'text-red-700 dark:text-red-400' : 'text-amber-800 dark:text-amber-300'}>
                {tone === 'red' ? 'expired' : 'expires'} {formatUtcDay(new Date(item.expiresAt))}
              </span>
              <span className="w-full font-mono text-xs text-muted-foreground">{item.controlIds.join(', ')}</span>
            </li>
          ))}
        </ul>
      )}
      {items.length > 8 ? <p className="mt-2 text-xs text-muted-foreground">and {items.length - 8} more</p> : null}
    </section>
  );
}
