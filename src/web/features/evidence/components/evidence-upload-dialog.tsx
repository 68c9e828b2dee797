import { useId, useState } from 'react';
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
import { ApiError } from '../../../lib/api-client.ts';
import { useAddEvidence } from '../api/evidence-api.ts';
import { collectedAtOf, formatBytes } from '../evidence-labels.ts';

type Errors = Record<string, string | undefined>;

function firstIssues(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

/** Add evidence: a file (stored and hashed by the server) or a link, for one or more controls. */
export function EvidenceUploadDialog({
  organizationId,
  controls,
  initialControlIds,
  onClose,
}: {
  organizationId: string | undefined;
  controls: ControlOption[];
  initialControlIds: string[];
  onClose: () => void;
}) {
  const id = useId();
  const add = useAddEvidence();
  const today = new Date().toISOString().slice(0, 10);
  const [kind, setKind] = useState<'file' | 'link'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [controlIds, setControlIds] = useState(initialControlIds);
  const [collectedOn, setCollectedOn] = useState(today);
  const [periodStart, setPeriodStart] = useState('');
  const [periodEnd, setPeriodEnd] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const fields: EvidenceFields = {
      organizationId,
      title,
      description,
      controlIds,
      collectedAt: collectedAtOf(collectedOn, today),
      periodStart: periodStart || null,
      periodEnd: periodEnd || null,
    };
    const parsed = kind === 'file' ? evidenceFieldsSchema.safeParse(fields) : createEvidenceLinkInputSchema.safeParse({ ...fields, url });
    const found = parsed.success ? {} : firstIssues(parsed.error.issues);
    if (kind === 'file' && !file) found.file = 'Choose a file';
    else if (kind === 'file' && file && file.size > EVIDENCE_MAX_BYTES) found.file = `At most ${formatBytes(EVIDENCE_MAX_BYTES)}`;
    if (collectedOn > today) found.collectedAt = 'Evidence cannot be collected in the future';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(kind === 'file' && file ? { kind, file, fields } : { kind: 'link', input: { ...fields, url } }, {
      onSuccess: (evidence) => {
        toast({
          title: 'Evidence added',
          description: `${evidence.title} counts for ${evidence.controlIds.join(', ')}.`,
          variant: 'success',
        });
        onClose();
      },
      onError: (error) =>
        setErrors(
          error instanceof ApiError && error.issues.length > 0
            ? firstIssues(error.issues.map((issue) => ({ path: issue.path.split('.'), message: issue.message })))
            : { form: error instanceof ApiError ? error.message : 'The evidence could not be added. Try again.' },
        ),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add evidence</DialogTitle>
          <DialogDescription>Its expiry follows the freshness policy of the controls it proves.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-2 text-sm font-medium">Kind</legend>
            {(['file', 'link'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  className="size-4 accent-primary"
                />
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
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null;
                  setFile(chosen);
                  if (chosen && !title) setTitle(chosen.name.replace(/\.[^.]+$/, ''));
                }}
              />
            </FormField>
          ) : (
            <FormField id={`${id}-url`} label="Address" required error={errors.url}>
              <Input
                {...fieldControlProps(`${id}-url`, { error: errors.url })}
                type="url"
                placeholder="https://"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            </FormField>
          )}
          <FormField id={`${id}-title`} label="Title" required error={errors.title}>
            <Input
              {...fieldControlProps(`${id}-title`, { error: errors.title })}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-description`} label="Description" error={errors.description}>
            <Textarea
              {...fieldControlProps(`${id}-description`, { error: errors.description })}
              className="min-h-16"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </FormField>
          <ControlPicker options={controls} value={controlIds} onChange={setControlIds} error={errors.controlIds} />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id={`${id}-collected`} label="Collected on" error={errors.collectedAt}>
              <Input
                {...fieldControlProps(`${id}-collected`, { error: errors.collectedAt })}
                type="date"
                max={today}
                value={collectedOn}
                onChange={(event) => setCollectedOn(event.target.value)}
              />
            </FormField>
            <FormField id={`${id}-start`} label="Period from" error={errors.periodStart}>
              <Input
                {...fieldControlProps(`${id}-start`, { error: errors.periodStart })}
                type="date"
                value={periodStart}
                onChange={(event) => setPeriodStart(event.target.value)}
              />
            </FormField>
            <FormField id={`${id}-end`} label="Period to" error={errors.periodEnd}>
              <Input
                {...fieldControlProps(`${id}-end`, { error: errors.periodEnd })}
                type="date"
                value={periodEnd}
                onChange={(event) => setPeriodEnd(event.target.value)}
              />
            </FormField>
          </div>
          {errors.form ? (
            <Alert role="alert" variant="destructive">
              {errors.form}
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
