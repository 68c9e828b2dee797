import { useState } from 'react';
import type { AuditEvent } from '../../../../shared/schemas/audit.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type TrailFilters, useAuditTrail, useExportAuditTrail, useVerifyAuditTrail } from '../api/audit-api.ts';

/** before → after, key by key: only what changed, with the whole snapshot one click away. */
function Diff({ event }: { event: AuditEvent }) {
  const before = (event.before && typeof event.before === 'object' ? event.before : {}) as Record<string, unknown>;
  const after = (event.after && typeof event.after === 'object' ? event.after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  if (keys.length === 0) return <p className="text-muted-foreground">No field changed.</p>;
  return (
    <table className="w-full text-left text-xs">
      <caption className="sr-only">Changes</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key} className="align-top">
            <th scope="row" className="pr-2 font-mono font-normal">
              {key}
            </th>
            <td className="break-all pr-2 text-red-800 dark:text-red-300">{show(before[key])}</td>
            <td className="break-all text-emerald-800 dark:text-emerald-300">{show(after[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Audit Trail Viewer: filter, read the diff, export CSV, verify the chain. */
// eslint-disable-next-line max-lines-per-function -- the filters, the list with its diff, the CSV export and the chain check share the filter state
export function AuditTrailViewer({ scope }: { scope: Pick<TrailFilters, 'organizationId' | 'engagementId'> }) {
  const [draft, setDraft] = useState({ action: '', entityType: '', from: '', to: '' });
  const [filters, setFilters] = useState<TrailFilters>(scope);
  const trail = useAuditTrail(filters);
  const verify = useVerifyAuditTrail();
  const exportCsv = useExportAuditTrail();
  const input = (name: keyof typeof draft, label: string, type = 'text') => (
    <FormField id={`trail-${name}`} label={label}>
      <Input
        id={`trail-${name}`}
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </FormField>
  );
  return (
    <section aria-labelledby="trail-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="trail-heading" className="text-xl font-semibold">
          Audit Trail Viewer
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => exportCsv.mutate(filters)} disabled={exportCsv.isPending}>
            Export CSV
          </Button>
          <Button onClick={() => verify.mutate(scope)} disabled={verify.isPending}>
            {verify.isPending ? 'Verifying…' : 'Verify'}
          </Button>
        </div>
      </div>
      {verify.data ? (
        <Alert variant={verify.data.ok ? 'success' : 'destructive'} role="status">
          {verify.data.ok
            ? `Chain intact: ${verify.data.count} entries, head ${verify.data.headHash.slice(0, 16)}…`
            : `Chain broken at entry ${verify.data.brokenAt?.seq}: ${verify.data.brokenAt?.reason.replaceAll('_', ' ')}.`}
        </Alert>
      ) : null}
      {verify.error || exportCsv.error ? (
        <Alert variant="destructive" role="alert">
          {(verify.error ?? exportCsv.error)?.message}
        </Alert>
      ) : null}
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...scope, ...draft });
        }}
      >
        {input('action', 'Action (e.g. evidence)')}
        {input('entityType', 'Entity type')}
        {input('from', 'From', 'date')}
        {input('to', 'To', 'date')}
        <div className="flex items-end">
          <Button type="submit" variant="secondary" className="w-full">
            Filter
          </Button>
        </div>
      </form>
      {trail.isPending ? <Spinner label="Loading the trail" /> : null}
      {trail.error ? (
        <Alert variant="destructive" role="alert">
          {trail.error.message}
        </Alert>
      ) : null}
      {trail.data?.events.length === 0 ? (
        <p className="text-muted-foreground">
          {/* Unfiltered, "No entry matches" read like a broken filter on a trail that is simply empty so far. */}
          {filters.action || filters.entityType || filters.from || filters.to
            ? 'No entry matches these filters.'
            : 'Nothing recorded yet: every change made in this scope is added here as it happens.'}
        </p>
      ) : null}
      <ol className="space-y-2" aria-label="Trail entries">
        {trail.data?.events.map((event) => (
          <li key={event.id} className="rounded-lg border p-3 text-sm">
            <details>
              <summary className="flex cursor-pointer flex-wrap gap-x-3 gap-y-1">
                <span className="font-mono text-muted-foreground">#{event.seq}</span>
                <span className="font-medium">{event.action}</span>
                <span>
                  {event.actor ? event.actor.name : 'System'}
                  {event.apiKey ? <span className="text-muted-foreground"> via API key “{event.apiKey.name}”</span> : null}
                </span>
                <time dateTime={event.occurredAt} className="text-muted-foreground">
                  {new Date(event.occurredAt).toLocaleString()}
                </time>
              </summary>
              <div className="mt-2 space-y-2">
                <Diff event={event} />
                <p className="break-all font-mono text-xs text-muted-foreground">
                  {event.entityType} {event.entityId} · {event.ip ?? 'no address'} · hash {event.hash}
                </p>
              </div>
            </details>
          </li>
        ))}
      </ol>
      {trail.data?.nextCursor ? (
        <Button variant="outline" onClick={() => setFilters({ ...filters, cursor: trail.data?.nextCursor ?? undefined })}>
          Older entries
        </Button>
      ) : null}
    </section>
  );
}
