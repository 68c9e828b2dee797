import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AUTH_PASSWORD_MIN_LENGTH } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAuth } from '../../auth/auth.tsx';
import { getAuthClient } from '../../auth/auth-client.ts';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { newPasswordSchema } from '../../auth/auth-forms.ts';
import { SectionCard } from './section-card.tsx';

const passwordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
type PasswordForm = z.infer<typeof passwordFormSchema>;

/** Sets a new password (PUT /auth/v1/user). Accounts made with Google or a link can add one here. */
export function PasswordForm() {
  const { user } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const help = `At least ${AUTH_PASSWORD_MIN_LENGTH} characters; common passwords are refused.`;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    const client = await getAuthClient();
    const { error: updateError } = await client.updateUser({ password });
    if (updateError) {
      setError(authErrorMessage(updateError));
      return;
    }
    form.reset();
    toast({ title: 'Password changed', description: 'Use your new password next time you sign in.', variant: 'success' });
  });

  return (
    <SectionCard id="password" title="Password" description="Choose a password you use nowhere else.">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-md gap-4" aria-label="Change password">
        {/* Lets password managers pair the new password with the account. */}
        <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        <FormError message={error} />
        <FormField id="new-password" label="New password" description={help} error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldControlProps('new-password', { error: errors.password?.message, description: help })}
            {...form.register('password')}
          />
        </FormField>
        <FormField id="confirm-new-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldControlProps('confirm-new-password', { error: errors.confirmPassword?.message })}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          {isSubmitting ? 'Saving…' : 'Change Password'}
        </Button>
      </form>
    </SectionCard>
  );
}
