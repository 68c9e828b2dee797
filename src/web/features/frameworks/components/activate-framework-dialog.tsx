import { type ReactNode, useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { type FrameworkSummary, activateFrameworkInputSchema } from '../../../../shared/schemas/frameworks.ts';
import { AUDIT_TYPE_LABELS, type AuditType } from '../../../../shared/schemas/programme-statuses.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useActivateFramework } from '../api/frameworks-api.ts';
import { plural } from '../framework-labels.ts';

const today = () => new Date().toISOString().slice(0, 10);

interface ActivationFields {
  targetDate: string;
  auditType: AuditType | '';
}

const activationFieldsOf = (framework: FrameworkSummary): ActivationFields => ({
  targetDate: framework.activation?.targetDate ?? '',
  auditType: framework.activation?.auditType ?? '',
});

/** Type I or Type II, asked only where the framework has audit types (SOC 2). */
function AuditTypeFieldset({
  id,
  types,
  field,
  error,
}: {
  id: string;
  types: FrameworkSummary['auditTypes'];
  field: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-audit-error` : undefined}>
      <legend className="text-sm font-medium">
        Audit type
        <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden>
          *
        </span>
      </legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {types.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input type="radio" value={type} {...field} aria-invalid={error ? true : undefined} className="size-4 accent-primary" />
            {AUDIT_TYPE_LABELS[type]}
            <span className="text-muted-foreground">{type === 'type1' ? '(design at a date)' : '(operating over a period)'}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-audit-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Activates a framework for the organization in view (or changes its target date and audit type):
 * the controls its requirements map to come into scope. Type I or II is asked only where the
 * framework has audit types (SOC 2).
 */
export function ActivateFrameworkDialog({
  framework,
  organizationId,
  trigger,
}: {
  framework: FrameworkSummary;
  organizationId: string | undefined;
  trigger: ReactNode;
}) {
  const id = useId();
  const isActive = framework.activation !== null;
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const needsAuditType = framework.auditTypes.length > 0;
  const activate = useActivateFramework(framework.id);
  const form = useForm({
    // The server's rules for an activation, plus what only the form asks: a date from today on, and
    // Type I or II where the framework has audit types.
    resolver: inputResolver(
      activateFrameworkInputSchema.superRefine((input, context) => {
        if (input.targetDate && input.targetDate < today()) {
          context.addIssue({ code: 'custom', path: ['targetDate'], message: 'Choose a date from today on' });
        }
        if (needsAuditType && !input.auditType)
          context.addIssue({ code: 'custom', path: ['auditType'], message: 'Choose Type I or Type II' });
      }),
      (fields: ActivationFields) => ({ organizationId, targetDate: fields.targetDate || null, auditType: fields.auditType || null }),
    ),
    defaultValues: activationFieldsOf(framework),
  });
  const errors = { targetDate: form.formState.errors.targetDate?.message, auditType: form.formState.errors.auditType?.message };

  const submit = form.handleSubmit(
    async (input) => {
      setFailure(null);
      try {
        const result = await activate.mutateAsync(input);
        setOpen(false);
        toast({
          title: isActive ? `${framework.name} updated` : `${framework.name} activated`,
          description: isActive ? undefined : `${plural(result.controlsAdded, 'control')} came into scope.`,
          variant: 'success',
        });
      } catch (error) {
        setServerFormErrors(form, error, ['targetDate', 'auditType'], '');
        setFailure(error instanceof Error ? error.message : 'The framework could not be activated. Try again.');
      }
    },
    () => setFailure(null),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          form.clearErrors();
          setFailure(null);
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isActive ? `Change ${framework.name}` : `Activate ${framework.name}`}</DialogTitle>
          <DialogDescription>
            {isActive
              ? 'Move the target date or change the audit type.'
              : `The controls ${framework.name}’s requirements map to come into your programme; those already in it are shared.`}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label={`Activate ${framework.name}`}>
          <FormError message={failure} />
          <FormField
            id={`${id}-target`}
            label="Target date"
            description="When you want to be ready for the audit (optional)."
            error={errors.targetDate}
          >
            <Input
              {...fieldControlProps(`${id}-target`, { error: errors.targetDate, description: true })}
              type="date"
              min={today()}
              {...form.register('targetDate')}
            />
          </FormField>
          {needsAuditType ? (
            <AuditTypeFieldset id={id} types={framework.auditTypes} field={form.register('auditType')} error={errors.auditType} />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={activate.isPending}>
              {activate.isPending ? 'Saving…' : isActive ? 'Save Changes' : `Activate ${framework.name}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
