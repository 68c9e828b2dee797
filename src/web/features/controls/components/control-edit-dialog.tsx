import { useId, useState } from 'react';
import { type ProgrammeControl, type UpdateControlInput, updateControlInputSchema } from '../../../../shared/schemas/controls.ts';
import { CONTROL_STATUS_LABELS, CONTROL_STATUSES, type ControlStatus } from '../../../../shared/schemas/programme-statuses.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUpdateControl } from '../api/controls-api.ts';

export interface Person {
  id: string;
  name: string;
}

type Errors = Partial<Record<'status' | 'ownerId' | 'justification' | 'form', string>>;

function issuesOf(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: 'The control could not be saved. Try again.' };
  const errors: Errors = {};
  for (const issue of error.issues) {
    const field = issue.path as keyof Errors;
    if (field === 'status' || field === 'ownerId' || field === 'justification') errors[field] = issue.message;
  }
  return Object.keys(errors).length > 0 ? errors : { form: error.message };
}

/** Edit a control's owner, status and applicability (not applicable only with a justification). */
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
  const [status, setStatus] = useState<ControlStatus>(control.status);
  const [ownerId, setOwnerId] = useState(control.owner?.id ?? '');
  const [applicable, setApplicable] = useState(control.applicable);
  const [justification, setJustification] = useState(control.justification);
  const [errors, setErrors] = useState<Errors>({});
  const choices = control.owner && !people.some((person) => person.id === control.owner?.id) ? [control.owner, ...people] : people;

  const save = () => {
    const input: UpdateControlInput = { organizationId, status, ownerId: ownerId || null, applicable, justification };
    const parsed = updateControlInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    setErrors({});
    update.mutate(
      { controlId: control.id, input },
      {
        onSuccess: () => {
          toast({ title: `${control.id} saved`, variant: 'success' });
          onClose();
        },
        onError: (error) => setErrors(issuesOf(error)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Edit {control.id}: {control.title}
          </DialogTitle>
          <DialogDescription>{control.evidenceHint || control.description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <FormField id={`${id}-owner`} label="Owner" error={errors.ownerId}>
            <NativeSelect
              {...fieldControlProps(`${id}-owner`, { error: errors.ownerId })}
              value={ownerId}
              onChange={(event) => setOwnerId(event.target.value)}
            >
              <option value="">No owner</option>
              {choices.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={`${id}-status`} label="Status" error={errors.status}>
            <NativeSelect
              {...fieldControlProps(`${id}-status`, { error: errors.status })}
              value={status}
              onChange={(event) => setStatus(event.target.value as ControlStatus)}
            >
              {CONTROL_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {CONTROL_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex items-center gap-3">
            <input
              id={`${id}-applicable`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={applicable}
              onChange={(event) => setApplicable(event.target.checked)}
            />
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
              value={justification}
              onChange={(event) => setJustification(event.target.value)}
            />
          </FormField>
          {errors.form ? (
            <Alert role="alert" variant="destructive">
              {errors.form}
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
