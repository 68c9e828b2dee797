import { Plus, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  DEPARTMENT_LABELS,
  DEPARTMENTS,
  TASK_FRAMEWORK_CHOICES,
  TASK_FRAMEWORK_NAME_MAX,
  TASK_ATTACHMENTS_MAX,
  TASK_FRAMEWORKS_MAX,
} from '../../../../shared/schemas/task-requests.ts';
import { AttachmentPicker } from '../../../components/attachment-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { AttachmentUploads } from './use-attachment-uploads.ts';
import type { WizardFormInput, WizardFormValues } from './wizard-form.ts';

/** Today in the browser's time zone, the earliest deadline the date picker offers. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function FrameworkChoices({ id, form }: { id: string; form: UseFormReturn<WizardFormInput, unknown, WizardFormValues> }) {
  const [other, setOther] = useState('');
  const chosen = form.watch('frameworks') ?? [];
  const error = form.formState.errors.frameworks;
  const set = (next: string[]) => form.setValue('frameworks', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const toggle = (name: string) => set(chosen.includes(name) ? chosen.filter((item) => item !== name) : [...chosen, name]);
  const custom = chosen.filter((name) => !(TASK_FRAMEWORK_CHOICES as readonly string[]).includes(name));
  const addOther = () => {
    const name = other.trim();
    if (name && !chosen.includes(name) && chosen.length < TASK_FRAMEWORKS_MAX) set([...chosen, name]);
    setOther('');
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Frameworks concerned</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {TASK_FRAMEWORK_CHOICES.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={chosen.includes(name)} onChange={() => toggle(name)} />
            {name}
          </label>
        ))}
      </div>
      {custom.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Other frameworks">
          {custom.map((name) => (
            <li key={name} className="flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pl-2.5 pr-1 text-xs">
              {name}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove ${name}`}
                onClick={() => toggle(name)}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex max-w-sm gap-2">
        <Input
          aria-label="Another framework"
          placeholder="Another framework, e.g. DORA"
          value={other}
          maxLength={TASK_FRAMEWORK_NAME_MAX}
          onChange={(event) => setOther(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addOther();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={addOther} disabled={!other.trim()}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error.message ?? 'Check the frameworks'}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Step 1: what the client asks for. Values stay in the form when the client comes back to edit them. */
// eslint-disable-next-line max-lines-per-function -- the step's labelled fields are flat JSX read top to bottom, bound to the wizard's one form
export function WizardDetailsStep({
  id,
  form,
  uploads,
  organizations,
  onNext,
}: {
  id: string;
  form: UseFormReturn<WizardFormInput, unknown, WizardFormValues>;
  uploads: AttachmentUploads;
  /** Staff and administrators pick the client organization; null for a client (their own). */
  organizations: { id: string; name: string }[] | null;
  onNext: (values: WizardFormValues) => void;
}) {
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          if (organizations && !values.organizationId) {
            form.setError('organizationId', { message: 'Choose the client organization' });
            return;
          }
          onNext(values);
        })(event)
      }
    >
      {organizations ? (
        <FormField id={`${id}-organization`} label="Client organization" error={errors.organizationId?.message} required>
          <NativeSelect
            {...fieldControlProps(`${id}-organization`, { error: errors.organizationId?.message })}
            {...form.register('organizationId')}
          >
            <option value="">Choose an organization</option>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      <FormField id={`${id}-title`} label="Title" error={errors.title?.message} required>
        <Input
          {...fieldControlProps(`${id}-title`, { error: errors.title?.message })}
          aria-required
          placeholder="e.g. Vendor security review of CloudPay"
          {...form.register('title')}
        />
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Description"
        error={errors.description?.message}
        description="What you need, for whom, and anything the agent should know."
      >
        <Textarea
          rows={4}
          {...fieldControlProps(`${id}-description`, { error: errors.description?.message, description: true })}
          {...form.register('description')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-department`} label="Department" error={errors.department?.message} required>
          <NativeSelect
            {...fieldControlProps(`${id}-department`, { error: errors.department?.message })}
            aria-required
            {...form.register('department')}
          >
            <option value="">Choose a department</option>
            {DEPARTMENTS.map((department) => (
              <option key={department} value={department}>
                {DEPARTMENT_LABELS[department]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-deadline`}
          label="Deadline"
          error={errors.deadline?.message}
          description="Optional. A near deadline raises the priority."
        >
          <Input
            type="date"
            min={localToday()}
            {...fieldControlProps(`${id}-deadline`, { error: errors.deadline?.message, description: true })}
            {...form.register('deadline')}
          />
        </FormField>
      </div>
      <FrameworkChoices id={`${id}-frameworks`} form={form} />
      <AttachmentPicker
        id={`${id}-attachments`}
        uploads={uploads}
        max={TASK_ATTACHMENTS_MAX}
        description={`Up to ${TASK_ATTACHMENTS_MAX} files: the policy to update, the vendor’s report, the questionnaire to answer.`}
      />
      <Button type="submit" className="justify-self-end">
        <Sparkles aria-hidden /> Classify with AI
      </Button>
    </form>
  );
}
