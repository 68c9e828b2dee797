import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { OUTPUT_BODY_MAX, type OutputReview, type ReviseOutputInput, reviseOutputInputSchema } from '../../../../shared/schemas/reviews.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
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
  const form = useForm<ReviseOutputInput>({ resolver: zodResolver(reviseOutputInputSchema), defaultValues: { body: review.output.body } });
  const fieldError = form.formState.errors.body?.message;
  const [error, setError] = useState<string | null>(null);
  const help = `Markdown. Saving makes version ${review.output.version + 1}; this one stays in the history.`;

  const save = form.handleSubmit(
    async (input) => {
      setError(null);
      try {
        const saved = await revise.mutateAsync(input);
        toast({ title: `Saved as version ${saved.output.version}`, variant: 'success' });
        onSaved(saved.output.id);
      } catch (thrown) {
        setError(setServerFormErrors(form, thrown, ['body'], 'Could not save the edit. Try again.'));
      }
    },
    () => setError(null),
  );

  return (
    <form className="space-y-3" noValidate onSubmit={(event) => void save(event)}>
      <FormError message={error} />
      <FormField id={id} label="Draft (Markdown)" description={help} error={fieldError}>
        <Textarea
          rows={18}
          maxLength={OUTPUT_BODY_MAX}
          className="font-mono text-xs"
          {...form.register('body')}
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
