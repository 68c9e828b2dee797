import { DisclosureButton } from '../../../components/ui/disclosure-button.tsx';
import { useId, useState } from 'react';
import { dsarClock } from '../../../../shared/rules/dsar-clock.ts';
import {
  DSAR_STATUSES,
  DSAR_STATUS_LABELS,
  type DsarRequestListItem,
  type DsarStatus,
  isDsarHandled,
} from '../../../../shared/schemas/dsar.ts';
import { DSAR_REQUEST_TYPE_LABELS } from '../../../../shared/rules/dsar.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDsarRequest, useDsarRequests } from '../api/admin-dsar-requests.ts';
import { DsarResolutionForm } from './dsar-resolution-form.tsx';

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

function Clock({ dueAt, completedAt }: { dueAt: string; completedAt: string | null }) {
  const clock = dsarClock({ dueAt, completedAt });
  return <Badge tone={clock.tone}>{clock.text}</Badge>;
}

function RequestDetail({ id }: { id: string }) {
  const request = useDsarRequest(id);
  if (request.isPending) return <Spinner label="Loading the request" />;
  if (request.isError) return <p className="text-sm text-red-700 dark:text-red-400">This request could not be loaded. Try again.</p>;
  const item = request.data;
  const rows: [string, string | null][] = [
    ['Received', day(item.receivedAt)],
    ['Due (30 days)', day(item.dueAt)],
    ['Relationship', item.relationship === 'self' ? 'The person themself' : `Authorised agent for ${item.subjectName ?? 'someone'}`],
    ['Country or state', item.country],
    ['Account e-mail', item.accountEmail],
    ['Details', item.details],
  ];
  return (
    <div className="grid gap-4 border-t border-border p-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {isDsarHandled(item.status) ? (
        <div className="rounded-lg border border-border bg-muted/40 p-4 text-sm" data-testid="dsar-resolution">
          <p className="font-medium">
            {DSAR_STATUS_LABELS[item.status]} on {item.completedAt ? day(item.completedAt) : '—'}
            {item.handledByEmail ? ` by ${item.handledByEmail}` : ''}
          </p>
          <p className="mt-1 whitespace-pre-line">{item.resolutionNote}</p>
        </div>
      ) : (
        <DsarResolutionForm id={item.id} receivedAt={item.receivedAt} />
      )}
    </div>
  );
}

function RequestRow({ item, isOpen, onToggle }: { item: DsarRequestListItem; isOpen: boolean; onToggle: () => void }) {
  const detailId = useId();
  return (
    <li>
      <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium">
            {item.reference} · {DSAR_REQUEST_TYPE_LABELS[item.requestType].label}
          </p>
          <p className="wrap-anywhere text-sm text-muted-foreground">
            {item.fullName} · {item.email} · received {day(item.receivedAt)} · due {day(item.dueAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={isDsarHandled(item.status) ? 'green' : 'info'}>{DSAR_STATUS_LABELS[item.status]}</Badge>
          <Clock dueAt={item.dueAt} completedAt={item.completedAt} />
          <DisclosureButton isOpen={isOpen} name={item.reference} controls={detailId} onToggle={onToggle} />
        </div>
      </div>
      <div id={detailId}>{isOpen ? <RequestDetail id={item.id} /> : null}</div>
    </li>
  );
}

type StatusFilter = DsarStatus | 'open' | 'all';

/** Privacy requests for administrators: filter, open one, mark it handled; the 30-day clock on every row. */
export function DsarRequestsPanel() {
  const requests = useDsarRequests();
  const [status, setStatus] = useState<StatusFilter>('open');
  const [text, setText] = useState('');
  // An opened request stays in view until it is closed, even once it no longer matches the filter:
  // marking it handled must not make it (and the confirmation) vanish from under the administrator.
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (requests.isPending) return <Spinner label="Loading privacy requests" />;
  if (requests.isError) {
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Could not load privacy requests</AlertTitle>
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void requests.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const needle = text.trim().toLowerCase();
  const shown = requests.data.requests.filter(
    (item) =>
      openIds.has(item.id) ||
      ((status === 'all' || (status === 'open' ? !isDsarHandled(item.status) : item.status === status)) &&
        (needle === '' || [item.reference, item.fullName, item.email].some((value) => value.toLowerCase().includes(needle)))),
  );
  return (
    <section aria-labelledby="dsar-heading" className="grid gap-4">
      <h2 id="dsar-heading" className="text-xl font-semibold">
        Privacy requests
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="dsar-status">Status</Label>
          <NativeSelect id="dsar-status" value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="open">Open (not yet handled)</option>
            <option value="all">All</option>
            {DSAR_STATUSES.map((value) => (
              <option key={value} value={value}>
                {DSAR_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="dsar-search">Reference, name or e-mail</Label>
          <Input id="dsar-search" type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </div>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {shown.length} of {requests.data.requests.length} requests
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No request matches.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Privacy requests">
          {shown.map((item) => (
            <RequestRow key={item.id} item={item} isOpen={openIds.has(item.id)} onToggle={() => toggle(item.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
