import { useState } from 'react';
import { AUTH_PASSWORD_MIN_LENGTH } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAuth } from '../auth.tsx';
import { authErrorMessage } from '../auth-errors.ts';
import type { SignUpForm } from '../auth-forms.ts';
import { lazySchema, usePlainForm } from '../../../lib/use-plain-form.ts';
import { CheckEmail } from './check-email.tsx';

// The form's rules (zod) load when the visitor focuses the form, not with the page.
const schema = lazySchema<SignUpForm>(() => import('../auth-forms.ts').then((module) => module.signUpFormSchema));

/** Creates an account; the confirmation e-mail's link brings the user back signed in (product.md §6). */
export function SignUpForm({ returnTo }: { returnTo: string | null }) {
  const { signUp } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, isSubmitting, formProps } = usePlainForm(schema, async (values) => {
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
    <form {...formProps} className="grid gap-4" aria-label="Create account">
      <FormError message={error} />
      <FormField id="sign-up-email" label="Email" error={errors.email}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          {...fieldControlProps('sign-up-email', { error: errors.email })}
          name="email"
        />
      </FormField>
      <FormField id="sign-up-password" label="Password" description={passwordHelp} error={errors.password}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps('sign-up-password', { error: errors.password, description: passwordHelp })}
          name="password"
        />
      </FormField>
      <FormField id="sign-up-confirm" label="Confirm password" error={errors.confirmPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldControlProps('sign-up-confirm', { error: errors.confirmPassword })}
          name="confirmPassword"
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
