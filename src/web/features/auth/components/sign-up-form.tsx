import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_PASSWORD_MIN_LENGTH } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAuth } from '../auth.tsx';
import { authErrorMessage } from '../auth-errors.ts';
import type { SignUpForm } from '../auth-forms.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { CheckEmail } from './check-email.tsx';

// The form's rules (zod) load when the visitor focuses the form, not with the page.
const resolver = lazyZodResolver<SignUpForm>(() => import('../auth-forms.ts').then((module) => module.signUpFormSchema));

/** Creates an account; the confirmation e-mail's link brings the user back signed in (product.md §6). */
export function SignUpForm({ returnTo }: { returnTo: string | null }) {
  const { signUp } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpForm>({
    resolver: resolver,
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await signUp(values.email, values.password, returnTo).catch((thrown: unknown) => ({
      error: thrown,
      needsConfirmation: false,
    }));
    if (result.error) setError(authErrorMessage(result.error));
    else if (result.needsConfirmation) setSentTo(values.email);
  });

  if (sentTo) return <CheckEmail email={sentTo} purpose="confirm" onBack={() => setSentTo(null)} />;

  const passwordHelp = `At least ${AUTH_PASSWORD_MIN_LENGTH} characters. Long passphrases are welcome; common passwords are refused.`;
  return (
    <form
      onFocus={resolver.preload}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-4"
      aria-label="Create account"
    >
      <FormError message={error} />
      <FormField id="sign-up-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          {...fieldControlProps('sign-up-email', { error: errors.email?.message })}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="sign-up-password" label="Password" description={passwordHelp} error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps('sign-up-password', { error: errors.password?.message, description: passwordHelp })}
          {...form.register('password')}
        />
      </FormField>
      <FormField id="sign-up-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps('sign-up-confirm', { error: errors.confirmPassword?.message })}
          {...form.register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
