import { ClipboardList, Download, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  SCORE_BAND_LABELS,
  type ScoreBand,
  VENDOR_QUESTIONNAIRE_DEFAULT_DAYS,
  VENDOR_QUESTIONNAIRE_TEMPLATE_LABELS,
  VENDOR_QUESTIONNAIRE_TEMPLATES,
  type VendorQuestionnaire,
  type VendorQuestionnaireTemplate,
  YES_NO_LABELS,
  type YesNoAnswer,
} from '../../../../shared/schemas/vendor-questionnaires.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { EmptyState, LoadFailed } from '../../../components/ui/load-states.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDownloadVendorFile, useSendVendorQuestionnaire, useVendorQuestionnaires } from '../api/vendor-questionnaires-api.ts';

const BAND_TONE: Record<ScoreBand, 'green' | 'yellow' | 'red'> = { strong: 'green', adequate: 'yellow', weak: 'red' };
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Built-in sets only: the organization's own questions are sent through the API (docs/vendor-questionnaires.md). */
const BUILT_IN = VENDOR_QUESTIONNAIRE_TEMPLATES.filter((template) => template !== 'custom');

function SendForm({ vendorId, tier }: { vendorId: string; tier: number }) {
  const send = useSendVendorQuestionnaire(vendorId);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<VendorQuestionnaireTemplate>(`tier_${tier}` as VendorQuestionnaireTemplate);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailIssue = send.error instanceof ApiError ? send.error.issues.find((issue) => issue.path === 'contactEmail')?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { contactEmail: email, contactName: name, template, expiresInDays: VENDOR_QUESTIONNAIRE_DEFAULT_DAYS },
      {
        onSuccess: (questionnaire) => {
          setSentTo(questionnaire.contactEmail);
          setEmail('');
          setName('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-border p-4" aria-label="Send a questionnaire">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="vq-email" label="Vendor contact e-mail" required error={emailIssue}>
          <Input
            {...fieldControlProps('vq-email', { error: emailIssue })}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField id="vq-name" label="Contact name">
          <Input id="vq-name" value={name} autoComplete="off" onChange={(event) => setName(event.target.value)} />
        </FormField>
      </div>
      <FormField id="vq-template" label="Questions" description={`The link is valid for ${VENDOR_QUESTIONNAIRE_DEFAULT_DAYS} days.`}>
        <NativeSelect
          {...fieldControlProps('vq-template', { description: 'the link’s validity' })}
          value={template}
          onChange={(event) => setTemplate(event.target.value as VendorQuestionnaireTemplate)}
        >
          {BUILT_IN.map((option) => (
            <option key={option} value={option}>
              {VENDOR_QUESTIONNAIRE_TEMPLATE_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormError message={send.isError && !emailIssue ? send.error.message : null} title="The questionnaire was not sent" />
      {sentTo ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          Sent to {sentTo}.
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={send.isPending}>
        <Send aria-hidden /> {send.isPending ? 'Sending…' : 'Send questionnaire'}
      </Button>
    </form>
  );
}

function Answers({ questionnaire }: { questionnaire: VendorQuestionnaire }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">Answers ({Object.keys(questionnaire.answers).length})</summary>
      <dl className="mt-2 grid gap-2">
        {questionnaire.questions.map((question) => {
          const answer = questionnaire.answers[question.id];
          const value =
            question.kind === 'yes_no' ? (YES_NO_LABELS[answer?.value as YesNoAnswer] ?? 'Not answered') : answer?.value || 'Not answered';
          return (
            <div key={question.id}>
              <dt className="text-muted-foreground">{question.text}</dt>
              <dd>
                {value}
                {answer?.comment ? ` — ${answer.comment}` : ''}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}

function Assessment({ assessment }: { assessment: NonNullable<VendorQuestionnaire['assessment']> }) {
  if (!assessment.draft) return <p className="text-sm text-muted-foreground">The vendor-review agent is drafting the assessment…</p>;
  return (
    <section aria-label="Drafted assessment" className="rounded-md bg-muted/50 p-3 text-sm">
      <p className="font-medium">
        {assessment.draft.title}{' '}
        <Badge tone={assessment.draft.status === 'approved' ? 'green' : 'info'}>
          {assessment.draft.status === 'pending_review' ? 'Awaiting review' : assessment.draft.status.replace('_', ' ')}
        </Badge>
      </p>
      <p className="mt-1">{assessment.draft.summary}</p>
      <a className="mt-1 inline-block underline" href={workspaceHref.taskRequest(assessment.taskRequestId)}>
        Open the review request
      </a>
    </section>
  );
}

function Files({ questionnaire }: { questionnaire: VendorQuestionnaire }) {
  const download = useDownloadVendorFile();
  return (
    <div className="grid gap-1 text-sm">
      <ul className="flex flex-wrap gap-2" aria-label="Files the vendor attached">
        {questionnaire.files.map((file) => (
          <li key={file.id}>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={download.isPending}
              onClick={() => download.mutate({ questionnaireId: questionnaire.id, fileId: file.id, fileName: file.fileName })}
            >
              <Download aria-hidden /> {file.fileName}
            </Button>
          </li>
        ))}
      </ul>
      {download.isError ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {download.error.message}
        </p>
      ) : null}
    </div>
  );
}

function QuestionnaireItem({ questionnaire }: { questionnaire: VendorQuestionnaire }) {
  const state =
    questionnaire.status === 'submitted'
      ? `Submitted ${when(questionnaire.submittedAt ?? questionnaire.sentAt)}`
      : questionnaire.expired
        ? `Link expired ${when(questionnaire.expiresAt)} without an answer`
        : `Sent ${when(questionnaire.sentAt)}, link valid until ${when(questionnaire.expiresAt)}`;
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {VENDOR_QUESTIONNAIRE_TEMPLATE_LABELS[questionnaire.template]} · {questionnaire.contactEmail}
        </span>
        {questionnaire.score !== null && questionnaire.scoreBand ? (
          <Badge tone={BAND_TONE[questionnaire.scoreBand]}>
            Score {questionnaire.score}/100 · {SCORE_BAND_LABELS[questionnaire.scoreBand]}
          </Badge>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{state}</p>
      {questionnaire.criticalGaps.length > 0 ? (
        <p className="text-sm text-red-800 dark:text-red-300">
          Critical gaps:{' '}
          {questionnaire.questions
            .filter((question) => questionnaire.criticalGaps.includes(question.id))
            .map((question) => question.area)
            .join(', ')}
        </p>
      ) : null}
      {questionnaire.files.length > 0 ? <Files questionnaire={questionnaire} /> : null}
      {questionnaire.status === 'submitted' ? <Answers questionnaire={questionnaire} /> : null}
      {questionnaire.assessment ? <Assessment assessment={questionnaire.assessment} /> : null}
    </li>
  );
}

/** A vendor's questionnaires (listVendorQuestionnaires) and, for writers, a form to send one (sendVendorQuestionnaire). */
export function VendorQuestionnairesPanel({ vendorId, tier, canWrite }: { vendorId: string; tier: number; canWrite: boolean }) {
  const list = useVendorQuestionnaires(vendorId);
  return (
    <section aria-labelledby="vq-heading" className="grid gap-3">
      <h3 id="vq-heading" className="font-semibold">
        Questionnaires
      </h3>
      {list.isPending ? (
        <Spinner label="Loading the questionnaires" />
      ) : list.isError ? (
        <LoadFailed title="The questionnaires could not be loaded" onRetry={() => void list.refetch()} />
      ) : list.data.questionnaires.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No questionnaire sent yet">
          Send the vendor a questionnaire: they answer online without an account, and the answers are scored and assessed.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Questionnaires sent">
          {list.data.questionnaires.map((questionnaire) => (
            <QuestionnaireItem key={questionnaire.id} questionnaire={questionnaire} />
          ))}
        </ul>
      )}
      {canWrite ? <SendForm vendorId={vendorId} tier={tier} /> : null}
    </section>
  );
}
