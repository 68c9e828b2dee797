import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  HIGH_CONFIDENCE,
  type Question,
  SHORT_ANSWER_LABELS,
  SHORT_ANSWERS,
  type ShortAnswer,
} from '../../../../shared/schemas/questionnaires.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useUpdateQuestionnaireAnswer } from '../api/questionnaires-api.ts';

const editSchema = z.object({
  shortAnswer: z.enum(SHORT_ANSWERS).nullable(),
  answer: z.string().trim().min(1, 'Write the answer').max(4000, 'At most 4,000 characters'),
});
interface EditValues {
  shortAnswer: ShortAnswer | '';
  answer: string;
}
const FIELDS = ['shortAnswer', 'answer'] as const;

function EditAnswerForm({ questionnaireId, question, onDone }: { questionnaireId: string; question: Question; onDone: () => void }) {
  const id = useId();
  const update = useUpdateQuestionnaireAnswer();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditValues, unknown, z.output<typeof editSchema>>({
    resolver: inputResolver(editSchema, (values: EditValues) => ({ ...values, shortAnswer: values.shortAnswer || null })),
    defaultValues: { shortAnswer: question.shortAnswer ?? '', answer: question.answer },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: questionnaireId, input: { action: 'edit', questionId: question.id, ...values } });
      onDone();
    } catch (error) {
      setFailure(setServerFormErrors(form, error, FIELDS, 'The answer could not be saved. Try again.'));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 grid gap-3 rounded-md border border-border p-3">
      <FormField id={`${id}-short`} label="Short answer" error={errors.shortAnswer?.message}>
        <NativeSelect {...fieldControlProps(`${id}-short`, { error: errors.shortAnswer?.message })} {...form.register('shortAnswer')}>
          <option value="">None</option>
          {SHORT_ANSWERS.map((value) => (
            <option key={value} value={value}>
              {SHORT_ANSWER_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-answer`} label="Answer" required error={errors.answer?.message}>
        <Textarea rows={4} {...fieldControlProps(`${id}-answer`, { error: errors.answer?.message })} {...form.register('answer')} />
      </FormField>
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          Save and accept
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function statusBadge(question: Question) {
  if (question.status === 'accepted') return <Badge tone="green">Accepted</Badge>;
  if (question.status === 'unanswered') return <Badge tone="red">Needs a person</Badge>;
  return <Badge tone={question.confidence >= HIGH_CONFIDENCE ? 'info' : 'yellow'}>Draft · {question.confidence}% confident</Badge>;
}

/** Someone a question can be handed to: a member of the organization. */
export interface QuestionAssignee {
  userId: string;
  label: string;
}

/** Hands the question to a colleague (or to nobody): saved as soon as it is chosen. */
function ReassignQuestion({
  questionnaireId,
  question,
  assignees,
}: {
  questionnaireId: string;
  question: Question;
  assignees: readonly QuestionAssignee[];
}) {
  const id = useId();
  const update = useUpdateQuestionnaireAnswer();
  const current = question.assignee?.id ?? '';
  const known = assignees.some((assignee) => assignee.userId === current);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-assignee`} className="text-sm">
        Assigned to
      </label>
      <NativeSelect
        id={`${id}-assignee`}
        className="w-56"
        value={current}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate({
            id: questionnaireId,
            input: { action: 'reassign', questionId: question.id, assigneeId: event.target.value || null },
          })
        }
      >
        <option value="">Nobody</option>
        {current && !known ? <option value={current}>{question.assignee?.name ?? 'A former user'}</option> : null}
        {assignees.map((assignee) => (
          <option key={assignee.userId} value={assignee.userId}>
            {assignee.label}
          </option>
        ))}
      </NativeSelect>
      {update.isError ? <FormError message="The question could not be reassigned. Try again." /> : null}
    </div>
  );
}

/** One question, its drafted answer, citations and confidence, and the reviewer's accept, edit and reassign. */
export function QuestionReview({
  questionnaireId,
  question,
  number,
  duplicateOfNumber,
  canReview,
  assignees,
}: {
  questionnaireId: string;
  question: Question;
  number: number;
  duplicateOfNumber: number | null;
  canReview: boolean;
  /** The organization's members; none while they load or when the reviewer may not list them. */
  assignees: readonly QuestionAssignee[];
}) {
  const [isEditing, setIsEditing] = useState(false);
  const update = useUpdateQuestionnaireAnswer();
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium">
          <span className="text-muted-foreground">{number}.</span> {question.text}
        </p>
        {statusBadge(question)}
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        {question.sheet}, row {question.row}
        {duplicateOfNumber ? ` · same as question ${duplicateOfNumber}, answered once` : ''}
        {question.assignee ? ` · with ${question.assignee.name}` : ''}
      </p>
      {question.answer ? (
        <div className="mt-2 text-sm">
          {question.shortAnswer ? <Badge className="mr-2">{SHORT_ANSWER_LABELS[question.shortAnswer]}</Badge> : null}
          {question.answer}
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">Nothing in the answer library covers this question: write the answer.</p>
      )}
      {question.citations.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">Sources: {question.citations.map((citation) => citation.label).join('; ')}</p>
      ) : null}
      {canReview && !isEditing ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {question.answer && question.status !== 'accepted' ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: questionnaireId, input: { action: 'accept', questionIds: [question.id] } })}
            >
              Accept
            </Button>
          ) : null}
          <Button type="button" size="sm" variant="outline" onClick={() => setIsEditing(true)}>
            {question.answer ? 'Edit' : 'Write the answer'}
          </Button>
          {assignees.length > 0 || question.assignee ? (
            <ReassignQuestion questionnaireId={questionnaireId} question={question} assignees={assignees} />
          ) : null}
        </div>
      ) : null}
      {isEditing ? <EditAnswerForm questionnaireId={questionnaireId} question={question} onDone={() => setIsEditing(false)} /> : null}
    </li>
  );
}
