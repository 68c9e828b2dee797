import { ThumbsDown, ThumbsUp, UserCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { type UseFormRegister, useForm } from 'react-hook-form';
import {
  DECISION_BLOCKER_MESSAGES,
  type DecideOutputResult,
  type OutputReview,
  QUALITY_CATEGORIES,
  QUALITY_CATEGORY_LABELS,
  type QualityCategory,
  REVIEW_NOTES_MAX,
  type ReviewDecision,
  decideOutputInputSchema,
} from '../../../../shared/schemas/reviews.ts';
import { Alert, AlertTitle } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useDecideOutput } from '../api/reviews.ts';

type Errors = Partial<Record<QualityCategory | 'notes' | 'issues', string>>;

function ScoreInputs({ register, errors, disabled }: { register: UseFormRegister<DecisionFields>; errors: Errors; disabled: boolean }) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Quality scores (0–100, required)</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {QUALITY_CATEGORIES.map((category) => (
          <FormField key={category} id={`${id}-${category}`} label={QUALITY_CATEGORY_LABELS[category]} error={errors[category]} required>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              disabled={disabled}
              {...register(`scores.${category}`)}
              {...fieldControlProps(`${id}-${category}`, { error: errors[category] })}
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}

const EMPTY_SCORES: Record<QualityCategory, string> = { accuracy: '', completeness: '', framework_alignment: '', timeliness: '' };

interface DecisionFields {
  decision: ReviewDecision;
  notes: string;
  scores: Record<QualityCategory, string>;
  /** One issue a line. */
  issues: string;
}

const NO_DECISION: DecisionFields = { decision: 'approved', notes: '', scores: EMPTY_SCORES, issues: '' };

/** In the page's order: the scores, the notes, the issues. */
const FIELDS = [...QUALITY_CATEGORIES.map((category) => `scores.${category}` as const), 'notes', 'issues'] as const;

function toInput({ decision, notes, scores, issues }: DecisionFields) {
  return {
    decision,
    notes,
    scores: Object.fromEntries(
      QUALITY_CATEGORIES.map((category) => [category, scores[category] === '' ? undefined : Number(scores[category])]),
    ),
    issues: issues
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/**
 * The approver's decision (product.md §4, §6): scores by category, notes (required to reject, the agent
 * redrafts from them), issues; Approve or Reject. Disabled, with the reason, when the server says the
 * caller may not decide.
 */
export function DecisionForm({ review, onDecided }: { review: OutputReview; onDecided: (result: DecideOutputResult) => void }) {
  const decide = useDecideOutput(review.output.id);
  const id = useId();
  const form = useForm({
    resolver: inputResolver(decideOutputInputSchema, toInput, FIELDS),
    defaultValues: NO_DECISION,
  });
  const formErrors = form.formState.errors;
  const errors: Errors = {
    ...Object.fromEntries(QUALITY_CATEGORIES.map((category) => [category, formErrors.scores?.[category]?.message])),
    notes: formErrors.notes?.message,
    issues: formErrors.issues?.message,
  };
  const [error, setError] = useState<string | null>(null);
  const blocker = review.whyNot ? DECISION_BLOCKER_MESSAGES[review.whyNot] : null;
  const disabled = !review.canDecide || decide.isPending;
  const notesHelp = 'Required to reject: the agent redrafts from these notes.';

  const send = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        const result = await decide.mutateAsync(input);
        toast({
          title: input.decision === 'approved' ? 'Output approved' : 'Returned for revision',
          description:
            input.decision === 'approved'
              ? `The deliverable is published and ${review.request.requesterName} is told by e-mail.`
              : 'The agent redrafts from your notes; the new version comes back to this queue.',
          variant: 'success',
        });
        onDecided(result);
      } catch (thrown) {
        setError(setServerFormErrors(form, thrown, FIELDS, 'Could not record the decision. Try again.'));
      }
    },
    () => setError(null),
  );
  const submit = (decision: ReviewDecision) => {
    form.setValue('decision', decision);
    void send();
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 rounded-lg border border-primary/40 bg-primary/5 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Your decision
        </h2>
        <Badge tone="yellow">
          <UserCheck aria-hidden /> Human decision required
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">An agent drafted this; nothing reaches the client until a person approves it.</p>
      {blocker ? (
        <Alert variant="warning">
          <AlertTitle>{blocker.title}</AlertTitle>
          <p className="mt-1">{blocker.detail}</p>
        </Alert>
      ) : null}
      <FormError message={error} />
      <ScoreInputs register={form.register} errors={errors} disabled={disabled} />
      <FormField id={`${id}-notes`} label="Notes" description={notesHelp} error={errors.notes}>
        <Textarea
          rows={3}
          maxLength={REVIEW_NOTES_MAX}
          disabled={disabled}
          {...form.register('notes')}
          {...fieldControlProps(`${id}-notes`, { error: errors.notes, description: notesHelp })}
        />
      </FormField>
      <FormField
        id={`${id}-issues`}
        label="Issues found"
        description="One a line; they appear on the quality-scores screen."
        error={errors.issues}
      >
        <Textarea
          rows={2}
          disabled={disabled}
          {...form.register('issues')}
          {...fieldControlProps(`${id}-issues`, {
            error: errors.issues,
            description: 'One a line; they appear on the quality-scores screen.',
          })}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={disabled} onClick={() => submit('approved')}>
          <ThumbsUp aria-hidden /> Approve
        </Button>
        <Button type="button" variant="destructive" disabled={disabled} onClick={() => submit('rejected')}>
          <ThumbsDown aria-hidden /> Reject
        </Button>
      </div>
    </section>
  );
}
