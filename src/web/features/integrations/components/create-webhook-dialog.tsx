import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DOMAIN_EVENT_LABELS, DOMAIN_EVENT_TYPES, type DomainEventType } from '../../../../shared/schemas/domain-events.ts';
import { WEBHOOK_KIND_LABELS, WEBHOOK_KINDS, type WebhookKind, createWebhookInputSchema } from '../../../../shared/schemas/integrations.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useCreateWebhook } from '../api/integrations-api.ts';
import { SecretShownOnce } from './secret-shown-once.tsx';

const URL_HINTS: Record<WebhookKind, string> = {
  webhook: 'Your receiver’s address. Each delivery is a signed JSON POST.',
  slack: 'The incoming-webhook URL Slack gave you for a channel (https://hooks.slack.com/…).',
  teams: 'The incoming-webhook URL of a Microsoft Teams channel connector.',
};

const FIELDS = ['kind', 'url', 'description', 'events'] as const;
interface WebhookFields {
  kind: WebhookKind;
  url: string;
  description: string;
  events: DomainEventType[];
}

/** Subscribe a URL to events; a signed webhook's secret is shown once in the same dialog. */
// eslint-disable-next-line max-lines-per-function -- one dialog in two states (the form, then the once-shown secret) sharing the mutation's result
export function CreateWebhookDialog({ organizationId, onClose }: { organizationId: string | undefined; onClose: () => void }) {
  const id = useId();
  const create = useCreateWebhook();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(
    () => inputResolver(createWebhookInputSchema, (fields: WebhookFields) => ({ ...fields, organizationId, url: fields.url.trim() })),
    [organizationId],
  );
  const form = useForm({
    resolver,
    defaultValues: { kind: 'webhook', url: '', description: '', events: [] },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const errors = Object.fromEntries(FIELDS.map((name) => [name, form.formState.errors[name]?.message])) as Partial<
    Record<(typeof FIELDS)[number], string>
  >;
  const created = create.data;

  const submit = form.handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        await create.mutateAsync(input);
      } catch (error) {
        setFailure(setServerFormErrors(form, error, FIELDS, 'The webhook could not be created. Try again.'));
      }
    },
    () => setFailure(null),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Webhook added</DialogTitle>
              <DialogDescription className="break-all">{created.url}</DialogDescription>
            </DialogHeader>
            <SecretShownOnce
              label="Signing secret"
              secret={created.secret}
              warning="Your receiver needs this secret to check each delivery’s ComplianceCore-Signature header. It is shown only now."
              onDone={onClose}
            >
              <p className="text-sm">Deliveries go to the channel as messages; Slack and Teams URLs carry their own secret.</p>
            </SecretShownOnce>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Add a webhook</DialogTitle>
              <DialogDescription>
                We POST each chosen event to the URL, retrying with backoff when it does not answer 2xx.
              </DialogDescription>
            </DialogHeader>
            <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
              <FormField id={`${id}-kind`} label="Kind" error={errors.kind}>
                <NativeSelect id={`${id}-kind`} {...form.register('kind')}>
                  {WEBHOOK_KINDS.map((value) => (
                    <option key={value} value={value}>
                      {WEBHOOK_KIND_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id={`${id}-url`} label="URL" required error={errors.url} description={URL_HINTS[kind]}>
                <Input
                  {...fieldControlProps(`${id}-url`, { error: errors.url, description: URL_HINTS[kind] })}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  {...form.register('url')}
                />
              </FormField>
              <FormField id={`${id}-description`} label="Description" error={errors.description}>
                <Input
                  {...fieldControlProps(`${id}-description`, { error: errors.description })}
                  maxLength={200}
                  {...form.register('description')}
                />
              </FormField>
              <fieldset
                className="grid gap-2 rounded-md border border-border p-3"
                aria-describedby={errors.events ? `${id}-events-error` : undefined}
              >
                <legend className="px-1 text-sm font-medium">
                  Events
                  <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden>
                    *
                  </span>
                </legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {DOMAIN_EVENT_TYPES.map((event) => (
                    <label key={event} className="flex items-start gap-2 text-sm">
                      <input type="checkbox" className="mt-0.5 size-4 accent-primary" value={event} {...form.register('events')} />
                      {DOMAIN_EVENT_LABELS[event]}
                    </label>
                  ))}
                </div>
                {errors.events ? (
                  <p id={`${id}-events-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
                    {errors.events}
                  </p>
                ) : null}
              </fieldset>
              <DialogFormFooter
                error={failure ?? undefined}
                isPending={create.isPending}
                submitLabel="Add webhook"
                pendingLabel="Adding…"
                onCancel={onClose}
              />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
