import { useState } from 'react';
import {
  AUDIT_REQUEST_STATUS_LABELS,
  AUDIT_REQUEST_STATUSES,
  type AuditRequestStatus,
} from '../../../../shared/schemas/engagement-statuses.ts';
import type { Engagement } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuditRequests, useAuditThread, useEngagementEvidenceOptions } from '../api/engagements-api.ts';
import { DecisionForm, type RenderEvidenceUpload, RespondForm, TaskFromRequestButton } from './request-actions.tsx';

const TONE: Record<AuditRequestStatus, 'neutral' | 'info' | 'green' | 'yellow' | 'red'> = {
  open: 'neutral',
  submitted: 'info',
  accepted: 'green',
  flagged: 'red',
  resubmission_requested: 'yellow',
};

/** The Evidence Review Workflow: the "provided by client" list, and one request with its evidence and thread. */
// eslint-disable-next-line max-lines-per-function -- the request list and the selected request's evidence and thread share the selection and its mutations
export function EvidenceReview({
  engagement,
  renderEvidenceUpload,
}: {
  engagement: Engagement;
  renderEvidenceUpload?: RenderEvidenceUpload;
}) {
  const [status, setStatus] = useState<AuditRequestStatus | ''>('');
  const [selected, setSelected] = useState<string | null>(null);
  const requests = useAuditRequests(engagement.id, status || undefined);
  const all = useAuditRequests(engagement.id);
  const thread = useAuditThread(engagement.id, selected);
  // The client's side links from the whole programme (what counts for the engagement), not only from
  // what the engagement already holds (issue 32: evidence collected after a flag could not be linked).
  const programme = useEngagementEvidenceOptions(engagement, engagement.side !== 'auditor');
  const evidenceOptions = [
    ...new Map(
      [
        ...(all.data?.requests ?? []).flatMap((request) => request.evidence).map((item) => ({ id: item.id, title: item.title })),
        ...(programme.data ?? []),
      ].map((option) => [option.id, option]),
    ).values(),
  ];
  return (
    <section aria-labelledby="review-heading" className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-3">
        <h2 id="review-heading" className="text-xl font-semibold">
          Evidence Review Workflow
        </h2>
        <FormField id="request-status" label="Status">
          <NativeSelect id="request-status" value={status} onChange={(event) => setStatus(event.target.value as AuditRequestStatus | '')}>
            <option value="">All requests</option>
            {AUDIT_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {AUDIT_REQUEST_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {requests.isPending ? <Spinner label="Loading requests" /> : null}
        {requests.error ? (
          <Alert variant="destructive" role="alert">
            {requests.error.message}
          </Alert>
        ) : null}
        {requests.data?.requests.length === 0 ? <p className="text-sm text-muted-foreground">No request has this status.</p> : null}
        <ul className="max-h-[32rem] space-y-1 overflow-y-auto" aria-label="Requests">
          {requests.data?.requests.map((request) => (
            <li key={request.id}>
              <button
                type="button"
                aria-current={selected === request.id ? 'true' : undefined}
                onClick={() => setSelected(request.id)}
                className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-muted aria-[current=true]:border-primary"
              >
                <span>
                  <span className="font-mono">{request.ref}</span> {request.title}
                </span>
                <span className="flex gap-1">
                  {request.overdue ? <Badge tone="red">Overdue</Badge> : null}
                  <Badge tone={TONE[request.status]}>{AUDIT_REQUEST_STATUS_LABELS[request.status]}</Badge>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="space-y-4">
        {!selected ? <p className="rounded-lg border border-dashed p-6 text-muted-foreground">Choose a request to review it.</p> : null}
        {selected && thread.isPending ? <Spinner label="Loading the request" /> : null}
        {thread.data ? (
          <>
            <div>
              <h3 className="text-lg font-semibold">
                <span className="font-mono">{thread.data.request.ref}</span> {thread.data.request.title}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{thread.data.request.description}</p>
            </div>
            <div>
              <h4 className="font-medium">Evidence for the period</h4>
              {thread.data.request.evidence.length === 0 ? <p className="text-sm text-muted-foreground">None provided yet.</p> : null}
              <ul className="mt-1 space-y-1 text-sm">
                {thread.data.request.evidence.map((item) => (
                  <li key={item.id}>
                    {item.title} · collected {item.collectedAt.slice(0, 10)}
                    {item.sha256 ? (
                      <span className="ml-1 font-mono text-xs text-muted-foreground">sha256 {item.sha256.slice(0, 12)}…</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="font-medium">Thread</h4>
              {thread.data.messages.length === 0 ? <p className="text-sm text-muted-foreground">No messages yet.</p> : null}
              <ol className="mt-1 space-y-2 text-sm">
                {thread.data.messages.map((message) => (
                  <li key={message.id} className="rounded-md bg-muted p-2">
                    <p className="font-medium">
                      {message.authorName} ({message.authorKind}){message.decision ? ` · ${message.decision.replaceAll('_', ' ')}` : ''}
                      {message.kind === 'submission' ? ' · resubmitted' : ''}
                    </p>
                    {message.body ? <p className="whitespace-pre-wrap">{message.body}</p> : null}
                  </li>
                ))}
              </ol>
            </div>
            {engagement.side === 'auditor' ? <DecisionForm engagementId={engagement.id} request={thread.data.request} /> : null}
            <RespondForm
              engagement={engagement}
              request={thread.data.request}
              evidenceOptions={evidenceOptions}
              renderEvidenceUpload={renderEvidenceUpload}
            />
            {engagement.side === 'staff' ? <TaskFromRequestButton engagementId={engagement.id} request={thread.data.request} /> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
