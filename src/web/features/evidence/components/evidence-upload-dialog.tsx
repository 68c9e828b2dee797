import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { createEvidenceLinkInputSchema, type EvidenceFields, evidenceFieldsSchema } from '../../../../shared/schemas/evidence.ts';
import { EVIDENCE_MAX_BYTES } from '../../../../shared/schemas/programme-statuses.ts';
import { type ControlOption, ControlPicker } from '../../../components/control-picker.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useAddEvidence } from '../api/evidence-api.ts';
import { collectedAtOf, formatBytes } from '../evidence-labels.ts';

const FIELDS = ['file', 'url', 'title', 'description', 'controlIds', 'collectedAt', 'periodStart', 'periodEnd'] as const;
interface EvidenceFormFields {
  kind: 'file' | 'link';
  file: FileList | null;
  url: string;
  title: string;
  description: string;
  controlIds: string[];
  /** The day it was collected (YYYY-MM-DD); sent as `collectedAt`. */
  collectedAt: string;
  periodStart: string;
  periodEnd: string;
}

/**
 * The request the form makes, checked by the schema the server applies to it (a file's fields, or a
 * link with its address), plus what only the form knows: a file is chosen and not too large, and
 * the day it was collected is not in the future.
 */
const evidenceFormSchema = z
  .object({
    kind: z.enum(['file', 'link']),
    file: z.custom<File | null>(),
    url: z.string(),
    collectedOn: z.string(),
    today: z.string(),
    fields: z.custom<EvidenceFields>(),
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const parsed =
      form.kind === 'file'
        ? evidenceFieldsSchema.safeParse(form.fields)
        : createEvidenceLinkInputSchema.safeParse({ ...form.fields, url: form.url });
    if (!parsed.success) for (const { path, message } of parsed.error.issues) issue(String(path[0] ?? 'form'), message);
    if (form.kind === 'file' && !form.file) issue('file', 'Choose a file');
    else if (form.kind === 'file' && form.file && form.file.size > EVIDENCE_MAX_BYTES)
      issue('file', `At most ${formatBytes(EVIDENCE_MAX_BYTES)}`);
    if (form.collectedOn > form.today) issue('collectedAt', 'Evidence cannot be collected in the future');
  });

/** The form's values, checked as the request it makes; `fieldsOf` reads the request's fields from them. */
function useEvidenceForm(organizationId: string | undefined, initialControlIds: string[], today: string) {
  const fieldsOf = (values: EvidenceFormFields): EvidenceFields => ({
    organizationId,
    title: values.title,
    description: values.description,
    controlIds: values.controlIds,
    collectedAt: collectedAtOf(values.collectedAt, today),
    periodStart: values.periodStart || null,
    periodEnd: values.periodEnd || null,
  });
  const form = useForm({
    resolver: inputResolver(evidenceFormSchema, (values: EvidenceFormFields) => ({
      kind: values.kind,
      file: values.file?.[0] ?? null,
      url: values.url,
      collectedOn: values.collectedAt,
      today,
      fields: fieldsOf(values),
    })),
    defaultValues: {
      kind: 'file',
      file: null,
      url: '',
      title: '',
      description: '',
      controlIds: initialControlIds,
      collectedAt: today,
      periodStart: '',
      periodEnd: '',
    },
  });
  return { form, fieldsOf };
}

type EvidenceForm = ReturnType<typeof useEvidenceForm>['form'];
type EvidenceErrors = Partial<Record<(typeof FIELDS)[number], string>>;

/** What the evidence is: a file (its title defaults to the file's name) or a link's address. */
function EvidenceSourceFields({
  id,
  form,
  errors,
  kind,
}: {
  id: string;
  form: EvidenceForm;
  errors: EvidenceErrors;
  kind: 'file' | 'link';
}) {
  const { onChange: onFileChange, ...fileField } = form.register('file');
  return (
    <>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium">Kind</legend>
        {(['file', 'link'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} {...form.register('kind')} className="size-4 accent-primary" />
            {value === 'file' ? 'A file' : 'A link'}
          </label>
        ))}
      </fieldset>
      {kind === 'file' ? (
        <FormField
          id={`${id}-file`}
          label="File"
          required
          error={errors.file}
          description={`PDF, image, text, CSV, JSON, ZIP or Office file; at most ${formatBytes(EVIDENCE_MAX_BYTES)}.`}
        >
          <Input
            {...fieldControlProps(`${id}-file`, { error: errors.file, description: 'x' })}
            type="file"
            className="h-auto py-1.5"
            {...fileField}
            onChange={(event) => {
              void onFileChange(event);
              const chosen = event.target.files?.[0];
              if (chosen && !form.getValues('title')) form.setValue('title', chosen.name.replace(/\.[^.]+$/, ''));
            }}
          />
        </FormField>
      ) : (
        <FormField id={`${id}-url`} label="Address" required error={errors.url}>
          <Input {...fieldControlProps(`${id}-url`, { error: errors.url })} type="url" placeholder="https://" {...form.register('url')} />
        </FormField>
      )}
    </>
  );
}

