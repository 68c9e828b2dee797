import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type ProgrammeControl, type UpdateControlInput, updateControlInputSchema } from '../../../../shared/schemas/controls.ts';
import { CONTROL_STATUS_LABELS, CONTROL_STATUSES, type ControlStatus } from '../../../../shared/schemas/programme-statuses.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useUpdateControl } from '../api/controls-api.ts';

export interface Person {
  id: string;
  name: string;
}

const FIELDS = ['ownerId', 'status', 'justification'] as const;
interface ControlFields {
  status: ControlStatus;
  ownerId: string;
  applicable: boolean;
  justification: string;
}

/** Edit a control's owner, status and applicability (not applicable only with a justification). */
// eslint-disable-next-line max-lines-per-function -- one dialog form (owner, status, applicability with its justification) read top to bottom
export function ControlEditDialog({
  control,
  organizationId,
  people,
  onClose,
}: {
  control: ProgrammeControl;
  organizationId: string | undefined;
  /** Whom the control may be given to: the signed-in user and the owners already in the register. */
  people: Person[];
  onClose: () => void;
}) {
  const id = useId();
  const update = useUpdateControl();
  const [failure, setFailure] = useState<string | null>(null);
  /** What is sent: the fields as they are (a control's update changes only what it names). */
  const toInput = ({ ownerId, ...fields }: ControlFields): UpdateControlInput => ({ organizationId, ...fields, ownerId: ownerId || null });
  const form = useForm({
    resolver: inputResolver(updateControlInputSchema, toInput),
    defaultValues: {
      status: control.status,
      ownerId: control.owner?.id ?? '',
      applicable: control.applicable,
      justification: control.justification,
    },
  });
  const errors = Object.fromEntries(FIELDS.map((name) => [name, form.formState.errors[name]?.message])) as Partial<
    Record<(typeof FIELDS)[number], string>
  >;
  const applicable = useWatch({ control: form.control, name: 'applicable' });
  const choices = control.owner && !people.some((person) => person.id === control.owner?.id) ? [control.owner, ...people] : people;

  const save = form.handleSubmit(
    async () => {
      setFailure(null);
      try {
        await update.mutateAsync({ controlId: control.id, input: toInput(form.getValues()) });
        toast({ title: `${control.id} saved`, variant: 'success' });
        onClose();
      } catch (error) {
        setFailure(setServerFormErrors(form, error, FIELDS, 'The control could not be saved. Try again.'));
      }
    },
    () => setFailure(null),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Edit {control.id}: {control.title}
          </DialogTitle>
          <DialogDescription>{control.evidenceHint || control.description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void save(event)}>
          <FormField id={`${id}-owner`} label="Owner" error={errors.ownerId}>
            <NativeSelect {...fieldControlProps(`${id}-owner`, { error: errors.ownerId })} {...form.register('ownerId')}>
              <option value="">No owner</option>
              {choices.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-status`} label="Status" error={errors.status}>
            <NativeSelect {...fieldControlProps(`${id}-status`, { error: errors.status })} {...form.register('status')}>
              {CONTROL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {CONTROL_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex items-center gap-3">
            <input id={`${id}-applicable`} type="checkbox" className="size-4 accent-primary" {...form.register('applicable')} />
            <label htmlFor={`${id}-applicable`} className="text-sm font-medium">
              Applies to us
            </label>
          </div>
          <FormField
            id={`${id}-justification`}
            label={applicable ? 'Notes' : 'Why it does not apply'}
            required={!applicable}
            description={applicable ? undefined : 'An auditor reads this: at least 10 characters.'}
            error={errors.justification}
          >
            <Textarea
              {...fieldControlProps(`${id}-justification`, {
                error: errors.justification,
                description: applicable ? undefined : 'x',
              })}
              {...form.register('justification')}
            />
          </FormField>
          {failure ? (
            <Alert role="alert" variant="destructive">
              {failure}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save control'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
