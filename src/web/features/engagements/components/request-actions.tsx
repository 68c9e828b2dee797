import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { AUDIT_DECISIONS, type AuditDecision } from '../../../../shared/schemas/engagement-statuses.ts';
import type { AuditRequest, Engagement } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { engagementKeys, useCreateTaskFromAuditRequest, useDecideAuditRequest, useRespondAuditRequest } from '../api/engagements-api.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

const DECISION_LABELS: Record<AuditDecision, string> = { accept: 'Accept', flag: 'Flag', request_resubmission: 'Request resubmission' };

/** The auditor's human decision (spec §6: the review screen labels a human decision as required). */
export function DecisionForm({ engagementId, request }: { engagementId: string; request: AuditRequest }) {
  const id = useId();
  const decide = useDecideAuditRequest(engagementId);
  const [decision, setDecision] = useState<AuditDecision>('accept');
  const [comment, setComment] = useState('');
  const needsComment = decision !== 'accept' && comment.trim().length < 3;
  return (
    <form
      className="space-y-3 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (needsComment) return;
        decide.mutate(
          { requestId: request.id, input: { decision, comment } },
          {
            onSuccess: () => {
              toast({ title: `${request.ref}: ${DECISION_LABELS[decision].toLowerCase()}` });
              setComment('');
            },
          },
        );
      }}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold">Human decision required</legend>
        <div className="flex flex-wrap gap-4">
          {AUDIT_DECISIONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-decision`} value={value} checked={decision === value} onChange={() => setDecision(value)} />
              {DECISION_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        id={`${id}-comment`}
        label={decision === 'accept' ? 'Comment (optional)' : 'What is wrong'}
        error={needsComment && comment.length > 0 ? 'At least 3 characters' : undefined}
      >
        <Textarea
          {...fieldControlProps(`${id}-comment`, {})}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={3}
        />
      </FormField>
      {decide.error ? (
        <Alert variant="destructive" role="alert">
          {decide.error.message}
        </Alert>
      ) : null}
      <Button type="submit" disabled={decide.isPending || needsComment}>
        Record decision
      </Button>
    </form>
  );
}

/**
 * The evidence feature's uploader, handed in by the route that composes both (a feature never imports
 * another): it adds an item to the programme and says which.
 */
export type RenderEvidenceUpload = (props: {
  onAdded: (evidence: { id: string; title: string }) => void;
  onClose: () => void;
}) => ReactNode;

/**
 * A message in the thread; the client may link evidence that counts for the engagement (in force during
 * the period, or collected during the engagement), upload new evidence to answer a flag, and resubmit.
 */
export function RespondForm({
  engagement,
  request,
  evidenceOptions,
  renderEvidenceUpload,
}: {
  engagement: Engagement;
  request: AuditRequest;
  evidenceOptions: { id: string; title: string }[];
  renderEvidenceUpload?: RenderEvidenceUpload;
}) {
  const id = useId();
  const respond = useRespondAuditRequest(engagement.id);
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [evidenceIds, setEvidenceIds] = useState<string[]>([]);
  const [uploaded, setUploaded] = useState<{ id: string; title: string }[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const isClient = engagement.side !== 'auditor';
  const options = [...new Map([...evidenceOptions, ...uploaded].map((option) => [option.id, option])).values()];
  const onAdded = (evidence: { id: string; title: string }) => {
    setUploaded((current) => [...current, evidence]);
    setEvidenceIds((current) => [...current, evidence.id]);
    void queryClient.invalidateQueries({ queryKey: engagementKeys.evidenceOptions(engagement.id) });
  };
  const send = (resubmit: boolean) =>
    respond.mutate(
      { requestId: request.id, input: { body, evidenceIds, resubmit } },
      {
        onSuccess: () => {
          toast({ title: resubmit ? `${request.ref} resubmitted` : 'Message sent' });
          setBody('');
          setEvidenceIds([]);
        },
      },
    );
  return (
    <form className="space-y-3 rounded-lg border p-4" onSubmit={(event) => event.preventDefault()}>
      <FormField id={`${id}-body`} label="Message">
        <Textarea {...fieldControlProps(`${id}-body`, {})} value={body} onChange={(event) => setBody(event.target.value)} rows={3} />
      </FormField>
      {isClient && options.length > 0 ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Link evidence from the programme (in force during the period or collected since)</legend>
          {options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={evidenceIds.includes(option.id)}
                onChange={(event) =>
                  setEvidenceIds(event.target.checked ? [...evidenceIds, option.id] : evidenceIds.filter((value) => value !== option.id))
                }
              />
              {option.title}
            </label>
          ))}
        </fieldset>
      ) : null}
      {isClient && renderEvidenceUpload ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => setIsUploading(true)}>
          Upload new evidence
        </Button>
      ) : null}
      {isUploading && renderEvidenceUpload ? renderEvidenceUpload({ onAdded, onClose: () => setIsUploading(false) }) : null}
      {respond.error ? (
        <Alert variant="destructive" role="alert">
          {respond.error.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={respond.isPending || !body.trim()} onClick={() => send(false)}>
          Comment
        </Button>
        {isClient && request.status !== 'accepted' ? (
          <Button type="button" disabled={respond.isPending} onClick={() => send(true)}>
            Resubmit
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Staff turn a flagged item into a task request for the delivery pipeline. */
export function TaskFromRequestButton({ engagementId, request }: { engagementId: string; request: AuditRequest }) {
  const create = useCreateTaskFromAuditRequest(engagementId);
  if (request.taskRequestId) {
    return (
      <a className="text-sm underline" href={workspaceHref.taskRequest(request.taskRequestId)}>
        Open the task request
      </a>
    );
  }
  if (request.status !== 'flagged' && request.status !== 'resubmission_requested') return null;
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        disabled={create.isPending}
        onClick={() => create.mutate(request.id, { onSuccess: () => toast({ title: `Task request opened for ${request.ref}` }) })}
      >
        Turn into a task request
      </Button>
      {create.error ? (
        <Alert variant="destructive" role="alert">
          {create.error.message}
        </Alert>
      ) : null}
    </div>
  );
}
