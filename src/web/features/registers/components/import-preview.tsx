import type { ImportResult } from '../../../../shared/schemas/registers.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const ACTION_LABELS = { create: 'Create', update: 'Update', unchanged: 'Unchanged', error: 'Error' } as const;
const ACTION_TONES = { create: 'green', update: 'info', unchanged: 'neutral', error: 'red' } as const;
const SHOWN_ROWS = 100;

/** What an import would do (or did), row by row: the action, the fields it changes (before → after), the errors. */
export function ImportPreview({ result }: { result: ImportResult }) {
  const rows = result.rows.filter((row) => row.action !== 'unchanged');
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="Import summary">
        {(['create', 'update', 'unchanged', 'error'] as const).map((action) => (
          <div key={action} className="rounded-md bg-muted/50 px-2 py-1.5">
            <dt className="text-xs text-muted-foreground">{ACTION_LABELS[action]}</dt>
            <dd className="font-semibold tabular-nums">{result.summary[action]}</dd>
          </div>
        ))}
      </dl>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No row would change anything.</p>
      ) : (
        <div className="max-h-72 overflow-auto rounded-md border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{result.dryRun ? 'What the import would change' : 'What the import changed'}</caption>
            <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="p-2 font-medium">
                  Row
                </th>
                <th scope="col" className="p-2 font-medium">
                  Item
                </th>
                <th scope="col" className="p-2 font-medium">
                  Action
                </th>
                <th scope="col" className="p-2 font-medium">
                  Changes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.slice(0, SHOWN_ROWS).map((row) => (
                <tr key={row.row} className="align-top">
                  <td className="p-2 tabular-nums">{row.row}</td>
                  <td className="p-2 font-mono text-xs">{row.key ?? '—'}</td>
                  <td className="p-2">
                    <Badge tone={ACTION_TONES[row.action]}>{ACTION_LABELS[row.action]}</Badge>
                  </td>
                  <td className="p-2">
                    {row.errors.length > 0 ? (
                      <ul className="text-red-700 dark:text-red-400">
                        {row.errors.map((error) => (
                          <li key={error}>{error}</li>
                        ))}
                      </ul>
                    ) : (
                      <ul>
                        {Object.entries(row.changes).map(([field, [before, after]]) => (
                          <li key={field}>
                            <span className="font-medium">{field}</span>:{' '}
                            <span className="text-muted-foreground">{before ?? '(empty)'}</span> → {after ?? '(empty)'}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > SHOWN_ROWS ? (
        <p className="text-xs text-muted-foreground">
          The first {SHOWN_ROWS} of {rows.length} rows that change are shown.
        </p>
      ) : null}
    </div>
  );
}
