import { useId, useState } from 'react';
import { Controller, type UseFormRegister, type UseFormRegisterReturn, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
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
import { inputResolver } from '../../../lib/form-resolver.ts';
import { setServerFormErrors } from '../../../lib/server-form-errors.ts';
import { useSaveRisk } from '../api/risks-api.ts';
import { IMPACT_LABELS, LIKELIHOOD_LABELS, RISK_CATEGORY_LABELS, RISK_STATUS_LABELS, RISK_TREATMENT_LABELS } from '../risk-labels.ts';
import { RiskScoreBadge } from './risk-score-badge.tsx';

const FIELDS = ['title', 'description', 'category', 'treatment', 'ownerId', 'reviewDate', 'treatmentPlan', 'controlIds'] as const;
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

function LevelSelect({ id, label, labels, field }: { id: string; label: string; labels: readonly string[]; field: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label={label}>
      <NativeSelect id={id} {...field}>
        {labels.map((name, index) => (
          <option key={name} value={index + 1}>
            {index + 1} · {name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

interface LevelChoice {
  id: string;
  label: string;
  field: UseFormRegisterReturn;
  /** The level chosen now, for the score beside the two selects. */
  value: number;
}

/** Likelihood and impact at one point (before or after treatment), with the score they make. */
function ScoreFieldset({
  legend,
  scoreLabel,
  likelihood,
  impact,
}: {
  legend: string;
  scoreLabel: string;
  likelihood: LevelChoice;
  impact: LevelChoice;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <LevelSelect id={likelihood.id} label={likelihood.label} labels={LIKELIHOOD_LABELS} field={likelihood.field} />
      <LevelSelect id={impact.id} label={impact.label} labels={IMPACT_LABELS} field={impact.field} />
      <p className="text-sm sm:col-span-2" aria-live="polite">
        <RiskScoreBadge likelihood={likelihood.value} impact={impact.value} label={scoreLabel} />
      </p>
    </fieldset>
  );
}

type RiskForm = UseFormReturn<Draft, unknown, RiskInput>;
type RiskErrors = Partial<Record<(typeof FIELDS)[number], string>>;

/** What the risk is: its name, description, category, and (once it exists) its status. */
function RiskFields({
  id,
  register,
  errors,
  withStatus,
}: {
  id: string;
  register: UseFormRegister<Draft>;
  errors: RiskErrors;
  withStatus: boolean;
}) {
  const field = (name: (typeof FIELDS)[number]) => fieldControlProps(`${id}-${name}`, { error: errors[name] });
  return (
    <>
      <FormField id={`${id}-title`} label="Risk" required error={errors.title}>
        <Input {...field('title')} {...register('title')} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        <Textarea {...field('description')} className="min-h-16" {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-category`} label="Category" error={errors.category}>
          <NativeSelect {...field('category')} {...register('category')}>
            {RISK_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {RISK_CATEGORY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {withStatus ? (
          <FormField id={`${id}-status`} label="Status">
            <NativeSelect id={`${id}-status`} {...register('status')}>
              {RISK_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {RISK_STATUS_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </div>
    </>
  );
}

/** How the risk is treated (the plan and the controls that treat it), who owns it and when it is reviewed. */
function TreatmentFields({
  id,
  form,
  errors,
  choices,
  controls,
}: {
  id: string;
  form: RiskForm;
  errors: RiskErrors;
  choices: { id: string; name: string }[];
  controls: ControlOption[];
}) {
  const { register } = form;
  const field = (name: (typeof FIELDS)[number]) => fieldControlProps(`${id}-${name}`, { error: errors[name] });
  const orNull = { setValueAs: (value: string) => value || null } as const;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-treatment`} label="Treatment" error={errors.treatment}>
          <NativeSelect {...field('treatment')} {...register('treatment')}>
            {RISK_TREATMENTS.map((value) => (
              <option key={value} value={value}>
                {RISK_TREATMENT_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-ownerId`} label="Owner" error={errors.ownerId}>
          <NativeSelect {...field('ownerId')} {...register('ownerId', orNull)}>
            <option value="">No owner</option>
            {choices.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-reviewDate`} label="Review on" error={errors.reviewDate}>
          <Input {...field('reviewDate')} type="date" {...register('reviewDate', orNull)} />
        </FormField>
      </div>
      <FormField id={`${id}-treatmentPlan`} label="Treatment plan" error={errors.treatmentPlan}>
        <Textarea {...field('treatmentPlan')} className="min-h-16" {...register('treatmentPlan')} />
      </FormField>
      <Controller
        control={form.control}
        name="controlIds"
        render={({ field: controlIds }) => (
          <ControlPicker
            legend="Controls that treat it"
            options={controls}
            value={controlIds.value}
            onChange={controlIds.onChange}
            error={errors.controlIds}
          />
        )}
      />
    </>
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
  const [failure, setFailure] = useState<string | null>(null);
  /** What is sent: the form's fields as they are (the server fills in what is left out; an edit never blanks the rest). */
  const toInput = ({ status: _status, ...fields }: Draft): RiskInput => ({ organizationId, ...fields });
  const form = useForm({ resolver: inputResolver(riskInputSchema, toInput), defaultValues: draftOf(risk) });
  const errors = Object.fromEntries(FIELDS.map((name) => [name, form.formState.errors[name]?.message])) as RiskErrors;
  const [likelihood, impact, residualLikelihood, residualImpact] = useWatch({
    control: form.control,
    name: ['likelihood', 'impact', 'residualLikelihood', 'residualImpact'],
  });
  const choices = risk?.owner && !people.some((person) => person.id === risk.owner?.id) ? [risk.owner, ...people] : people;

  const submit = form.handleSubmit(
    async () => {
      setFailure(null);
      const draft = form.getValues();
      const input = toInput(draft);
      try {
        const saved = await save.mutateAsync(
          risk ? { riskId: risk.id, input: { ...input, status: draft.status } } : { riskId: null, input },
        );
        toast({ title: risk ? `${saved.ref} saved` : `${saved.ref} added to the register`, variant: 'success' });
        onClose();
      } catch (error) {
        setFailure(setServerFormErrors(form, error, FIELDS, 'The risk could not be saved. Try again.'));
      }
    },
    () => setFailure(null),
  );
  const level = { valueAsNumber: true } as const;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{risk ? `Edit ${risk.ref}` : 'Add a risk'}</DialogTitle>
          <DialogDescription>Score = likelihood × impact × 4 on a 0–100 scale: under 50 low, under 80 medium, else high.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <RiskFields id={id} register={form.register} errors={errors} withStatus={risk !== null} />
          <ScoreFieldset
            legend="Before treatment (inherent)"
            scoreLabel="Inherent"
            likelihood={{ id: `${id}-likelihood`, label: 'Likelihood', field: form.register('likelihood', level), value: likelihood }}
            impact={{ id: `${id}-impact`, label: 'Impact', field: form.register('impact', level), value: impact }}
          />
          <ScoreFieldset
            legend="After treatment (residual)"
            scoreLabel="Residual"
            likelihood={{
              id: `${id}-residual-likelihood`,
              label: 'Residual likelihood',
              field: form.register('residualLikelihood', level),
              value: residualLikelihood,
            }}
            impact={{
              id: `${id}-residual-impact`,
              label: 'Residual impact',
              field: form.register('residualImpact', level),
              value: residualImpact,
            }}
          />
          <TreatmentFields id={id} form={form} errors={errors} choices={choices} controls={controls} />
          {failure ? (
            <Alert role="alert" variant="destructive">
              {failure}
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
