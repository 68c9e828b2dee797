import { useId, useMemo, useState } from 'react';
import { type FieldPath, useForm, type UseFormReturn } from 'react-hook-form';
import {
  CONNECTION_SCHEDULE_LABELS,
  CONNECTION_SCHEDULES,
  type Connector,
  type CredentialField,
  type ConnectionSchedule,
  createConnectionInputSchema,
} from '../../../../shared/schemas/connectors.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { useCreateConnection } from '../api/connectors-api.ts';

type CreateConnectionOutput = ReturnType<typeof createConnectionInputSchema.parse>;

interface ConnectionFields {
  name: string;
  schedule: ConnectionSchedule;
  credentials: Record<string, string>;
}

/**
 * Connect a service: a name, how often it runs, and the connector's credential fields. Secrets go in
 * password fields and are sealed by the server; nothing typed here is ever shown again.
 */
export function CreateConnectionDialog({
  connector,
  organizationId,
  onClose,
}: {
  connector: Connector;
  organizationId: string | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const create = useCreateConnection();
  const [failure, setFailure] = useState<string | null>(null);
  const fieldNames = useMemo(
    () => ['name', 'schedule', ...connector.credentialFields.map((field) => `credentials.${field.key}`)] as FieldPath<ConnectionFields>[],
    [connector],
  );
  const resolver = useMemo(
    () =>
      inputResolver(
        createConnectionInputSchema,
        (fields: ConnectionFields) => ({ ...fields, organizationId, connectorId: connector.id, name: fields.name.trim() }),
        fieldNames,
      ),
    [connector, organizationId, fieldNames],
  );
  const form = useForm<ConnectionFields, unknown, CreateConnectionOutput>({
    resolver,
    defaultValues: {
      name: connector.name,
      schedule: 'daily',
      credentials: Object.fromEntries(connector.credentialFields.map((field) => [field.key, ''])),
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    const missing = connector.credentialFields.filter((field) => field.required && !input.credentials[field.key]?.trim());
    for (const field of missing) form.setError(`credentials.${field.key}`, { type: 'required', message: `${field.label} is required` });
    if (missing.length > 0) return;
    try {
      await create.mutateAsync(input);
      toast({ title: `${input.name} connected: its first run is queued`, variant: 'success' });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure('The connection could not be made. Try again.');
      let placed = false;
      for (const issue of error.issues) {
        const field = issue.path.replace(/^body\./, '') as FieldPath<ConnectionFields>;
        if (fieldNames.includes(field)) {
          form.setError(field, { type: 'server', message: issue.message });
          placed = true;
        }
      }
      setFailure(placed ? null : error.message);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Connect {connector.name}</DialogTitle>
          <DialogDescription>Give read-only credentials. They are sealed when saved and never shown again, to anyone.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <FormField id={`${id}-name`} label="Name" required error={errors.name?.message}>
            <Input {...fieldControlProps(`${id}-name`, { error: errors.name?.message })} maxLength={100} {...form.register('name')} />
          </FormField>
          <FormField id={`${id}-schedule`} label="Runs" error={errors.schedule?.message}>
            <NativeSelect id={`${id}-schedule`} {...form.register('schedule')}>
              {CONNECTION_SCHEDULES.map((schedule) => (
                <option key={schedule} value={schedule}>
                  {CONNECTION_SCHEDULE_LABELS[schedule]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {connector.credentialFields.map((field) => (
            <CredentialInput key={field.key} id={`${id}-${field.key}`} field={field} form={form} />
          ))}
          <DialogFormFooter
            error={failure ?? undefined}
            isPending={create.isPending}
            submitLabel="Connect"
            pendingLabel="Connecting…"
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One credential field: a password input for a secret (never echoed back), a URL, text or a longer text. */
function CredentialInput({
  id,
  field,
  form,
}: {
  id: string;
  field: CredentialField;
  form: UseFormReturn<ConnectionFields, unknown, CreateConnectionOutput>;
}) {
  const error = form.formState.errors.credentials?.[field.key]?.message;
  const control = { ...fieldControlProps(id, { error, description: field.help }), ...form.register(`credentials.${field.key}`) };
  return (
    <FormField id={id} label={field.label} required={field.required} error={error} description={field.help}>
      {field.kind === 'textarea' ? (
        <Textarea rows={3} {...control} />
      ) : (
        <Input
          {...control}
          type={field.kind === 'secret' ? 'password' : field.kind === 'url' ? 'url' : 'text'}
          autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
          spellCheck={false}
        />
      )}
    </FormField>
  );
}
