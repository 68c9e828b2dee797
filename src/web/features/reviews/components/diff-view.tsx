import type { DiffLine } from '../../../../shared/schemas/reviews.ts';
import { cn } from '../../../lib/cn.ts';

const LINE_STYLE: Record<DiffLine['kind'], { sign: string; label: string; className: string }> = {
  added: { sign: '+', label: 'Added: ', className: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  removed: {
    sign: '−',
    label: 'Removed: ',
    className: 'bg-red-50 text-red-900 line-through decoration-red-400 dark:bg-red-950 dark:text-red-100',
  },
  unchanged: { sign: ' ', label: '', className: 'text-muted-foreground' },
};

/** The previous version's body against this one's: added and removed lines carry a sign and, for screen readers, words. */
export function DiffView({ lines, previousVersion }: { lines: DiffLine[]; previousVersion: number }) {
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">
        Against version {previousVersion}: {added === 1 ? '1 line added' : `${added} lines added`},{' '}
        {removed === 1 ? '1 line removed' : `${removed} lines removed`}.
      </p>
      {added + removed === 0 ? (
        <p className="text-sm">The text is the same as version {previousVersion}.</p>
      ) : (
        <ol
          aria-label={`Changes since version ${previousVersion}`}
          className="max-h-96 overflow-auto rounded-md border border-border font-mono text-xs"
        >
          {lines.map((line, index) => {
            const style = LINE_STYLE[line.kind];
            return (
              // Lines repeat (blank ones above all), so the position is the identity.
              <li key={index} className={cn('flex gap-2 whitespace-pre-wrap px-2 py-0.5', style.className)}>
                <span aria-hidden className="w-3 shrink-0 select-none">
                  {style.sign}
                </span>
                <span>
                  {style.label ? <span className="sr-only">{style.label}</span> : null}
                  {line.text || '\u00a0'}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
