import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { INTEREST_LABELS, INTEREST_OPTIONS } from '../../../../shared/constants.ts';
import { sanitizeLeadForm } from '../../../../shared/rules/lead-form.ts';
import { type ConsultationRequest, type ConsultationRequestInput, consultationRequestSchema } from '../../../../shared/schemas/leads.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

export const EMPTY_CONSULTATION: ConsultationRequestInput = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  interest: '',
  message: '',
  honeypot: '',
};

export type ConsultationFormApi = ReturnType<typeof useConsultationForm>;

export function useConsultationForm() {
  return useForm<ConsultationRequestInput, unknown, ConsultationRequest>({
    resolver: zodResolver(consultationRequestSchema),
    defaultValues: EMPTY_CONSULTATION,
  });
}

/**
 * The form step (product.md §5): first name, last name, e-mail and company required (asterisks),
 * interest and message optional; the submit button stays disabled until the four are filled
 * and while sending.
 */
export function ConsultationForm({
  form,
  isSending,
  onSubmit,
}: {
  form: ConsultationFormApi;
  isSending: boolean;
  onSubmit: (request: ConsultationRequest) => void;
}) {
  const id = useId();
  const { register, handleSubmit, control, formState } = form;
  const [firstName, lastName, email, company] = useWatch({ control, name: ['firstName', 'lastName', 'email', 'company'] });
  const isComplete = [firstName, lastName, email, company].every((value) => value.trim() !== '');
  const errors = formState.errors;
  const fieldProps = (name: 'firstName' | 'lastName' | 'email' | 'company') => ({
    ...fieldControlProps(`${id}-${name}`, { error: errors[name]?.message }),
    required: true,
    'aria-required': true,
    disabled: isSending,
    ...register(name),
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit((values) => onSubmit(sanitizeLeadForm(values)))(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-firstName`} label="First Name" required error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...fieldProps('firstName')} />
        </FormField>
        <FormField id={`${id}-lastName`} label="Last Name" required error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...fieldProps('lastName')} />
        </FormField>
      </div>
      <FormField id={`${id}-email`} label="Email" required error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...fieldProps('email')} />
      </FormField>
      <FormField id={`${id}-company`} label="Company" required error={errors.company?.message}>
        <Input autoComplete="organization" {...fieldProps('company')} />
      </FormField>
      <FormField id={`${id}-interest`} label="Interest">
        <NativeSelect id={`${id}-interest`} disabled={isSending} {...register('interest')}>
          <option value="">Select a plan (optional)</option>
          {INTEREST_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {INTEREST_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-message`} label="Message" error={errors.message?.message}>
        <Textarea
          {...fieldControlProps(`${id}-message`, { error: errors.message?.message })}
          rows={3}
          placeholder="What would you like to cover? (optional)"
          disabled={isSending}
          {...register('message')}
        />
      </FormField>
      {/* Invisible to people, tempting to bots; the server rejects anything in it. */}
      <div className="absolute -left-[9999px] size-px overflow-hidden" aria-hidden>
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" {...register('honeypot')} />
      </div>
      <Button type="submit" disabled={!isComplete || isSending} className="w-full">
        <Send aria-hidden /> {isSending ? 'Sending...' : 'Send Request'}
      </Button>
    </form>
  );
}
