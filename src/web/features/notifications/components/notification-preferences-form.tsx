import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '../../../../shared/schemas/notifications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications-api.ts';

const MODE_LABELS: Record<NotificationPreferences['emailMode'], string> = {
  immediate: 'At once, one e-mail each',
  digest: 'Once a day, in a digest (07:00 UTC)',
  off: 'Never, only here',
};

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const id = useId();
  const save = useSaveNotificationPreferences();
  const form = useForm<NotificationPreferences>({ resolver: zodResolver(notificationPreferencesSchema), defaultValues: initial });
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values, { onSuccess: (saved) => form.reset(saved) }))(event)}
      noValidate
    >
      <FormField id={`${id}-mode`} label="E-mail me">
        <NativeSelect id={`${id}-mode`} {...form.register('emailMode')}>
          {Object.entries(MODE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">About</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={kind} className="size-4 accent-primary" {...form.register('emailKinds')} />
            {NOTIFICATION_KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      {save.isError ? (
        <Alert variant="destructive" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      {save.isSuccess && !form.formState.isDirty ? (
        <p role="status" className="text-sm text-muted-foreground">
          Saved.
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={save.isPending} className="justify-self-start">
        {save.isPending ? 'Saving…' : 'Save e-mail preferences'}
      </Button>
    </form>
  );
}

/** Which notifications also come by e-mail, and how (updateNotificationPreferences). */
export function NotificationPreferencesForm() {
  const preferences = useNotificationPreferences(true);
  if (preferences.isPending) return <Spinner label="Loading your preferences" className="p-4" />;
  if (preferences.isError)
    return (
      <Alert variant="destructive" role="alert">
        Your preferences could not be loaded. {preferences.error.message}
      </Alert>
    );
  return <PreferencesForm initial={preferences.data} />;
}
