import { useId, useState } from 'react';
import { OUTPUT_BODY_MAX, type OutputReview, reviseOutputInputSchema } from '../../../../shared/schemas/reviews.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useReviseOutput } from '../api/reviews.ts';

/** The reviewer's edit of the Markdown; saving makes the next version (the server keeps both). */
export function EditDraftForm({
  review,
  onSaved,
  onCancel,
}: {
  review: OutputReview;
  onSaved: (outputId: string) => void;
  onCancel: () => void;
}) {
  const revise = useReviseOutput(review.output.id);
  const id = useId();
  const [body, setBody] = useState(review.output.body);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const help = `Markdown. Saving makes version ${review.output.version + 1}; this one stays in the history.`;

  async function save() {
    setError(null);
    const parsed = reviseOutputInputSchema.safeParse({ body });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      const saved = await revise.mutateAsync(parsed.data);
      toast({ title: `Saved as version ${saved.output.version}`, variant: 'success' });
      onSaved(saved.output.id);
    } catch (thrown) {
      setError(thrown instanceof ApiError ? thrown.message : 'Could not save the edit. Try again.');
    }
  }

  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormError message={error} />
      <FormField id={id} label="Draft (Markdown)" description={help} error={fieldError}>
        <Textarea
          rows={18}
          maxLength={OUTPUT_BODY_MAX}
          value={body}
          className="font-mono text-xs"
          onChange={(event) => setBody(event.target.value)}
          {...fieldControlProps(id, { error: fieldError, description: help })}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={revise.isPending}>
          Save as new version
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={revise.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
