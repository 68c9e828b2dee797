import { useId, useState } from 'react';
import { z } from 'zod';
import { SECURITY_EVENT_TYPES, type SecurityEvent } from '../../../../shared/schemas/access.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSecurityEvents } from '../api/use-security-events.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';

const filterSchema = z.enum(['all', ...SECURITY_EVENT_TYPES]).catch('all');
const TYPE_LABELS: Record<string, string> = {
  AUTH_FAILURE: 'Authentication failure',
  PRIVILEGE_ESCALATION: 'Access denied',
};
const when = (value: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(value));

function detail(details: Record<string, unknown>, key: string): string | null {
  const value = details[key];
  return typeof value === 'string' ? value : null;
}

function EventRow({ event }: { event: SecurityEvent }) {
  const path = detail(event.details, 'path');
  const reason = detail(event.details, 'reason');
  const source = detail(event.details, 'source');
  return (
    <li className="grid gap-2 p-4 md:grid-cols-[12rem_minmax(0,1fr)] md:gap-4">
      <div className="grid content-start gap-1">
        <Badge tone={event.eventType === 'AUTH_FAILURE' ? 'yellow' : 'red'} className="justify-self-start">
          {TYPE_LABELS[event.eventType] ?? event.eventType}
        </Badge>
        <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
          {when(event.createdAt)}
        </time>
      </div>
      <div className="min-w-0 text-sm">
        <p className="break-all font-medium">{event.email ?? event.userId ?? 'Unknown user'}</p>
        <p className="text-muted-foreground">
          {[
            path ? `Path ${path}` : null,
            reason ? `reason: ${reason}` : null,
            source ? `seen by the ${source === 'web' ? 'web app' : 'server'}` : null,
          ]
            .filter(Boolean)
            .join(' · ') || 'No details'}
        </p>
        <p className="truncate text-xs text-muted-foreground" title={event.userAgent ?? undefined}>
          {event.ipAddress ?? 'IP unknown'} · {event.userAgent ?? 'no user agent'}
        </p>
      </div>
    </li>
  );
}

/** Security events (product.md §8: AUTH_FAILURE, PRIVILEGE_ESCALATION), newest first. */
export function SecurityEventsPanel() {
  const filterId = useId();
  const [type, setType] = useState<z.infer<typeof filterSchema>>('all');
  const events = useSecurityEvents(type);
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={filterId}>Show</Label>
        <NativeSelect id={filterId} value={type} onChange={(event) => setType(filterSchema.parse(event.target.value))}>
          <option value="all">All events</option>
          {SECURITY_EVENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {TYPE_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {events.isPending ? <Spinner label="Loading security events" /> : null}
      {events.isError ? <QueryError error={events.error} what="security events" onRetry={() => void events.refetch()} /> : null}
      {events.isSuccess && list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          No security events{type === 'all' ? '' : ' of this type'} yet.
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-label="Security events">
          {list.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ul>
      ) : null}
      {events.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-center"
          disabled={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          {events.isFetchingNextPage ? 'Loading…' : 'Load More'}
        </Button>
      ) : null}
    </div>
  );
}
