import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type DsarResolutionInput, dsarResolutionInputSchema } from '../../../../shared/schemas/dsar.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useResolveDsarRequest } from '../api/admin-dsar-requests.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Marks one open privacy request handled: the outcome, what was done, and the day (today by default). */
export function DsarResolutionForm({ id, receivedAt }: { id: string; receivedAt: string }) {
  const resolve = useResolveDsarRequest(id);
  const form = useForm<DsarResolutionInput>({
    resolver: zodResolver(dsarResolutionInputSchema),
    defaultValues: { status: 'completed', note: '', handledOn: today() },
  });
  const { errors } = form.formState;
  const serverError = resolve.error instanceof ApiError ? resolve.error.message : resolve.error ? 'Something went wrong.' : null;
  const field = (name: keyof DsarResolutionInput) => `dsar-${id}-${name}`;
  return (
    <form
      noValidate
      className="grid gap-4 rounded-lg border border-border p-4"
      onSubmit={(event) => void form.handleSubmit((values) => resolve.mutate(values))(event)}
    >
      <h4 className="font-semibold">Mark handled</h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={field('status')} label="Outcome" required>
          <NativeSelect {...fieldControlProps(field('status'), {})} {...form.register('status')}>
            <option value="completed">Completed</option>
            <option value="rejected">Rejected</option>
          </NativeSelect>
        </FormField>
        <FormField id={field('handledOn')} label="Day handled" required error={errors.handledOn?.message}>
          <Input
            type="date"
            min={receivedAt.slice(0, 10)}
            max={today()}
            {...fieldControlProps(field('handledOn'), { error: errors.handledOn?.message })}
            {...form.register('handledOn')}
          />
        </FormField>
      </div>
      <FormField
        id={field('note')}
        label="What was done"
        required
        error={errors.note?.message}
        description="Kept with the request, for whoever answers the requester next."
      >
        <Textarea
          rows={3}
          {...fieldControlProps(field('note'), { error: errors.note?.message, description: true })}
          {...form.register('note')}
        />
      </FormField>
      {serverError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {serverError}
        </p>
      ) : null}
      <Button type="submit" disabled={resolve.isPending} className="justify-self-start">
        <CheckCircle2 aria-hidden /> {resolve.isPending ? 'Saving…' : 'Mark handled'}
      </Button>
    </form>
  );
}
