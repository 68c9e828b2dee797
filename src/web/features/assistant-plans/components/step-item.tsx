import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { STEP_STATUSES, type PlanStep, type StepFormValues, type StepStatus } from '../../../../shared/schemas/assistant-plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { STEP_STATUS_LABELS, categoryLabel, priorityLabel } from '../plan-labels.ts';
import { StepForm } from './step-form.tsx';

/** A step as read: its number, title, description, category, priority and (when asked) status. */
export function StepSummary({ step, position, showStatus }: { step: PlanStep; position: number; showStatus: boolean }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground">Step {position + 1}</p>
      <h3 className="font-semibold">{step.title}</h3>
      {step.description ? <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{step.description}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Badge>{categoryLabel(step.category)}</Badge>
        <Badge tone={step.priority <= 2 ? 'yellow' : 'neutral'}>{priorityLabel(step.priority)}</Badge>
        {showStatus ? <Badge tone={step.status === 'completed' ? 'green' : 'info'}>{STEP_STATUS_LABELS[step.status]}</Badge> : null}
      </div>
    </div>
  );
}

export interface StepActions {
  onMove: (step: PlanStep, direction: -1 | 1) => void;
  onSave: (step: PlanStep, values: StepFormValues) => Promise<unknown>;
  onStatus: (step: PlanStep, status: StepStatus) => void;
  onRemove: (step: PlanStep) => void;
}

/** One step: keyboard-operable move buttons (no drag needed), inline edit, status, remove. */
export function StepItem({
  step,
  position,
  count,
  isEditable,
  isPending,
  actions,
}: {
  step: PlanStep;
  position: number;
  count: number;
  isEditable: boolean;
  isPending: boolean;
  actions: StepActions;
}) {
  const [isEditing, setEditing] = useState(false);
  const name = `step ${position + 1}, ${step.title}`;
  return (
    <li className="rounded-lg border border-border bg-card p-4" data-testid="plan-step">
      {isEditing ? (
        <StepForm
          initial={step}
          submitLabel="Save step"
          isPending={isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await actions.onSave(step, values);
            setEditing(false);
          }}
        />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <StepSummary step={step} position={position} showStatus={!isEditable} />
          {isEditable ? (
            <div className="flex shrink-0 flex-wrap items-center gap-1">
              <label className="sr-only" htmlFor={`status-${step.id}`}>{`Status of ${name}`}</label>
              <NativeSelect
                id={`status-${step.id}`}
                className="h-9 w-36"
                value={step.status}
                disabled={isPending}
                onChange={(event) => actions.onStatus(step, event.target.value as StepStatus)}
              >
                {STEP_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STEP_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${name} up`}
                disabled={isPending || position === 0}
                onClick={() => actions.onMove(step, -1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${name} down`}
                disabled={isPending || position === count - 1}
                onClick={() => actions.onMove(step, 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Edit ${name}`}
                disabled={isPending}
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${name}`}
                disabled={isPending || count === 1}
                onClick={() => actions.onRemove(step)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </li>
  );
}
