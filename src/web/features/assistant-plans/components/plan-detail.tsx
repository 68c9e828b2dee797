import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { type Plan, type PlanStep, isPlanEditable } from '../../../../shared/schemas/assistant-plans.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddStep } from '../api/add-step.ts';
import { usePlan } from '../api/get-plan.ts';
import { usePlanReadAccess } from '../api/list-plans.ts';
import { useRemoveStep } from '../api/remove-step.ts';
import { useReorderSteps } from '../api/reorder-steps.ts';
import { useSubmitPlan } from '../api/submit-plan.ts';
import { useUpdateStep } from '../api/update-step.ts';
import { formatDate } from '../plan-labels.ts';
import { PlanHeading } from './plan-heading.tsx';
import { PlansNotInRole } from './plans-not-in-role.tsx';
import { StepForm } from './step-form.tsx';
import { type StepActions, StepItem } from './step-item.tsx';

/** Where the plan stands with our reviewers, and what the owner can do next. */
function ReviewStatus({ plan }: { plan: Plan }) {
  const decided = plan.reviewed_at ? ` on ${formatDate(plan.reviewed_at)}` : '';
  const note = plan.review_note ? (
    <blockquote className="mt-2 border-l-4 border-current/30 pl-3 italic">
      <span className="sr-only">The reviewer wrote: </span>“{plan.review_note}”
    </blockquote>
  ) : null;
  if (plan.status === 'changes_requested') {
    return (
      <Alert variant="warning">
        <AlertTitle>Changes requested{decided}</AlertTitle>
        <p className="mt-1">A reviewer sent this plan back. Change the steps below, then submit it again.</p>
        {note}
      </Alert>
    );
  }
  if (plan.status === 'approved') {
    return (
      <Alert variant="success">
        <AlertTitle>Approved{decided}</AlertTitle>
        <p className="mt-1">Our team is turning each step into a task request you can follow here.</p>
        {note}
      </Alert>
    );
  }
  if (plan.status === 'submitted') {
    return (
      <Alert>
        <AlertTitle>Awaiting review</AlertTitle>
        <p className="mt-1">This plan is with our team. A human reviewer approves it, or tells you what to change, before work starts.</p>
      </Alert>
    );
  }
  return null;
}

function failed(error: unknown) {
  toast({
    title: 'Could not save the change',
    description: error instanceof ApiError ? error.message : 'Please try again.',
    variant: 'destructive',
  });
}

/** `/task-requests?plan=<id>`: the plan, its steps, and what the user can do with them. */
// eslint-disable-next-line max-lines-per-function -- the plan, its steps and their actions share the plan query and its mutations; each block is short JSX read top to bottom
export function PlanDetail({ planId }: { planId: string }) {
  const readAccess = usePlanReadAccess();
  const plan = usePlan(planId);
  const addStep = useAddStep(planId);
  const updateStep = useUpdateStep(planId);
  const removeStep = useRemoveStep(planId);
  const reorder = useReorderSteps(planId);
  const submit = useSubmitPlan(planId);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const isPending = addStep.isPending || updateStep.isPending || removeStep.isPending || reorder.isPending || submit.isPending;

  if (readAccess === 'denied') return <PlansNotInRole />;
  if (plan.isPending) return <Spinner label="Loading the plan" />;
  if (plan.isError) {
    const missing = plan.error instanceof ApiError && (plan.error.status === 404 || plan.error.status === 400);
    return (
      <Alert role="alert" variant="destructive">
        <AlertTitle>{missing ? 'Plan not found' : 'The plan could not be loaded'}</AlertTitle>
        <p className="mt-1">{missing ? 'It does not exist, or it is not yours.' : 'Check your connection and try again.'}</p>
        <Link to="/task-requests" className="mt-3 inline-block font-medium underline">
          Back to your plans
        </Link>
      </Alert>
    );
  }
  const { steps } = plan.data;
  const isEditable = isPlanEditable(plan.data.status);
  const isResubmission = plan.data.status === 'changes_requested';
  const actions: StepActions = {
    onMove: (step: PlanStep, direction) => {
      const ids = steps.map((item) => item.id);
      const from = ids.indexOf(step.id);
      const to = from + direction;
      if (to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to] ?? '', ids[from] ?? ''];
      reorder.mutate(ids, {
        onSuccess: () => setAnnouncement(`${step.title} moved to position ${to + 1} of ${ids.length}.`),
        onError: failed,
      });
    },
    onSave: (step, values) => updateStep.mutateAsync({ stepId: step.id, changes: values }).catch(failed),
    onStatus: (step, status) => updateStep.mutate({ stepId: step.id, changes: { status } }, { onError: failed }),
    onRemove: (step) => removeStep.mutate(step.id, { onSuccess: () => setAnnouncement(`${step.title} removed.`), onError: failed }),
  };

  return (
    <div className="max-w-3xl space-y-8">
      <PlanHeading
        back="All plans"
        title={plan.data.title}
        status={plan.data.status}
        headingRef={heading}
        meta={`Created ${formatDate(plan.data.created_at)} from the advisor${plan.data.submitted_at ? ` · submitted ${formatDate(plan.data.submitted_at)}` : ''}`}
        rawMessage={plan.data.raw_message}
        askedBy="You asked"
      />

      <ReviewStatus plan={plan.data} />

      <section aria-labelledby="steps-heading" className="space-y-3">
        <h2 id="steps-heading" className="text-xl font-semibold">
          Steps
        </h2>
        <ol className="space-y-3">
          {steps.map((step, index) => (
            <StepItem
              key={step.id}
              step={step}
              position={index}
              count={steps.length}
              isEditable={isEditable}
              isPending={isPending}
              actions={actions}
            />
          ))}
        </ol>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>

      {isEditable ? (
        <>
          <section aria-labelledby="add-step-heading" className="rounded-lg border border-dashed border-border p-4">
            <h2 id="add-step-heading" className="mb-4 text-lg font-semibold">
              Add a step
            </h2>
            <StepForm
              submitLabel="Add step"
              isPending={isPending}
              onSubmit={(values) =>
                addStep.mutateAsync(values).then(() => setAnnouncement(`${values.title} added as step ${steps.length + 1}.`), failed)
              }
            />
          </section>
          <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              {isResubmission
                ? 'Submitting again sends your changes to the reviewer.'
                : 'Submitting sends the plan to our reviewers; you cannot edit it while they decide.'}
            </p>
            <Button
              type="button"
              disabled={isPending}
              onClick={() =>
                submit.mutate(undefined, {
                  onSuccess: () => {
                    toast({
                      title: 'Plan submitted',
                      description: 'A reviewer will approve it or tell you what to change.',
                      variant: 'success',
                    });
                    heading.current?.focus();
                  },
                  onError: failed,
                })
              }
            >
              <Send aria-hidden /> {isResubmission ? 'Submit again' : 'Submit plan'}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
