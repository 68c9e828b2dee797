import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  answerQuestionnaireInputSchema,
  HIGH_CONFIDENCE,
  type Questionnaire,
  type QuestionnaireSheet,
} from '../../../../shared/schemas/questionnaires.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { LoadFailed } from '../../../components/ui/load-states.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import {
  useAnswerQuestionnaire,
  useExportQuestionnaire,
  useQuestionnaire,
  useUpdateQuestionnaireAnswer,
} from '../api/questionnaires-api.ts';
import { type QuestionAssignee, QuestionReview } from './question-review.tsx';

interface MappingValues {
  sheets: {
    sheet: string;
    included: boolean;
    headerRow: string;
    questionColumn: string;
    answerColumn: string;
    shortAnswerColumn: string;
  }[];
}
const toNumber = (value: string) => (value === '' ? null : Number(value));

function ColumnSelect({
  label,
  sheet,
  registration,
}: {
  label: string;
  sheet: QuestionnaireSheet;
  registration: ReturnType<ReturnType<typeof useForm<MappingValues>>['register']>;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium">
        {label}
      </label>
      <NativeSelect id={id} {...registration}>
        <option value="">None</option>
        {sheet.columns.map((column) => (
          <option key={column.column} value={String(column.column)}>
            {column.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The detected columns, per sheet, as the reviewer corrects them; submitting answers the questionnaire. */
function MappingForm({ questionnaire }: { questionnaire: Questionnaire }) {
  const answer = useAnswerQuestionnaire();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MappingValues, unknown, { sheets?: { sheet: string }[] }>({
    resolver: inputResolver(answerQuestionnaireInputSchema, (values: MappingValues) => ({
      sheets: values.sheets.map((sheet) => ({
        sheet: sheet.sheet,
        included: sheet.included,
        headerRow: Number(sheet.headerRow || 0),
        questionColumn: toNumber(sheet.questionColumn),
        answerColumn: toNumber(sheet.answerColumn),
        shortAnswerColumn: toNumber(sheet.shortAnswerColumn),
      })),
    })),
    defaultValues: {
      sheets: questionnaire.sheets.map((sheet) => ({
        sheet: sheet.sheet,
        included: sheet.included,
        headerRow: String(sheet.headerRow),
        questionColumn: sheet.questionColumn ? String(sheet.questionColumn) : '',
        answerColumn: sheet.answerColumn ? String(sheet.answerColumn) : '',
        shortAnswerColumn: sheet.shortAnswerColumn ? String(sheet.shortAnswerColumn) : '',
      })),
    },
  });
  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await answer.mutateAsync({ id: questionnaire.id, input: input as Parameters<typeof answer.mutateAsync>[0]['input'] });
    } catch (error) {
      setFailure(setServerFormErrors(form, error, [], 'The questionnaire could not be answered. Check the columns and try again.'));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3 rounded-lg border border-border p-4">
      <h3 className="font-semibold">Questions and answer columns</h3>
      <p className="text-sm text-muted-foreground">Detected from the file; correct them if a column is wrong, then answer.</p>
      {questionnaire.sheets.map((sheet, index) => (
        <fieldset key={sheet.sheet} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-4">
          <legend className="px-1 text-sm font-medium">
            {sheet.sheet} {sheet.hidden ? '(hidden)' : ''} · {sheet.questionCount} questions found
          </legend>
          <label className="flex items-center gap-2 text-sm sm:col-span-4">
            <input type="checkbox" {...form.register(`sheets.${index}.included`)} /> Answer this sheet
          </label>
          <ColumnSelect label="Questions" sheet={sheet} registration={form.register(`sheets.${index}.questionColumn`)} />
          <ColumnSelect label="Answers" sheet={sheet} registration={form.register(`sheets.${index}.answerColumn`)} />
          <ColumnSelect label="Yes / No" sheet={sheet} registration={form.register(`sheets.${index}.shortAnswerColumn`)} />
          <label className="grid gap-1 text-xs font-medium">
            Header row
            <input
              type="number"
              min={0}
              className="rounded-md border border-input bg-background px-2 py-1.5 text-sm"
              {...form.register(`sheets.${index}.headerRow`)}
            />
          </label>
        </fieldset>
      ))}
      <FormError message={failure} />
      <Button type="submit" disabled={answer.isPending || questionnaire.status === 'answering'}>
        {questionnaire.status === 'uploaded' ? 'Answer the questions' : 'Answer again'}
      </Button>
    </form>
  );
}

interface QuestionnaireDetailProps {
  id: string;
  canReview: boolean;
  /** Who a question can be handed to. */
  assignees: readonly QuestionAssignee[];
}

/** One questionnaire: its columns, progress, the review of every question, and the export. */
export function QuestionnaireDetail({ id, canReview, assignees }: QuestionnaireDetailProps) {
  const query = useQuestionnaire(id);
  const review = useUpdateQuestionnaireAnswer();
  const download = useExportQuestionnaire();
  const [filter, setFilter] = useState<'all' | 'unanswered' | 'draft' | 'accepted'>('all');
  if (query.isPending) return <Spinner label="Loading the questionnaire" />;
  if (query.isError) return <LoadFailed title="The questionnaire could not be loaded." onRetry={() => void query.refetch()} />;
  const questionnaire = query.data;
  const numberOf = new Map(questionnaire.questions.map((question, index) => [question.id, index + 1]));
  const shown = questionnaire.questions.filter((question) => filter === 'all' || question.status === filter);
  const highConfidence = questionnaire.questions.filter(
    (question) => question.status === 'draft' && question.confidence >= HIGH_CONFIDENCE,
  ).length;
  return (
    <section aria-labelledby="questionnaire-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="questionnaire-heading" className="text-lg font-semibold">
          {questionnaire.name}
        </h3>
        <Badge tone={questionnaire.status === 'failed' ? 'red' : questionnaire.status === 'answered' ? 'green' : 'info'}>
          {questionnaire.status}
        </Badge>
      </div>
      {questionnaire.warnings.map((warning) => (
        <p key={warning} className="text-sm text-muted-foreground">
          {warning}
        </p>
      ))}
      {questionnaire.error ? <p className="text-sm text-red-700 dark:text-red-400">{questionnaire.error}</p> : null}
      {questionnaire.status === 'answering' ? (
        <div className="space-y-1" role="status">
          <p className="text-sm">
            Answering: {questionnaire.progress.done} of {questionnaire.progress.total}
          </p>
          <Progress value={questionnaire.progress.done} max={Math.max(questionnaire.progress.total, 1)} aria-label="Answering progress" />
        </div>
      ) : null}
      {canReview ? <MappingForm key={questionnaire.updatedAt} questionnaire={questionnaire} /> : null}
      <p className="text-sm">
        {questionnaire.counts.answered} of {questionnaire.questions.length} answered with sources · {questionnaire.counts.accepted} accepted
        · {questionnaire.counts.duplicates} duplicates answered once
      </p>
      <div className="flex flex-wrap gap-2">
        {canReview ? (
          <Button
            type="button"
            variant="outline"
            disabled={highConfidence === 0 || review.isPending}
            onClick={() => review.mutate({ id, input: { action: 'acceptHighConfidence' } })}
          >
            Accept {highConfidence} high-confidence answers
          </Button>
        ) : null}
        <Button type="button" variant="outline" disabled={download.isPending} onClick={() => download.mutate({ id, format: 'original' })}>
          Download the answered {questionnaire.format === 'docx' ? 'document' : 'file'}
        </Button>
        <Button type="button" variant="outline" disabled={download.isPending} onClick={() => download.mutate({ id, format: 'pdf' })}>
          Download PDF
        </Button>
      </div>
      {download.isError ? <FormError message="The export could not be downloaded. Try again." /> : null}
      <div className="flex items-center gap-2">
        <label htmlFor="question-filter" className="text-sm font-medium">
          Show
        </label>
        <NativeSelect
          id="question-filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value as typeof filter)}
          className="w-56"
        >
          <option value="all">All questions</option>
          <option value="unanswered">Needing a person</option>
          <option value="draft">Drafts to review</option>
          <option value="accepted">Accepted</option>
        </NativeSelect>
      </div>
      <ul className="space-y-3">
        {shown.map((question) => (
          <QuestionReview
            key={question.id}
            questionnaireId={id}
            question={question}
            number={numberOf.get(question.id) ?? 0}
            duplicateOfNumber={question.duplicateOfId ? (numberOf.get(question.duplicateOfId) ?? null) : null}
            canReview={canReview}
            assignees={assignees}
          />
        ))}
      </ul>
    </section>
  );
}
