import { useId, useState } from 'react';
import { type UseFormRegister, type UseFormReturn, useForm } from 'react-hook-form';
import {
  TRUST_DOCUMENT_VISIBILITIES,
  type TrustCenterForm,
  type TrustCenterSettings,
  trustCenterFormSchema,
} from '../../../../shared/schemas/trust-center.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useUpdateTrustCenter } from '../api/trust-center-settings.ts';

/** The form's fields: domains typed as one comma-separated line, documents kept or removed with a checkbox. */
interface Values {
  enabled: boolean;
  slug: string;
  frameworkIds: string[];
  controlDomains: string[];
  autoApproveDomains: string;
  ndaText: string;
  accessDays: string;
  documents: { id: string; title: string; visibility: string; isKept: boolean }[];
}

const FIELDS = ['slug', 'autoApproveDomains', 'ndaText', 'accessDays', 'frameworkIds', 'controlDomains', 'documents'] as const;

const toInput = (values: Values) => ({
  ...values,
  autoApproveDomains: values.autoApproveDomains
    .split(/[\s,]+/)
    .map((domain) => domain.trim())
    .filter(Boolean),
  documents: values.documents.filter((document) => document.isKept).map(({ id, title, visibility }) => ({ id, title, visibility })),
});

const defaults = (settings: TrustCenterSettings): Values => ({
  enabled: settings.enabled,
  slug: settings.slug,
  frameworkIds: settings.frameworkIds,
  controlDomains: settings.controlDomains,
  autoApproveDomains: settings.autoApproveDomains.join(', '),
  ndaText: settings.ndaText,
  accessDays: String(settings.accessDays),
  documents: settings.documents.map(({ id, title, visibility }) => ({ id, title, visibility, isKept: true })),
});

function CheckboxGroup({
  legend,
  name,
  options,
  register,
}: {
  legend: string;
  name: 'frameworkIds' | 'controlDomains';
  options: { value: string; label: string }[];
  register: UseFormRegister<Values>;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={option.value} className="size-4 accent-[var(--color-primary)]" {...register(name)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DocumentRows({ form, id }: { form: UseFormReturn<Values, unknown, TrustCenterForm>; id: string }) {
  const documents = form.getValues('documents');
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">No documents yet: upload one or pick one below.</p>;
  return (
    <ul className="grid gap-3">
      {documents.map((document, index) => (
        <li key={document.id} className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
          <FormField id={`${id}-doc-${index}`} label="Title">
            <Input {...fieldControlProps(`${id}-doc-${index}`, {})} {...form.register(`documents.${index}.title`)} />
          </FormField>
          <FormField id={`${id}-vis-${index}`} label="Visibility">
            <NativeSelect {...fieldControlProps(`${id}-vis-${index}`, {})} {...form.register(`documents.${index}.visibility`)}>
              {TRUST_DOCUMENT_VISIBILITIES.map((visibility) => (
                <option key={visibility} value={visibility}>
                  {visibility === 'public' ? 'Public' : 'Restricted (NDA)'}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input type="checkbox" className="size-4 accent-[var(--color-primary)]" {...form.register(`documents.${index}.isKept`)} />
            Keep on the page
          </label>
        </li>
      ))}
    </ul>
  );
}

/** The trust center's settings: saved as a whole (updateTrustCenter), one entry on the trail. */
export function TrustCenterSettingsForm({
  settings,
  organizationId,
}: {
  settings: TrustCenterSettings;
  organizationId: string | undefined;
}) {
  const id = useId();
  const update = useUpdateTrustCenter(organizationId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, TrustCenterForm>({
    resolver: inputResolver(trustCenterFormSchema, toInput),
    values: defaults(settings),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync({ ...values, organizationId });
    } catch (error) {
      setFormError(setServerFormErrors(form, error, FIELDS, 'The settings were not saved. Try again.'));
    }
  });
  const message = (field: (typeof FIELDS)[number]) => errors[field]?.message;
  return (
    <form noValidate aria-label="Trust center settings" className="grid gap-5" onSubmit={(event) => void submit(event)}>
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" className="size-4 accent-[var(--color-primary)]" {...form.register('enabled')} />
        Publish the trust center
      </label>
      <FormField id={`${id}-slug`} label="Page address" description={`/trust/${form.watch('slug')}`} error={message('slug')} required>
        <Input
          {...fieldControlProps(`${id}-slug`, { error: message('slug'), description: `/trust/${form.watch('slug')}` })}
          {...form.register('slug')}
        />
      </FormField>
      <CheckboxGroup
        legend="Frameworks shown"
        name="frameworkIds"
        register={form.register}
        options={settings.available.frameworks.map((framework) => ({ value: framework.id, label: framework.name }))}
      />
      <CheckboxGroup
        legend="Control domains shown (none ticked shows all)"
        name="controlDomains"
        register={form.register}
        options={settings.available.controlDomains.map((domain) => ({ value: domain, label: domain }))}
      />
      <FormField
        id={`${id}-domains`}
        label="Approve requests from these e-mail domains at once"
        description="Comma-separated, e.g. partner.example"
        error={message('autoApproveDomains')}
      >
        <Input
          {...fieldControlProps(`${id}-domains`, {
            error: message('autoApproveDomains'),
            description: 'Comma-separated, e.g. partner.example',
          })}
          {...form.register('autoApproveDomains')}
        />
      </FormField>
      <FormField id={`${id}-nda`} label="Non-disclosure agreement" error={message('ndaText')} required>
        <Textarea rows={4} {...fieldControlProps(`${id}-nda`, { error: message('ndaText') })} {...form.register('ndaText')} />
      </FormField>
      <FormField id={`${id}-days`} label="Access lasts (days)" error={message('accessDays')} required>
        <Input
          type="number"
          min={1}
          max={90}
          className="w-32"
          {...fieldControlProps(`${id}-days`, { error: message('accessDays') })}
          {...form.register('accessDays')}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Documents</legend>
        <DocumentRows form={form} id={id} />
      </fieldset>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save the trust center'}
        </Button>
        {update.isSuccess ? (
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            Saved.
          </p>
        ) : null}
      </div>
    </form>
  );
}
