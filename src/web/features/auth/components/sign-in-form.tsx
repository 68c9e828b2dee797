import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAuth } from '../auth.tsx';
import { authErrorMessage } from '../auth-errors.ts';
import type { SignInForm } from '../auth-forms.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { FormError } from '../../../components/ui/form-error.tsx';

// The form's rules (zod) load when the visitor focuses the form, not with the page.
const resolver = lazyZodResolver<SignInForm>(() => import('../auth-forms.ts').then((module) => module.signInFormSchema));

/** E-mail and password. A user with a second factor continues to the MFA step (the screen shows it). */
export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { signInWithPassword } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignInForm>({ resolver: resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await signInWithPassword(values.email, values.password).catch((thrown: unknown) => ({ error: thrown }));
    if (result.error) {
      setError(authErrorMessage(result.error));
      form.setValue('password', '');
    }
  });

  return (
    <form onFocus={resolver.preload} onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label="Sign in">
      <FormError message={error} />
      <FormField id="sign-in-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          {...fieldControlProps('sign-in-email', { error: errors.email?.message })}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="sign-in-password" label="Password" error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...fieldControlProps('sign-in-password', { error: errors.password?.message })}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign In'}
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