/** The day it was collected (not in the future) and the period it covers. */
function CollectedPeriodFields({ id, form, errors, today }: { id: string; form: EvidenceForm; errors: EvidenceErrors; today: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField id={`${id}-collected`} label="Collected on" error={errors.collectedAt}>
        <Input
          {...fieldControlProps(`${id}-collected`, { error: errors.collectedAt })}
          type="date"
          max={today}
          {...form.register('collectedAt')}
        />
      </FormField>
      <FormField id={`${id}-start`} label="Period from" error={errors.periodStart}>
        <Input {...fieldControlProps(`${id}-start`, { error: errors.periodStart })} type="date" {...form.register('periodStart')} />
      </FormField>
      <FormField id={`${id}-end`} label="Period to" error={errors.periodEnd}>
        <Input {...fieldControlProps(`${id}-end`, { error: errors.periodEnd })} type="date" {...form.register('periodEnd')} />
      </FormField>
    </div>
  );
}

/** Add evidence: a file (stored and hashed by the server) or a link, for one or more controls. */
export function EvidenceUploadDialog({
  organizationId,
  controls,
  initialControlIds,
  onClose,
  onAdded,
}: {
  organizationId: string | undefined;
  controls: ControlOption[];
  initialControlIds: string[];
  onClose: () => void;
  /** Told which item was added (an audit request's thread links it). */
  onAdded?: (evidence: { id: string; title: string }) => void;
}) {
  const id = useId();
  const add = useAddEvidence();
  const today = new Date().toISOString().slice(0, 10);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, fieldsOf } = useEvidenceForm(organizationId, initialControlIds, today);
  const errors = Object.fromEntries(FIELDS.map((name) => [name, form.formState.errors[name]?.message])) as EvidenceErrors;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit(
    async ({ kind: chosen, file }) => {
      setFailure(null);
      const fields = fieldsOf(form.getValues());
      try {
        const evidence = await add.mutateAsync(
          chosen === 'file' && file ? { kind: 'file', file, fields } : { kind: 'link', input: { ...fields, url: form.getValues('url') } },
        );
        toast({
          title: 'Evidence added',
          description: `${evidence.title} counts for ${evidence.controlIds.join(', ')}.`,
          variant: 'success',
        });
        onAdded?.({ id: evidence.id, title: evidence.title });
        onClose();
      } catch (error) {
        setFailure(setServerFormErrors(form, error, FIELDS, 'The evidence could not be added. Try again.'));
      }
    },
    () => setFailure(null),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add evidence</DialogTitle>
          <DialogDescription>Its expiry follows the freshness policy of the controls it proves.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <EvidenceSourceFields id={id} form={form} errors={errors} kind={kind} />
          <FormField id={`${id}-title`} label="Title" required error={errors.title}>
            <Input {...fieldControlProps(`${id}-title`, { error: errors.title })} {...form.register('title')} />
          </FormField>
          <FormField id={`${id}-description`} label="Description" error={errors.description}>
            <Textarea
              {...fieldControlProps(`${id}-description`, { error: errors.description })}
              className="min-h-16"
              {...form.register('description')}
            />
          </FormField>
          <Controller
            control={form.control}
            name="controlIds"
            render={({ field }) => (
              <ControlPicker options={controls} value={field.value} onChange={field.onChange} error={errors.controlIds} />
            )}
          />
          <CollectedPeriodFields id={id} form={form} errors={errors} today={today} />
          {failure ? (
            <Alert role="alert" variant="destructive">
              {failure}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add evidence'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
