import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { COMPANY_SIZES, type SubscribeFormValues } from '../../../../shared/schemas/billing.ts';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

interface FieldsProps {
  register: UseFormRegister<SubscribeFormValues>;
  errors: FieldErrors<SubscribeFormValues>;
  disabled: boolean;
}

const SIZE_LABELS: Record<(typeof COMPANY_SIZES)[number], string> = {
  '1-50': '1–50 employees',
  '51-200': '51–200 employees',
  '201-500': '201–500 employees',
  '501-2000': '501–2,000 employees',
  '2000+': 'More than 2,000 employees',
};

export function CompanyFields({ register, errors, disabled }: FieldsProps) {
  const e = errors.company;
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-4 text-lg font-semibold">Company</legend>
      <FormField id="company-name" label="Company name" required error={e?.name?.message}>
        <Input
          {...fieldControlProps('company-name', { error: e?.name?.message })}
          autoComplete="organization"
          required
          {...register('company.name')}
        />
      </FormField>
      <FormField id="company-website" label="Website" error={e?.website?.message}>
        <Input
          {...fieldControlProps('company-website', { error: e?.website?.message })}
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          {...register('company.website')}
        />
      </FormField>
      <FormField id="company-size" label="Company size" required error={e?.size?.message}>
        <NativeSelect {...fieldControlProps('company-size', { error: e?.size?.message })} required {...register('company.size')}>
          <option value="">Choose…</option>
          {COMPANY_SIZES.map((size) => (
            <option key={size} value={size}>
              {SIZE_LABELS[size]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="company-country" label="Country" required error={e?.country?.message}>
        <Input
          {...fieldControlProps('company-country', { error: e?.country?.message })}
          autoComplete="country-name"
          required
          {...register('company.country')}
        />
      </FormField>
    </fieldset>
  );
}

export function BillingFields({ register, errors, disabled }: FieldsProps) {
  const e = errors.billingContact;
  const addressHint = 'Printed on your invoices.';
  const poHint = 'If your finance team needs one on the invoice.';
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-4 text-lg font-semibold">Billing contact</legend>
      <FormField id="billing-name" label="Full name" required error={e?.name?.message}>
        <Input
          {...fieldControlProps('billing-name', { error: e?.name?.message })}
          autoComplete="name"
          required
          {...register('billingContact.name')}
        />
      </FormField>
      <FormField id="billing-email" label="Billing e-mail" required error={e?.email?.message}>
        <Input
          {...fieldControlProps('billing-email', { error: e?.email?.message })}
          type="email"
          autoComplete="email"
          required
          {...register('billingContact.email')}
        />
      </FormField>
      <FormField id="billing-phone" label="Phone" error={e?.phone?.message}>
        <Input
          {...fieldControlProps('billing-phone', { error: e?.phone?.message })}
          type="tel"
          autoComplete="tel"
          {...register('billingContact.phone')}
        />
      </FormField>
      <FormField id="billing-po" label="Purchase order number" description={poHint} error={e?.purchaseOrder?.message}>
        <Input
          {...fieldControlProps('billing-po', { error: e?.purchaseOrder?.message, description: poHint })}
          {...register('billingContact.purchaseOrder')}
        />
      </FormField>
      <FormField
        id="billing-address"
        label="Billing address"
        required
        description={addressHint}
        error={e?.address?.message}
        className="sm:col-span-2"
      >
        <Textarea
          {...fieldControlProps('billing-address', { error: e?.address?.message, description: addressHint })}
          rows={3}
          autoComplete="street-address"
          required
          {...register('billingContact.address')}
        />
      </FormField>
    </fieldset>
  );
}
