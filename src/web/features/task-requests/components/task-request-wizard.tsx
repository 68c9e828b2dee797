import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DEPARTMENT_LABELS, type ClassifyTaskRequestResponse } from '../../../../shared/schemas/task-requests.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyOrganizations } from '../../auth/my-organizations.ts';
import { useClassifyTaskRequest, useCreateTaskRequest } from '../api/task-requests-api.ts';
import { formatDay } from '../task-labels.ts';
import { ClassificationSummary } from './classification-summary.tsx';
import { useAttachmentUploads } from './use-attachment-uploads.ts';
import { WizardDetailsStep } from './wizard-details-step.tsx';
import {
  EMPTY_WIZARD_FORM,
  WIZARD_PROGRESS_PER_STEP,
  WIZARD_STEP_NAMES,
  type WizardFormInput,
  type WizardFormValues,
  type WizardStepNumber,
  wizardFormSchema,
} from './wizard-form.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Try again.');

function ReviewDetails({ values, attachments }: { values: WizardFormValues; attachments: string[] }) {
  const rows = [
    ['Title', values.title],
    ['Department', DEPARTMENT_LABELS[values.department]],
    ['Deadline', values.deadline ? formatDay(values.deadline) : 'None'],
    ['Frameworks', values.frameworks.length ? values.frameworks.join(', ') : 'None'],
    ['Attachments', attachments.length ? attachments.join(', ') : 'None'],
    ['Description', values.description || 'None'],
  ] as const;
  return (
    <section className="rounded-lg border border-border bg-card p-4" aria-labelledby="wizard-review-heading">
      <h3 id="wizard-review-heading" className="text-sm font-semibold">
        Your request
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="whitespace-pre-line break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Step 2: the classifier at work, its answer (or why there is none), and the ways on. */
function ClassifyStep({
  classify,
  onEdit,
  onRetry,
  onContinue,
}: {
  classify: ReturnType<typeof useClassifyTaskRequest>;
  onEdit: () => void;
  /** Asks again with the same details (only offered when classifying failed). */
  onRetry: (() => void) | undefined;
  onContinue: () => void;
}) {
  return (
    <div className="grid gap-3">
      {classify.isPending ? (
        <div className="grid gap-3 rounded-lg border border-border bg-card py-8">
          <Spinner label="AI is classifying your request…" className="p-0" />
        </div>
      ) : null}
      {classify.isError ? <FormError title="The request could not be classified" message={messageOf(classify.error)} /> : null}
      {classify.data ? <ClassificationSummary classification={classify.data} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden /> Edit Details
        </Button>
        {classify.isError && onRetry ? (
          <Button type="button" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        {classify.data ? (
          <Button type="button" onClick={onContinue}>
            Continue to review
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Step 3: the request and its classification as they will be sent, the attachments' state, and Submit. */
function ReviewStep({
  values,
  classification,
  uploads,
  create,
  onEdit,
  onSubmit,
}: {
  values: WizardFormValues;
  classification: ClassifyTaskRequestResponse;
  uploads: ReturnType<typeof useAttachmentUploads>;
  create: ReturnType<typeof useCreateTaskRequest>;
  onEdit: () => void;
  onSubmit: () => void;
}) {
  return (
    <div className="grid gap-3">
      <ReviewDetails
        values={values}
        attachments={uploads.uploads.filter((upload) => upload.status === 'done').map((upload) => upload.fileName)}
      />
      <ClassificationSummary classification={classification} />
      {uploads.isUploading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Waiting for your attachments to finish uploading…
        </p>
      ) : null}
      {uploads.hasFailed ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          An attachment failed to upload. Edit the details to remove it or try again.
        </p>
      ) : null}
      <FormError title="The request was not sent" message={create.isError ? messageOf(create.error) : null} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onEdit}>
          <Pencil aria-hidden /> Edit Details
        </Button>
        <Button type="button" disabled={create.isPending || uploads.isUploading || uploads.hasFailed} onClick={onSubmit}>
          <Send aria-hidden /> {create.isPending ? 'Submitting…' : 'Submit Task'}
        </Button>
      </div>
    </div>
  );
}

/** Someone without an organization yet: task requests need one, and subscribing creates it. */
function SubscribeFirst() {
  return (
    <Alert variant="warning">
      <AlertTitle>Subscribe first</AlertTitle>
      <p className="mt-1">
        Task requests belong to your organization, which is created when you subscribe.{' '}
        <Link to="/pricing" className="font-medium underline underline-offset-2">
          Choose a plan
        </Link>
        .
      </p>
    </Alert>
  );
}

/**
 * The create-task wizard (product.md §4, the demo's three steps on real data): details → AI
 * classification (the real classifier, with its reasons) → review and submit. 'Edit Details' goes
 * back to step 1 with everything kept; the progress bar is the step times 33.33.
 */
export function TaskRequestWizard() {
  const id = useId();
  const navigate = useNavigate();
  const [step, setStep] = useState<WizardStepNumber>(1);
  const [values, setValues] = useState<WizardFormValues | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<WizardFormInput, unknown, WizardFormValues>({
    resolver: zodResolver(wizardFormSchema),
    defaultValues: EMPTY_WIZARD_FORM,
  });
  const uploads = useAttachmentUploads();
  const classify = useClassifyTaskRequest();
  const create = useCreateTaskRequest();
  const organizations = useMyOrganizations();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);

  useEffect(() => {
    // Moving between steps moves focus to the step's heading, so keyboard and screen-reader users follow.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  const tenant = organizations.data?.tenant;
  const pickOrganization = tenant === 'staff' || tenant === 'all' ? (organizations.data?.organizations ?? []) : null;

  function runClassification(next: WizardFormValues) {
    setValues(next);
    setStep(2);
    classify.reset();
    classify.mutate({
      title: next.title,
      description: next.description,
      department: next.department,
      deadline: next.deadline,
      frameworks: next.frameworks,
    });
  }

  async function submit() {
    if (!values) return;
    const request = await create.mutateAsync({
      idempotencyKey,
      input: {
        title: values.title,
        description: values.description,
        department: values.department,
        deadline: values.deadline,
        frameworks: values.frameworks,
        attachmentIds: uploads.attachmentIds,
        organizationId: values.organizationId || undefined,
      },
    });
    await navigate(workspaceHref.taskRequest(request.id));
  }

  if (tenant === 'none') return <SubscribeFirst />;

  const progress = step * WIZARD_PROGRESS_PER_STEP;
  const classification: ClassifyTaskRequestResponse | undefined = classify.data;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <h2 ref={stepHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
          Step {step} of 3: {WIZARD_STEP_NAMES[step]}
        </h2>
        <Progress value={progress} aria-label="Task request progress" aria-valuetext={`Step ${step} of 3, ${Math.round(progress)}%`} />
      </div>

      {step === 1 ? (
        <WizardDetailsStep id={id} form={form} uploads={uploads} organizations={pickOrganization} onNext={runClassification} />
      ) : null}

      {step === 2 ? (
        <ClassifyStep
          classify={classify}
          onEdit={() => setStep(1)}
          onRetry={values ? () => runClassification(values) : undefined}
          onContinue={() => setStep(3)}
        />
      ) : null}

      {step === 3 && values && classification ? (
        <ReviewStep
          values={values}
          classification={classification}
          uploads={uploads}
          create={create}
          onEdit={() => setStep(1)}
          onSubmit={() => void submit().catch(() => undefined)}
        />
      ) : null}
    </div>
  );
}
