import { ThumbsDown, ThumbsUp, UserCheck } from 'lucide-react';
import { useId, useRef, useState } from 'react';
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
import { ApiError } from '../../../lib/api-client.ts';
import { useDecideOutput } from '../api/reviews.ts';

type Errors = Partial<Record<QualityCategory | 'notes' | 'issues', string>>;

function ScoreInputs({
  values,
  errors,
  disabled,
  onChange,
}: {
  values: Record<QualityCategory, string>;
  errors: Errors;
  disabled: boolean;
  onChange: (category: QualityCategory, value: string) => void;
}) {
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
              value={values[category]}
              disabled={disabled}
              onChange={(event) => onChange(category, event.target.value)}
              {...fieldControlProps(`${id}-${category}`, { error: errors[category] })}
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}

const EMPTY_SCORES: Record<QualityCategory, string> = { accuracy: '', completeness: '', framework_alignment: '', timeliness: '' };

/**
 * The approver's decision (product.md §4, §6): scores by category, notes (required to reject, the agent
 * redrafts from them), issues; Approve or Reject. Disabled, with the reason, when the server says the
 * caller may not decide.
 */
export function DecisionForm({ review, onDecided }: { review: OutputReview; onDecided: (result: DecideOutputResult) => void }) {
  const decide = useDecideOutput(review.output.id);
  const id = useId();
  const notesField = useRef<HTMLTextAreaElement>(null);
  const [scores, setScores] = useState(EMPTY_SCORES);
  const [notes, setNotes] = useState('');
  const [issues, setIssues] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const blocker = review.whyNot ? DECISION_BLOCKER_MESSAGES[review.whyNot] : null;
  const disabled = !review.canDecide || decide.isPending;
  const notesHelp = 'Required to reject: the agent redrafts from these notes.';

  async function submit(decision: ReviewDecision) {
    setError(null);
    const parsed = decideOutputInputSchema.safeParse({
      decision,
      notes,
      scores: Object.fromEntries(
        QUALITY_CATEGORIES.map((category) => [category, scores[category] === '' ? undefined : Number(scores[category])]),
      ),
      issues: issues
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] === 'scores' ? issue.path[1] : issue.path[0]) as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      if (found.notes) notesField.current?.focus();
      return;
    }
    setErrors({});
    try {
      const result = await decide.mutateAsync(parsed.data);
      toast({
        title: decision === 'approved' ? 'Output approved' : 'Returned for revision',
        description:
          decision === 'approved'
            ? `The deliverable is published and ${review.request.requesterName} is told by e-mail.`
            : 'The agent redrafts from your notes; the new version comes back to this queue.',
        variant: 'success',
      });
      onDecided(result);
    } catch (thrown) {
      setError(thrown instanceof ApiError ? thrown.message : 'Could not record the decision. Try again.');
    }
  }

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
      <ScoreInputs
        values={scores}
        errors={errors}
        disabled={disabled}
        onChange={(category, value) => setScores((current) => ({ ...current, [category]: value }))}
      />
      <FormField id={`${id}-notes`} label="Notes" description={notesHelp} error={errors.notes}>
        <Textarea
          ref={notesField}
          rows={3}
          maxLength={REVIEW_NOTES_MAX}
          value={notes}
          disabled={disabled}
          onChange={(event) => setNotes(event.target.value)}
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
          value={issues}
          disabled={disabled}
          onChange={(event) => setIssues(event.target.value)}
          {...fieldControlProps(`${id}-issues`, {
            error: errors.issues,
            description: 'One a line; they appear on the quality-scores screen.',
          })}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={disabled} onClick={() => void submit('approved')}>
          <ThumbsUp aria-hidden /> Approve
        </Button>
        <Button type="button" variant="destructive" disabled={disabled} onClick={() => void submit('rejected')}>
          <ThumbsDown aria-hidden /> Reject
        </Button>
      </div>
    </section>
  );
}
