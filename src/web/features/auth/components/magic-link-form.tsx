import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAuth } from '../auth.tsx';
import { authErrorMessage } from '../auth-errors.ts';
import type { MagicLinkForm } from '../auth-forms.ts';
import { lazySchema, usePlainForm } from '../../../lib/use-plain-form.ts';
import { CheckEmail } from './check-email.tsx';

// The form's rules (zod) load when the visitor focuses the form, not with the page.
const schema = lazySchema<MagicLinkForm>(() => import('../auth-forms.ts').then((module) => module.magicLinkFormSchema));

/** A one-time sign-in link by e-mail; it returns to the page the user came from (default: root). */
export function MagicLinkForm({ returnTo, onBack }: { returnTo: string | null; onBack: () => void }) {
  const { signInWithMagicLink } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors, isSubmitting, formProps } = usePlainForm(schema, async (values) => {
    setError(null);
    const result = await signInWithMagicLink(values.email, returnTo).catch((thrown: unknown) => ({ error: thrown }));
    if (result.error) setError(authErrorMessage(result.error));
    else setSentTo(values.email);
  });

  if (sentTo) return <CheckEmail email={sentTo} purpose="sign-in" onBack={() => setSentTo(null)} />;

  return (
    <form {...formProps} className="grid gap-4" aria-label="Email me a sign-in link">
      <p className="text-sm text-muted-foreground">
        We will email you a link that signs you in without a password. New here? The link creates your account.
      </p>
      <FormError message={error} />
      <FormField id="magic-link-email" label="Email" error={errors.email}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          {...fieldControlProps('magic-link-email', { error: errors.email })}
          name="email"
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending link…' : 'Email Me a Link'}
      </Button>
      <Button type="button" variant="link" className="justify-self-center" onClick={onBack}>
        Sign in with a password instead
      </Button>
    </form>
  );
}
