import type { ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { type OtpCodeForm, otpCodeSchema } from '../../auth/auth-forms.ts';

/** A 6-digit code field with its submit button; `onCode` resolves false to clear the field. */
export function CodeForm({
  id,
  label,
  submitLabel,
  onCode,
  children,
}: {
  id: string;
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<boolean>;
  children?: ReactNode;
}) {
  const form = useForm<OtpCodeForm>({ resolver: zodResolver(otpCodeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => form.setFocus('code'), [form]);
  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (!(await onCode(code))) form.setValue('code', '');
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-xs gap-3">
      <FormField id={id} label={label} error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          className="font-mono tracking-[0.3em]"
          {...fieldControlProps(id, { error: errors.code?.message })}
          {...form.register('code')}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
