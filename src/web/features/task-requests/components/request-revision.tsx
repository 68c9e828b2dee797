import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type RequestTaskRevisionInput,
  TASK_COMMENT_MAX,
  TASK_REVISION_NOTES_MIN,
  requestTaskRevisionInputSchema,
} from '../../../../shared/schemas/task-requests.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestTaskRevision } from '../api/task-requests-api.ts';

const DESCRIPTION = `At least ${TASK_REVISION_NOTES_MIN} characters. The version you have stays available until the revised one is approved.`;

/**
 * "Request a revision" on delivered work (docs/delivery.md "Revisions"): the client's notes go to the
 * agent, which drafts the next version; a reviewer checks it before it replaces the delivered one.
 */
export function RequestRevision({ requestId }: { requestId: string }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const revise = useRequestTaskRevision(requestId);
  const form = useForm<RequestTaskRevisionInput>({ resolver: zodResolver(requestTaskRevisionInputSchema), defaultValues: { notes: '' } });
  const error = form.formState.errors.notes?.message;
  if (!isOpen) {
    return (
      <Button type="button" variant="outline" className="w-fit" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden /> Request a revision
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label="Request a revision"
      className="grid gap-2 border-t border-border pt-3"
      onSubmit={(event) =>
        void form
          .handleSubmit(async (values) => {
            await revise.mutateAsync(values.notes);
            form.reset();
            setOpen(false);
            toast({
              title: 'Revision requested',
              description: 'The agent is drafting the next version with your notes; our team checks it before you receive it.',
              variant: 'success',
            });
          })(event)
          .catch(() => undefined)
      }
    >
      <FormField id={`${id}-notes`} label="What should change" description={DESCRIPTION} error={error}>
        <Textarea
          rows={4}
          maxLength={TASK_COMMENT_MAX}
          {...fieldControlProps(`${id}-notes`, { error, description: DESCRIPTION })}
          {...form.register('notes')}
        />
      </FormField>
      <FormError
        message={
          revise.isError ? (revise.error instanceof ApiError ? revise.error.message : 'The revision was not requested. Try again.') : null
        }
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={revise.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={revise.isPending}>
          {revise.isPending ? 'Sending…' : 'Send for revision'}
        </Button>
      </div>
    </form>
  );
}
