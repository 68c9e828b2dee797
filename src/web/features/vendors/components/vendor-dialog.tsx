import { useId, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import {
  VENDOR_RESIDUAL_RISK_LABELS,
  VENDOR_RESIDUAL_RISKS,
  VENDOR_STATUS_LABELS,
  VENDOR_STATUSES,
  VENDOR_TIER_LABELS,
  VENDOR_TIERS,
  type Vendor,
  type VendorDataCategory,
  type VendorInput,
  type VendorResidualRisk,
  type VendorStatus,
  vendorInputSchema,
} from '../../../../shared/schemas/vendors.ts';
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
import { useSaveVendor } from '../api/vendors-api.ts';
import { DataCategoryPicker } from './data-category-picker.tsx';

const FIELDS = [
  'name',
  'website',
  'ownerId',
  'tier',
  'services',
  'dataCategories',
  'isSubProcessor',
  'contractStart',
  'contractEnd',
  'dpaSignedOn',
  'baaSignedOn',
  'status',
  'residualRisk',
  'conditions',
  'nextReviewOn',
  'controlIds',
] as const;
type Field = (typeof FIELDS)[number];

interface Draft {
  name: string;
  website: string;
  ownerId: string | null;
  tier: number;
  services: string;
  dataCategories: VendorDataCategory[];
  isSubProcessor: boolean;
  contractStart: string | null;
  contractEnd: string | null;
  dpaSignedOn: string | null;
  baaSignedOn: string | null;
  status: VendorStatus;
  residualRisk: VendorResidualRisk | null;
  conditions: string;
  nextReviewOn: string | null;
  controlIds: string[];
}

function draftOf(vendor: Vendor | null): Draft {
  return {
    name: vendor?.name ?? '',
    website: vendor?.website ?? '',
    ownerId: vendor?.owner?.id ?? null,
    tier: vendor?.tier ?? 3,
    services: vendor?.services ?? '',
    dataCategories: vendor?.dataCategories ?? [],
    isSubProcessor: vendor?.isSubProcessor ?? false,
    contractStart: vendor?.contractStart ?? null,
    contractEnd: vendor?.contractEnd ?? null,
    dpaSignedOn: vendor?.dpaSignedOn ?? null,
    baaSignedOn: vendor?.baaSignedOn ?? null,
    status: vendor?.status ?? 'proposed',
    residualRisk: vendor?.residualRisk ?? null,
    conditions: vendor?.conditions ?? '',
    nextReviewOn: vendor?.nextReviewOn ?? null,
    controlIds: vendor?.controlIds ?? [],
  };
}

type VendorForm = UseFormReturn<Draft, unknown, unknown>;
type Errors = Partial<Record<Field, string>>;
const orNull = { setValueAs: (value: string) => value || null } as const;

/** Who the vendor is, who owns it, how critical it is and what it sees. */
function ProfileFields({
  id,
  form,
  errors,
  people,
}: {
  id: string;
  form: VendorForm;
  errors: Errors;
  people: { id: string; name: string }[];
}) {
  const { register } = form;
  const field = (name: Field) => fieldControlProps(`${id}-${name}`, { error: errors[name] });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Vendor" required error={errors.name}>
          <Input {...field('name')} {...register('name')} />
        </FormField>
        <FormField id={`${id}-website`} label="Website" error={errors.website}>
          <Input {...field('website')} type="url" placeholder="https://" {...register('website')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-tier`} label="Tier (criticality)" error={errors.tier}>
          <NativeSelect {...field('tier')} {...register('tier', { valueAsNumber: true })}>
            {VENDOR_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {VENDOR_TIER_LABELS[tier]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-ownerId`} label="Owner" error={errors.ownerId}>
          <NativeSelect {...field('ownerId')} {...register('ownerId', orNull)}>
            <option value="">No owner</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${id}-services`} label="Services provided" error={errors.services}>
        <Textarea {...field('services')} className="min-h-16" {...register('services')} />
      </FormField>
      <Controller
        control={form.control}
        name="dataCategories"
        render={({ field: categories }) => (
          <DataCategoryPicker value={categories.value} onChange={categories.onChange} error={errors.dataCategories} />
        )}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('isSubProcessor')} />A sub-processor of personal data
      </label>
    </>
  );
}

/** The contract and agreements, the decision (status, residual risk, conditions) and the next review. */
function DecisionFields({ id, form, errors }: { id: string; form: VendorForm; errors: Errors }) {
  const { register } = form;
  const field = (name: Field) => fieldControlProps(`${id}-${name}`, { error: errors[name] });
  const date = (name: 'contractStart' | 'contractEnd' | 'dpaSignedOn' | 'baaSignedOn' | 'nextReviewOn', label: string) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]}>
      <Input {...field(name)} type="date" {...register(name, orNull)} />
    </FormField>
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {date('contractStart', 'Contract starts')}
        {date('contractEnd', 'Contract ends')}
        {date('dpaSignedOn', 'DPA signed on')}
        {date('baaSignedOn', 'BAA signed on')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-status`} label="Status" error={errors.status}>
          <NativeSelect {...field('status')} {...register('status')}>
            {VENDOR_STATUSES.map((value) => (
              <option key={value} value={value}>
                {VENDOR_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-residualRisk`} label="Residual risk" error={errors.residualRisk}>
          <NativeSelect {...field('residualRisk')} {...register('residualRisk', orNull)}>
            <option value="">Not assessed</option>
            {VENDOR_RESIDUAL_RISKS.map((value) => (
              <option key={value} value={value}>
                {VENDOR_RESIDUAL_RISK_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {date('nextReviewOn', 'Next review')}
      </div>
      <FormField id={`${id}-conditions`} label="Conditions of approval" error={errors.conditions}>
        <Textarea {...field('conditions')} className="min-h-16" {...register('conditions')} />
      </FormField>
    </>
  );
}

/** Add or edit a vendor: every field of the register, its controls; a new vendor's next review follows its tier. */
export function VendorDialog({
  vendor,
  organizationId,
  people,
  controls,
  onClose,
}: {
  vendor: Vendor | null;
  organizationId: string | undefined;
  people: { id: string; name: string }[];
  controls: ControlOption[];
  onClose: () => void;
}) {
  const id = useId();
  const save = useSaveVendor();
  const [failure, setFailure] = useState<string | null>(null);
  // A new vendor leaves the next review to the tier's cadence unless one is chosen.
  const toInput = (draft: Draft): VendorInput => ({
    organizationId,
    ...draft,
    nextReviewOn: draft.nextReviewOn ?? (vendor ? null : undefined),
  });
  const form = useForm<Draft, unknown, unknown>({ resolver: inputResolver(vendorInputSchema, toInput), defaultValues: draftOf(vendor) });
  const errors = Object.fromEntries(FIELDS.map((name) => [name, form.formState.errors[name]?.message])) as Errors;
  const choices = vendor?.owner && !people.some((person) => person.id === vendor.owner?.id) ? [vendor.owner, ...people] : people;

  const submit = form.handleSubmit(
    async () => {
      setFailure(null);
      const { organizationId: _org, ...input } = toInput(form.getValues());
      try {
        const saved = await save.mutateAsync(
          vendor ? { vendorId: vendor.id, input } : { vendorId: null, input: { organizationId, ...input } },
        );
        toast({ title: vendor ? `${saved.ref} saved` : `${saved.ref} added to the register`, variant: 'success' });
        onClose();
      } catch (error) {
        setFailure(setServerFormErrors(form, error, FIELDS, 'The vendor could not be saved. Try again.'));
      }
    },
    () => setFailure(null),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{vendor ? `Edit ${vendor.ref}` : 'Add a vendor'}</DialogTitle>
          <DialogDescription>
            Tier 1 vendors are reviewed every 6 months, tier 2 yearly, tier 3 every 2 years, tier 4 every 3.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <ProfileFields id={id} form={form} errors={errors} people={choices} />
          <DecisionFields id={id} form={form} errors={errors} />
          <Controller
            control={form.control}
            name="controlIds"
            render={({ field: controlIds }) => (
              <ControlPicker
                legend="Controls it touches"
                options={controls}
                value={controlIds.value}
                onChange={controlIds.onChange}
                error={errors.controlIds}
              />
            )}
          />
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
              {save.isPending ? 'Saving…' : vendor ? 'Save vendor' : 'Add vendor'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
