import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_PRIORITIES,
  SUPPORT_PRIORITY_LABELS,
  SUPPORT_SUBJECT_MAX,
  type SupportRequestForm as SupportRequestFormValues,
  supportRequestFormSchema,
} from '../../../../shared/schemas/support.ts';
import { SUPPORT_FIRST_RESPONSE_HOURS } from '../../../../shared/rules/support-sla.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { SupportAttachmentPicker } from './support-attachment-picker.tsx';
import type { SupportUploads } from './use-support-uploads.ts';

/**
 * Subject, category, priority, message and files: validated with the schema the server uses. The parent
 * sends it (it owns the uploads and the mutation).
 */
export function SupportRequestForm({
  uploads,
  isPending,
  serverError,
  onSubmit,
  onCancel,
}: {
  uploads: SupportUploads;
  isPending: boolean;
  serverError: string | null;
  onSubmit: (values: SupportRequestFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<SupportRequestFormValues>({
    resolver: zodResolver(supportRequestFormSchema),
    defaultValues: { subject: '', category: 'question', priority: 'normal', message: '' },
  });
  const { errors } = form.formState;
  const waitingOnFiles = uploads.isUploading || uploads.hasFailed;

  return (
    <form
      noValidate
      aria-label="New support request"
      className="grid gap-4"
      onSubmit={(event) =>
        void form
          .handleSubmit(onSubmit)(event)
          .catch(() => undefined)
      }
    >
      <FormField id={`${id}-subject`} label="Subject" error={errors.subject?.message} required>
        <Input
          maxLength={SUPPORT_SUBJECT_MAX}
          aria-required
          {...fieldControlProps(`${id}-subject`, { error: errors.subject?.message })}
          {...form.register('subject')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-category`} label="Category" error={errors.category?.message}>
          <NativeSelect {...fieldControlProps(`${id}-category`, { error: errors.category?.message })} {...form.register('category')}>
            {SUPPORT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {SUPPORT_CATEGORY_LABELS[category]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-priority`} label="Priority" error={errors.priority?.message}>
          <NativeSelect {...fieldControlProps(`${id}-priority`, { error: errors.priority?.message })} {...form.register('priority')}>
            {SUPPORT_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {`${SUPPORT_PRIORITY_LABELS[priority]} (first answer within ${SUPPORT_FIRST_RESPONSE_HOURS[priority]} h)`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${id}-message`} label="Message" error={errors.message?.message} required>
        <Textarea
          rows={5}
          maxLength={SUPPORT_MESSAGE_MAX}
          aria-required
          {...fieldControlProps(`${id}-message`, { error: errors.message?.message })}
          {...form.register('message')}
        />
      </FormField>
      <SupportAttachmentPicker id={`${id}-files`} uploads={uploads} />
      <FormError message={serverError} title="The request was not sent" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending || waitingOnFiles}>
          {isPending ? 'Sending…' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}
