import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { FrameworkSummary } from '../../../../shared/schemas/frameworks.ts';
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
import { ApiError } from '../../../lib/api-client.ts';
import { useActivateFramework } from '../api/frameworks-api.ts';
import { plural } from '../framework-labels.ts';

const today = () => new Date().toISOString().slice(0, 10);

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
  const [targetDate, setTargetDate] = useState(framework.activation?.targetDate ?? '');
  const [auditType, setAuditType] = useState<AuditType | ''>(framework.activation?.auditType ?? '');
  const [errors, setErrors] = useState<{ targetDate?: string; auditType?: string; form?: string }>({});
  const activate = useActivateFramework(framework.id);

  function validate() {
    const found: typeof errors = {};
    if (targetDate && targetDate < today()) found.targetDate = 'Choose a date from today on';
    if (framework.auditTypes.length > 0 && !auditType) found.auditType = 'Choose Type I or Type II';
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await activate.mutateAsync({ organizationId, targetDate: targetDate || null, auditType: auditType || null });
      setOpen(false);
      toast({
        title: isActive ? `${framework.name} updated` : `${framework.name} activated`,
        description: isActive ? undefined : `${plural(result.controlsAdded, 'control')} came into scope.`,
        variant: 'success',
      });
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      setErrors({
        targetDate: issues.find((issue) => issue.path === 'targetDate')?.message,
        auditType: issues.find((issue) => issue.path === 'auditType')?.message,
        form: error instanceof Error ? error.message : 'The framework could not be activated. Try again.',
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setErrors({});
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
          <FormError message={errors.form ?? null} />
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
              value={targetDate}
              onChange={(event) => setTargetDate(event.target.value)}
            />
          </FormField>
          {framework.auditTypes.length > 0 ? (
            <fieldset className="grid gap-2" aria-describedby={errors.auditType ? `${id}-audit-error` : undefined}>
              <legend className="text-sm font-medium">
                Audit type
                <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden>
                  *
                </span>
              </legend>
              <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
                {framework.auditTypes.map((type) => (
                  <label key={type} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-audit`}
                      value={type}
                      checked={auditType === type}
                      onChange={() => setAuditType(type)}
                      aria-invalid={errors.auditType ? true : undefined}
                      className="size-4 accent-primary"
                    />
                    {AUDIT_TYPE_LABELS[type]}
                    <span className="text-muted-foreground">{type === 'type1' ? '(design at a date)' : '(operating over a period)'}</span>
                  </label>
                ))}
              </div>
              {errors.auditType ? (
                <p id={`${id}-audit-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
                  {errors.auditType}
                </p>
              ) : null}
            </fieldset>
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
