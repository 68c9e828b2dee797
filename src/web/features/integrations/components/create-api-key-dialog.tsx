import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { API_KEY_AREAS, type ApiKeyAccess, type ApiKeyArea } from '../../../../shared/api-key-scopes.ts';
import { API_KEY_AREA_LABELS, createApiKeyInputSchema } from '../../../../shared/schemas/integrations.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { formatUtcDay } from '../../../lib/utc-dates.ts';
import { useCreateApiKey } from '../api/integrations-api.ts';
import { ACCESS_LABELS, EXPIRY_CHOICES } from '../integration-labels.ts';
import { SecretShownOnce } from './secret-shown-once.tsx';

const NAME_HINT = 'Where it is used, e.g. “CI pipeline”.';
const NO_ACCESS = Object.fromEntries(API_KEY_AREAS.map((area) => [area, 'none'])) as Record<ApiKeyArea, ApiKeyAccess>;

const FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
interface ApiKeyFields {
  name: string;
  scopes: Record<ApiKeyArea, ApiKeyAccess>;
  expiresInDays: string;
}

/** Create an API key (name, access per area, expiry); on success the same dialog shows the key, once. */
// eslint-disable-next-line max-lines-per-function -- one dialog in two states (the form with access per area, then the once-shown key) sharing the mutation's result
export function CreateApiKeyDialog({ organizationId, onClose }: { organizationId: string | undefined; onClose: () => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      inputResolver(
        createApiKeyInputSchema.superRefine((input, context) => {
          if (API_KEY_AREAS.every((area) => input.scopes[area] === 'none')) {
            context.addIssue({ code: 'custom', path: ['scopes'], message: 'Give the key access to at least one area' });
          }
        }),
        ({ name, scopes, expiresInDays }: ApiKeyFields) => ({
          organizationId,
          name,
          scopes,
          expiresInDays: expiresInDays === 'never' ? null : Number(expiresInDays),
        }),
      ),
    [organizationId],
  );
  const form = useForm({ resolver, defaultValues: { name: '', scopes: NO_ACCESS, expiresInDays: '90' } });
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
        setFailure(setServerFormErrors(form, error, FIELDS, 'The key could not be created. Try again.'));
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
              <DialogTitle>Your new API key</DialogTitle>
              <DialogDescription>
                {created.name} · {created.expiresAt ? `works until ${formatUtcDay(new Date(created.expiresAt))}` : 'works until revoked'}
              </DialogDescription>
            </DialogHeader>
            <SecretShownOnce
              label="API key"
              secret={created.key}
              warning="This is the only time the key is shown: we keep only a hash of it. Store it in your secret manager now; if you lose it, revoke it and create another."
              onDone={onClose}
            />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create an API key</DialogTitle>
              <DialogDescription>
                A key acts as you, narrowed to this organization and to the areas you choose. It can never manage users, approve work or
                change integrations.
              </DialogDescription>
            </DialogHeader>
            <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
              <FormField id={`${id}-name`} label="Name" required error={errors.name} description={NAME_HINT}>
                <Input {...fieldControlProps(`${id}-name`, { error: errors.name, description: NAME_HINT })} {...form.register('name')} />
              </FormField>
              <fieldset
                className="grid gap-3 rounded-md border border-border p-3"
                aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
              >
                <legend className="px-1 text-sm font-medium">Access per area</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  {API_KEY_AREAS.map((area) => (
                    <FormField key={area} id={`${id}-${area}`} label={API_KEY_AREA_LABELS[area]}>
                      <NativeSelect id={`${id}-${area}`} {...form.register(`scopes.${area}`)}>
                        {(['none', 'read', 'read_write'] as const).map((access) => (
                          <option key={access} value={access}>
                            {ACCESS_LABELS[access]}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormField>
                  ))}
                </div>
                {errors.scopes ? (
                  <p id={`${id}-scopes-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
                    {errors.scopes}
                  </p>
                ) : null}
              </fieldset>
              <FormField id={`${id}-expiry`} label="Expires" error={errors.expiresInDays}>
                <NativeSelect id={`${id}-expiry`} {...form.register('expiresInDays')}>
                  {EXPIRY_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <DialogFormFooter
                error={failure ?? undefined}
                isPending={create.isPending}
                submitLabel="Create key"
                pendingLabel="Creating…"
                onCancel={onClose}
              />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
