import { Check, Undo2, UserCheck } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import {
  REVIEW_NOTE_MAX_LENGTH,
  type ReviewDecisionInput,
  type ReviewPlan,
  reviewDecisionInputSchema,
} from '../../../../shared/schemas/assistant-plans.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAccessDecision } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { formatDate } from '../plan-labels.ts';
import { PlanHeading } from './plan-heading.tsx';
import { StepSummary } from './step-item.tsx';
import { useDecidePlan, useReviewPlan } from '../api/reviews.ts';

type Decision = 'approve' | 'request_changes';
type ReviewDecision = z.output<typeof reviewDecisionInputSchema>;

/** The approver's decision: approve, or send back with a note. Only is_approver may decide (product.md §6). */
function DecisionForm({ plan }: { plan: ReviewPlan }) {
  const decide = useDecidePlan(plan.id);
  const isApprover = useAccessDecision(ENDPOINT_ACCESS.decideReviews).state === 'allowed';
  // Segregation of duties (the server enforces it too): nobody decides on their own request.
  const isOwnPlan = useAuth().user?.id === plan.user_id;
  const canDecide = isApprover && !isOwnPlan;
  const noteId = useId();
  const form = useForm<ReviewDecisionInput, unknown, ReviewDecision>({
    resolver: zodResolver(reviewDecisionInputSchema),
    defaultValues: { decision: 'approve', note: '' },
  });
  const noteError = form.formState.errors.note?.message;
  const [error, setError] = useState<string | null>(null);
  const help = 'Required when you request changes; the requester reads it.';

  const send = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        await decide.mutateAsync(input);
        toast({
          title: input.decision === 'approve' ? 'Plan approved' : 'Sent back for changes',
          description: plan.requester_email ? `${plan.requester_email} sees your decision on their plan.` : undefined,
          variant: 'success',
        });
      } catch (thrown) {
        setError(setServerFormErrors(form, thrown, ['note'], 'Could not record the decision. Try again.'));
      }
    },
    () => setError(null),
  );
  const submit = (decision: Decision) => {
    form.setValue('decision', decision);
    void send();
  };

  return (
    <section aria-labelledby="decision-heading" className="space-y-4 rounded-lg border border-border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="decision-heading" className="text-lg font-semibold">
          Your decision
        </h2>
        <Badge tone="yellow">
          <UserCheck className="mr-1 size-3.5" aria-hidden /> Human decision required
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        The advisor drafted this plan; nothing starts until a person approves it. Check each step is right for the client, in scope and in
        order.
      </p>
      {isOwnPlan ? (
        <Alert variant="warning">
          <AlertTitle>You submitted this plan</AlertTitle>
          <p className="mt-1">Another approver decides on it: nobody signs off their own request.</p>
        </Alert>
      ) : null}
      {isApprover || isOwnPlan ? null : (
        <Alert variant="warning">
          <AlertTitle>Only approvers can decide</AlertTitle>
          <p className="mt-1">
            You can read this plan. Ask an administrator to give you the Approver capability to approve it or send it back.
          </p>
        </Alert>
      )}
      <FormError message={error} />
      <FormField id={noteId} label="Note to the requester" description={help} error={noteError}>
        <Textarea
          rows={3}
          maxLength={REVIEW_NOTE_MAX_LENGTH}
          disabled={!canDecide}
          {...form.register('note')}
          {...fieldControlProps(noteId, { error: noteError, description: help })}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={!canDecide || decide.isPending} onClick={() => submit('approve')}>
          <Check aria-hidden /> Approve Plan
        </Button>
        <Button type="button" variant="outline" disabled={!canDecide || decide.isPending} onClick={() => submit('request_changes')}>
          <Undo2 aria-hidden /> Request Changes
        </Button>
      </div>
    </section>
  );
}

/** `/task-requests?review=<id>`: a submitted plan as a reviewer sees it, with the decision. */
export function ReviewDetail({ planId }: { planId: string }) {
  const plan = useReviewPlan(planId);
  if (plan.isPending) return <Spinner label="Loading the plan" />;
  if (plan.isError) {
    const missing = plan.error instanceof ApiError && plan.error.status === 404;
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>{missing ? 'Plan not found' : 'The plan could not be loaded'}</AlertTitle>
        <p className="mt-1">{missing ? 'It does not exist, or its owner has not submitted it.' : 'Check your connection and try again.'}</p>
        <Link to="/task-requests" className="mt-3 inline-block font-medium underline">
          Back to the review queue
        </Link>
      </Alert>
    );
  }
  const data = plan.data;
  return (
    <div className="max-w-3xl space-y-8">
      <PlanHeading
        back="Review queue"
        title={data.title}
        status={data.status}
        meta={`Requested by ${data.requester_email ?? 'a former user'}${data.submitted_at ? ` · submitted ${formatDate(data.submitted_at)}` : ''}${data.reviewed_at ? ` · decided ${formatDate(data.reviewed_at)}` : ''}`}
        rawMessage={data.raw_message}
        askedBy="The client asked the advisor"
      />

      <section aria-labelledby="review-steps-heading" className="space-y-3">
        <h2 id="review-steps-heading" className="text-xl font-semibold">
          Steps
        </h2>
        <ol className="space-y-3">
          {data.steps.map((step, index) => (
            <li key={step.id} className="rounded-lg border border-border bg-card p-4">
              <StepSummary step={step} position={index} showStatus={false} />
            </li>
          ))}
        </ol>
      </section>

      {data.status === 'submitted' ? (
        <DecisionForm plan={data} />
      ) : (
        <Alert variant={data.status === 'approved' ? 'success' : 'warning'}>
          <AlertTitle>{data.status === 'approved' ? 'Approved' : 'Sent back for changes'}</AlertTitle>
          {data.review_note ? <p className="mt-1">“{data.review_note}”</p> : null}
          <p className="mt-1">
            {data.status === 'approved' ? 'The decision is recorded.' : 'It returns to the queue when the requester submits it again.'}
          </p>
        </Alert>
      )}
    </div>
  );
}
