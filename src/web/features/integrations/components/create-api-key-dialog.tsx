import { useId, useState } from 'react';
import {
  API_KEY_AREA_LABELS,
  API_KEY_AREAS,
  type ApiKeyAccess,
  type ApiKeyArea,
  createApiKeyInputSchema,
} from '../../../../shared/schemas/integrations.ts';
import { DialogFormFooter } from '../../../components/dialog-form-footer.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatUtcDay } from '../../../lib/utc-dates.ts';
import { useCreateApiKey } from '../api/integrations-api.ts';
import { ACCESS_LABELS, EXPIRY_CHOICES } from '../integration-labels.ts';
import { SecretShownOnce } from './secret-shown-once.tsx';

type Errors = Record<string, string | undefined>;
const NAME_HINT = 'Where it is used, e.g. “CI pipeline”.';
const NO_ACCESS = Object.fromEntries(API_KEY_AREAS.map((area) => [area, 'none'])) as Record<ApiKeyArea, ApiKeyAccess>;

/** Create an API key (name, access per area, expiry); on success the same dialog shows the key, once. */
export function CreateApiKeyDialog({ organizationId, onClose }: { organizationId: string | undefined; onClose: () => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState(NO_ACCESS);
  const [expiry, setExpiry] = useState('90');
  const [errors, setErrors] = useState<Errors>({});
  const created = create.data;

  const submit = () => {
    const input = { organizationId, name, scopes, expiresInDays: expiry === 'never' ? null : Number(expiry) };
    const parsed = createApiKeyInputSchema.safeParse(input);
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (API_KEY_AREAS.every((area) => scopes[area] === 'none')) found.scopes = 'Give the key access to at least one area';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(input, {
      onError: (error) => {
        const issues = error instanceof ApiError ? error.issues : [];
        setErrors(
          issues.length > 0
            ? Object.fromEntries(issues.map((issue) => [issue.path.split('.')[0] ?? 'form', issue.message]))
            : { form: error instanceof ApiError ? error.message : 'The key could not be created. Try again.' },
        );
      },
    });
  };

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
            <form className="grid gap-4" noValidate onSubmit={(event) => (event.preventDefault(), submit())}>
              <FormField id={`${id}-name`} label="Name" required error={errors.name} description={NAME_HINT}>
                <Input
                  {...fieldControlProps(`${id}-name`, { error: errors.name, description: NAME_HINT })}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </FormField>
              <fieldset
                className="grid gap-3 rounded-md border border-border p-3"
                aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
              >
                <legend className="px-1 text-sm font-medium">Access per area</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  {API_KEY_AREAS.map((area) => (
                    <FormField key={area} id={`${id}-${area}`} label={API_KEY_AREA_LABELS[area]}>
                      <NativeSelect
                        id={`${id}-${area}`}
                        value={scopes[area]}
                        onChange={(event) => setScopes((current) => ({ ...current, [area]: event.target.value as ApiKeyAccess }))}
                      >
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
                <NativeSelect id={`${id}-expiry`} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
                  {EXPIRY_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <DialogFormFooter
                error={errors.form}
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
