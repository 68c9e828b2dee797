import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAuth } from '../auth.tsx';
import { authErrorMessage } from '../auth-errors.ts';
import type { SignInForm } from '../auth-forms.ts';
import { lazySchema, usePlainForm } from '../../../lib/use-plain-form.ts';
import { FormError } from '../../../components/ui/form-error.tsx';

// The form's rules (zod) load when the visitor focuses the form, not with the page.
const schema = lazySchema<SignInForm>(() => import('../auth-forms.ts').then((module) => module.signInFormSchema));

/** E-mail and password. A user with a second factor continues to the MFA step (the screen shows it). */
export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { signInWithPassword, signInWithSso } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [isLeavingForSso, setLeavingForSso] = useState(false);

  /** SAML single sign-on for the address's domain: auth-js sends the browser to the identity provider. */
  async function continueWithSso(email: string) {
    setError(null);
    if (!email.includes('@')) {
      setError('Enter your work email address first, then continue with SSO.');
      return;
    }
    setLeavingForSso(true);
    const result = await signInWithSso(email).catch((thrown: unknown) => ({ error: thrown }));
    if (result.error) {
      setLeavingForSso(false);
      setError(authErrorMessage(result.error));
    }
  }

  const { errors, isSubmitting, formProps } = usePlainForm(schema, async (values, form) => {
    setError(null);
    const result = await signInWithPassword(values.email, values.password).catch((thrown: unknown) => ({ error: thrown }));
    // The organization requires single sign-on for this domain: go there instead of showing an error.
    if (result.error && typeof result.error === 'object' && 'code' in result.error && result.error.code === 'sso_required') {
      await continueWithSso(values.email);
      return;
    }
    if (result.error) {
      setError(authErrorMessage(result.error));
      const password = form.elements.namedItem('password');
      if (password instanceof HTMLInputElement) password.value = '';
    }
  });

  return (
    <form {...formProps} className="grid gap-4" aria-label="Sign in">
      <FormError message={error} />
      <FormField id="sign-in-email" label="Email" error={errors.email}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          {...fieldControlProps('sign-in-email', { error: errors.email })}
          name="email"
        />
      </FormField>
      <FormField id="sign-in-password" label="Password" error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldControlProps('sign-in-password', { error: errors.password })}
          name="password"
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting || isLeavingForSso} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={isSubmitting || isLeavingForSso}
        onClick={(event) => {
          const email = event.currentTarget.form?.elements.namedItem('email');
          void continueWithSso(email instanceof HTMLInputElement ? email.value.trim() : '');
        }}
      >
        {isLeavingForSso ? 'Going to your identity provider…' : 'Continue with SSO'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Forgot your password?{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onForgotPassword}>
          Email me a sign-in link
        </Button>
      </p>
    </form>
  );
}
