import type { Factor } from '@supabase/auth-js';
import { Fingerprint, KeyRound, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useAuth } from '../auth.tsx';
import { getAuthClient } from '../auth-client.ts';
import { authErrorMessage } from '../auth-errors.ts';
import type { OtpCodeForm } from '../auth-forms.ts';
import { lazySchema, usePlainForm } from '../../../lib/use-plain-form.ts';
import { factorPhone } from '../auth-session.ts';

// The form's rules (zod) load when the visitor focuses the form, not with the page.
const schema = lazySchema<OtpCodeForm>(() => import('../auth-forms.ts').then((module) => module.otpCodeSchema));

function factorLabel(factor: Factor): string {
  if (factor.factor_type === 'phone') return `Text message to ${factorPhone(factor) ?? 'your phone'}`;
  if (factor.factor_type === 'webauthn') return factor.friendly_name ? `Passkey (${factor.friendly_name})` : 'Passkey';
  return factor.friendly_name ? `Authenticator app (${factor.friendly_name})` : 'Authenticator app';
}

/**
 * The second step of signing in, for an account with a verified factor: a code from the
 * authenticator app, or one texted to the phone. Success raises the session to aal2.
 */
// eslint-disable-next-line max-lines-per-function -- the factor choice, sending a texted code and the one code form share the chosen factor and its challenge; each part is short JSX
export function MfaStep() {
  const { user, signOut } = useAuth();
  const factors = (user?.factors ?? []).filter((factor) => factor.status === 'verified');
  const [factorId, setFactorId] = useState(() => (factors.find((f) => f.factor_type === 'totp') ?? factors[0])?.id ?? '');
  const factor = factors.find((candidate) => candidate.id === factorId) ?? factors[0];
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const codeForm = useRef<HTMLFormElement>(null);
  const isPhone = factor?.factor_type === 'phone';
  const isPasskey = factor?.factor_type === 'webauthn';
  const codeInput = () => {
    const input = codeForm.current?.elements.namedItem('code');
    return input instanceof HTMLInputElement ? input : null;
  };

  const showsCodeForm = (!isPhone && !isPasskey) || challengeId !== null;
  useEffect(() => {
    if (showsCodeForm) codeInput()?.focus();
    else heading.current?.focus();
  }, [showsCodeForm]);

  async function sendCode() {
    if (!factor) return;
    setError(null);
    setSending(true);
    try {
      const client = await getAuthClient();
      const { data, error: challengeError } = await client.mfa.challenge({ factorId: factor.id });
      if (challengeError) setError(authErrorMessage(challengeError));
      else setChallengeId(data.id);
    } finally {
      setSending(false);
    }
  }

  /** auth-js asks the browser for the passkey (navigator.credentials.get) and verifies its answer. */
  async function verifyWithPasskey() {
    if (!factor) return;
    setError(null);
    setSending(true);
    try {
      const client = await getAuthClient();
      const { error: passkeyError } = await client.mfa.webauthn.authenticate({ factorId: factor.id });
      if (passkeyError) setError(passkeyError.code ? authErrorMessage(passkeyError) : 'Your passkey did not answer. Try again.');
    } finally {
      setSending(false);
    }
  }

  const { errors, isSubmitting, formProps, showErrors } = usePlainForm(schema, async ({ code }) => {
    if (!factor) return;
    setError(null);
    const client = await getAuthClient();
    const result = isPhone
      ? await client.mfa.verify({ factorId: factor.id, challengeId: challengeId ?? '', code })
      : await client.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (result.error) {
      setError(authErrorMessage(result.error));
      const input = codeInput();
      if (input) input.value = '';
    }
  });

  const choose = (id: string) => {
    setFactorId(id);
    setChallengeId(null);
    setError(null);
    const input = codeInput();
    if (input) input.value = '';
    if (codeForm.current) showErrors(codeForm.current, {});
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Two-factor authentication
        </h2>
        <p className="text-sm text-muted-foreground">
          {isPasskey
            ? 'Confirm with your passkey: your fingerprint, face, device PIN or security key.'
            : isPhone
              ? 'We will text a 6-digit code to your phone.'
              : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {factors.length > 1 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Verify with</legend>
          {factors.map((candidate) => (
            <label
              key={candidate.id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="mfa-factor"
                value={candidate.id}
                checked={candidate.id === factor?.id}
                onChange={() => choose(candidate.id)}
              />
              {candidate.factor_type === 'phone' ? (
                <Smartphone className="size-4" aria-hidden />
              ) : candidate.factor_type === 'webauthn' ? (
                <Fingerprint className="size-4" aria-hidden />
              ) : (
                <KeyRound className="size-4" aria-hidden />
              )}
              {factorLabel(candidate)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <FormError message={error} />
      {isPasskey ? (
        <Button type="button" onClick={() => void verifyWithPasskey()} disabled={isSending}>
          <Fingerprint aria-hidden />
          {isSending ? 'Waiting for your passkey…' : 'Use Your Passkey'}
        </Button>
      ) : !showsCodeForm ? (
        <Button type="button" onClick={() => void sendCode()} disabled={isSending}>
          {isSending ? 'Sending code…' : 'Text Me a Code'}
        </Button>
      ) : (
        <form ref={codeForm} {...formProps} className="grid gap-4">
          <FormField id="mfa-code" label="Verification code" error={errors.code}>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              className="text-center font-mono text-lg tracking-[0.5em]"
              {...fieldControlProps('mfa-code', { error: errors.code })}
              name="code"
            />
          </FormField>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Verifying…' : 'Verify'}
          </Button>
          {isPhone ? (
            <Button type="button" variant="link" onClick={() => void sendCode()} disabled={isSending}>
              Send a new code
            </Button>
          ) : null}
        </form>
      )}
      <Button type="button" variant="ghost" onClick={() => void signOut()}>
        Cancel and sign out
      </Button>
    </div>
  );
}
