import { useId, useState } from 'react';
import { RISK_CATEGORIES, RISK_STATUSES, RISK_TREATMENTS, type RiskStatus } from '../../../../shared/schemas/programme-statuses.ts';
import { type Risk, type RiskInput, riskInputSchema } from '../../../../shared/schemas/risks.ts';
import { type ControlOption, ControlPicker } from '../../../components/control-picker.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveRisk } from '../api/risks-api.ts';
import { IMPACT_LABELS, LIKELIHOOD_LABELS, RISK_CATEGORY_LABELS, RISK_STATUS_LABELS, RISK_TREATMENT_LABELS } from '../risk-labels.ts';
import { RiskScoreBadge } from './risk-score-badge.tsx';

type Errors = Record<string, string | undefined>;
type Levels = 'likelihood' | 'impact' | 'residualLikelihood' | 'residualImpact';
type Draft = Required<Omit<RiskInput, 'organizationId' | 'region' | 'businessUnit' | Levels>> &
  Record<Levels, number> & { status: RiskStatus };

function draftOf(risk: Risk | null): Draft {
  return {
    title: risk?.title ?? '',
    description: risk?.description ?? '',
    category: risk?.category ?? 'security',
    likelihood: risk?.likelihood ?? 3,
    impact: risk?.impact ?? 3,
    residualLikelihood: risk?.residualLikelihood ?? 2,
    residualImpact: risk?.residualImpact ?? 3,
    treatment: risk?.treatment ?? 'mitigate',
    treatmentPlan: risk?.treatmentPlan ?? '',
    ownerId: risk?.owner?.id ?? null,
    reviewDate: risk?.reviewDate ?? null,
    controlIds: risk?.controlIds ?? [],
    status: risk?.status ?? 'open',
  };
}

function LevelSelect({
  id,
  label,
  labels,
  value,
  onChange,
}: {
  id: string;
  label: string;
  labels: readonly string[];
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <FormField id={id} label={label}>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {labels.map((name, index) => (
          <option key={name} value={index + 1}>
            {index + 1} · {name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** Create or edit a risk: inherent and residual likelihood × impact, treatment, owner, review date, linked controls. */
export function RiskDialog({
  risk,
  organizationId,
  people,
  controls,
  onClose,
}: {
  risk: Risk | null;
  organizationId: string | undefined;
  people: { id: string; name: string }[];
  controls: ControlOption[];
  onClose: () => void;
}) {
  const id = useId();
  const save = useSaveRisk();
  const [draft, setDraft] = useState(() => draftOf(risk));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const choices = risk?.owner && !people.some((person) => person.id === risk.owner?.id) ? [risk.owner, ...people] : people;

  const submit = () => {
    const { status, ...fields } = draft;
    const input: RiskInput = { organizationId, ...fields };
    const parsed = riskInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(risk ? { riskId: risk.id, input: { ...input, status } } : { riskId: null, input }, {
      onSuccess: (saved) => {
        toast({ title: risk ? `${saved.ref} saved` : `${saved.ref} added to the register`, variant: 'success' });
        onClose();
      },
      onError: (error) => {
        const issues = error instanceof ApiError ? error.issues : [];
        setErrors(
          issues.length > 0
            ? Object.fromEntries(issues.map((issue) => [issue.path.split('.')[0] ?? 'form', issue.message]))
            : { form: error instanceof ApiError ? error.message : 'The risk could not be saved. Try again.' },
        );
      },
    });
  };
  const field = (name: string) => fieldControlProps(`${id}-${name}`, { error: errors[name] });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{risk ? `Edit ${risk.ref}` : 'Add a risk'}</DialogTitle>
          <DialogDescription>Score = likelihood × impact × 4 on a 0–100 scale: under 50 low, under 80 medium, else high.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => (event.preventDefault(), submit())}>
          <FormField id={`${id}-title`} label="Risk" required error={errors.title}>
            <Input {...field('title')} value={draft.title} onChange={(event) => set('title', event.target.value)} />
          </FormField>
          <FormField id={`${id}-description`} label="Description" error={errors.description}>
            <Textarea
              {...field('description')}
              className="min-h-16"
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-category`} label="Category" error={errors.category}>
              <NativeSelect
                {...field('category')}
                value={draft.category}
                onChange={(event) => set('category', event.target.value as Draft['category'])}
              >
                {RISK_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {RISK_CATEGORY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {risk ? (
              <FormField id={`${id}-status`} label="Status">
                <NativeSelect
                  id={`${id}-status`}
                  value={draft.status}
                  onChange={(event) => set('status', event.target.value as RiskStatus)}
                >
                  {RISK_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {RISK_STATUS_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ) : null}
          </div>
          <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">Before treatment (inherent)</legend>
            <LevelSelect
              id={`${id}-likelihood`}
              label="Likelihood"
              labels={LIKELIHOOD_LABELS}
              value={draft.likelihood}
              onChange={(value) => set('likelihood', value)}
            />
            <LevelSelect
              id={`${id}-impact`}
              label="Impact"
              labels={IMPACT_LABELS}
              value={draft.impact}
              onChange={(value) => set('impact', value)}
            />
            <p className="text-sm sm:col-span-2" aria-live="polite">
              <RiskScoreBadge likelihood={draft.likelihood} impact={draft.impact} label="Inherent" />
            </p>
          </fieldset>
          <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">After treatment (residual)</legend>
            <LevelSelect
              id={`${id}-residual-likelihood`}
              label="Residual likelihood"
              labels={LIKELIHOOD_LABELS}
              value={draft.residualLikelihood}
              onChange={(value) => set('residualLikelihood', value)}
            />
            <LevelSelect
              id={`${id}-residual-impact`}
              label="Residual impact"
              labels={IMPACT_LABELS}
              value={draft.residualImpact}
              onChange={(value) => set('residualImpact', value)}
            />
            <p className="text-sm sm:col-span-2" aria-live="polite">
              <RiskScoreBadge likelihood={draft.residualLikelihood} impact={draft.residualImpact} label="Residual" />
            </p>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id={`${id}-treatment`} label="Treatment" error={errors.treatment}>
              <NativeSelect
                {...field('treatment')}
                value={draft.treatment}
                onChange={(event) => set('treatment', event.target.value as Draft['treatment'])}
              >
                {RISK_TREATMENTS.map((value) => (
                  <option key={value} value={value}>
                    {RISK_TREATMENT_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-ownerId`} label="Owner" error={errors.ownerId}>
              <NativeSelect
                {...field('ownerId')}
                value={draft.ownerId ?? ''}
                onChange={(event) => set('ownerId', event.target.value || null)}
              >
                <option value="">No owner</option>
                {choices.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-reviewDate`} label="Review on" error={errors.reviewDate}>
              <Input
                {...field('reviewDate')}
                type="date"
                value={draft.reviewDate ?? ''}
                onChange={(event) => set('reviewDate', event.target.value || null)}
              />
            </FormField>
          </div>
          <FormField id={`${id}-treatmentPlan`} label="Treatment plan" error={errors.treatmentPlan}>
            <Textarea
              {...field('treatmentPlan')}
              className="min-h-16"
              value={draft.treatmentPlan}
              onChange={(event) => set('treatmentPlan', event.target.value)}
            />
          </FormField>
          <ControlPicker
            legend="Controls that treat it"
            options={controls}
            value={draft.controlIds}
            onChange={(value) => set('controlIds', value)}
            error={errors.controlIds}
          />
          {errors.form ? (
            <Alert role="alert" variant="destructive">
              {errors.form}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : risk ? 'Save risk' : 'Add risk'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
