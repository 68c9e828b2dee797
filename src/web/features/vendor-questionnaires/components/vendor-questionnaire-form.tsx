import { CircleCheck, ClipboardList, Paperclip } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import {
  type PublicVendorQuestionnaire,
  type VendorAnswer,
  type VendorQuestion,
  YES_NO_ANSWERS,
  YES_NO_LABELS,
} from '../../../../shared/schemas/vendor-questionnaires.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import {
  useAttachVendorFile,
  useSaveVendorAnswers,
  useSubmitVendorQuestionnaire,
  useVendorQuestionnaireLink,
} from '../api/vendor-questionnaire-link-api.ts';

type Answers = Record<string, VendorAnswer>;

function Question({
  question,
  answer,
  onChange,
}: {
  question: VendorQuestion;
  answer: VendorAnswer | undefined;
  onChange: (answer: VendorAnswer) => void;
}) {
  const id = `q-${question.id}`;
  const current = answer ?? { value: '', comment: '' };
  if (question.kind === 'text') {
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{question.text}</Label>
        <Textarea id={id} rows={3} value={current.value} onChange={(event) => onChange({ ...current, value: event.target.value })} />
      </div>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{question.text}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {YES_NO_ANSWERS.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
            <input
              type="radio"
              name={id}
              value={value}
              checked={current.value === value}
              onChange={() => onChange({ ...current, value })}
              className="size-4 accent-primary"
            />
            {YES_NO_LABELS[value]}
          </label>
        ))}
      </div>
      <Input
        aria-label={`Comment on: ${question.text}`}
        placeholder="Comment (optional)"
        value={current.comment}
        onChange={(event) => onChange({ ...current, comment: event.target.value })}
      />
    </fieldset>
  );
}

function Files({ token, files }: { token: string; files: PublicVendorQuestionnaire['files'] }) {
  const attach = useAttachVendorFile(token);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) attach.mutate(file);
    event.target.value = '';
  };
  return (
    <section aria-labelledby="vq-files" className="grid gap-2">
      <h2 id="vq-files" className="text-lg font-semibold">
        Supporting files
      </h2>
      <p className="text-sm text-muted-foreground">
        A SOC 2 report, a certificate or a policy: PDF, images, office documents or text, 10 MB each.
      </p>
      {files.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-2">
              <Paperclip className="size-4 text-muted-foreground" aria-hidden /> {file.fileName} ({formatBytes(file.sizeBytes)})
            </li>
          ))}
        </ul>
      ) : null}
      <Label htmlFor="vq-file">Attach a file</Label>
      <input id="vq-file" type="file" onChange={pick} disabled={attach.isPending} className="text-sm" />
      <FormError message={attach.isError ? attach.error.message : null} title="The file was not attached" />
    </section>
  );
}

function LinkRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (
    error instanceof ApiError &&
    ['QUESTIONNAIRE_EXPIRED', 'QUESTIONNAIRE_SUBMITTED', 'NOT_FOUND', 'VALIDATION_FAILED'].includes(error.code)
  ) {
    const title =
      error.code === 'QUESTIONNAIRE_EXPIRED'
        ? 'This link has expired'
        : error.code === 'QUESTIONNAIRE_SUBMITTED'
          ? 'This questionnaire was already submitted'
          : 'This link is not valid';
    return (
      <EmptyState icon={ClipboardList} title={title}>
        {error.message}
      </EmptyState>
    );
  }
  return <LoadFailed title="The questionnaire could not be loaded" onRetry={onRetry} />;
}

function Form({ token, page }: { token: string; page: PublicVendorQuestionnaire }) {
  const [answers, setAnswers] = useState<Answers>(page.answers);
  const save = useSaveVendorAnswers(token);
  const submit = useSubmitVendorQuestionnaire(token);
  const [submittedAt, setSubmittedAt] = useState<string | null>(null);
  const areas = [...new Set(page.questions.map((question) => question.area))];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate({ answers }, { onSuccess: (receipt) => setSubmittedAt(receipt.submittedAt) });
  };
  if (submittedAt) {
    return (
      <div role="status" className="rounded-xl border border-border p-6">
        <CircleCheck className="size-8 text-emerald-700" aria-hidden />
        <h2 className="mt-2 text-xl font-semibold">Thank you: your answers were sent</h2>
        <p className="mt-1 text-muted-foreground">{page.organizationName} will review them. The link is now closed.</p>
      </div>
    );
  }
  const failure = submit.error ?? save.error;
  return (
    <form onSubmit={onSubmit} className="grid gap-6" aria-label="Questionnaire">
      {areas.map((area) => (
        <section key={area} className="grid gap-4 rounded-xl border border-border p-4 sm:p-6" aria-label={area}>
          <h2 className="text-lg font-semibold">{area}</h2>
          {page.questions
            .filter((question) => question.area === area)
            .map((question) => (
              <Question
                key={question.id}
                question={question}
                answer={answers[question.id]}
                onChange={(answer) => setAnswers((previous) => ({ ...previous, [question.id]: answer }))}
              />
            ))}
        </section>
      ))}
      <Files token={token} files={page.files} />
      <FormError message={failure ? failure.message : null} title="Not saved" />
      {save.isSuccess && !save.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Saved. You can come back to this link until it expires.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" disabled={save.isPending || submit.isPending} onClick={() => save.mutate({ answers })}>
          {save.isPending ? 'Saving…' : 'Save for later'}
        </Button>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting…' : 'Submit answers'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Once submitted, the answers are final and the link closes.</p>
    </form>
  );
}

/** /vendor-questionnaire/<token>: the vendor answers without an account (docs/vendor-questionnaires.md). */
export function VendorQuestionnaireForm({ token }: { token: string }) {
  const page = useVendorQuestionnaireLink(token);
  if (page.isPending) return <Spinner label="Loading the questionnaire" />;
  if (page.isError) return <LinkRefused error={page.error} onRetry={() => void page.refetch()} />;
  const { data } = page;
  return (
    <div className="grid gap-6">
      <header>
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
          <ClipboardList className="size-4" aria-hidden /> Security questionnaire
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {data.organizationName} asks {data.vendorName}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {data.questions.length} questions. No account needed; save and come back until{' '}
          {`${data.expiresAt.slice(0, 16).replace('T', ' ')} UTC`}.
        </p>
        {data.message ? <p className="mt-3 whitespace-pre-line">{data.message}</p> : null}
      </header>
      <Form token={token} page={data} />
    </div>
  );
}
