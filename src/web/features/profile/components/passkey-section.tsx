import { Fingerprint } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAuth } from '../../auth/auth.tsx';
import { getAuthClient } from '../../auth/auth-client.ts';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { FactorList } from './factor-list.tsx';
import { SectionCard } from './section-card.tsx';

type PasskeyPlace = 'platform' | 'cross-platform';

const PLACES: { value: PasskeyPlace; label: string }[] = [
  { value: 'platform', label: 'This device (Touch ID, Face ID, Windows Hello)' },
  { value: 'cross-platform', label: 'A security key (USB or NFC)' },
];

/**
 * What auth-js is told to ask the browser for. auth-js asks for a roaming security key by default
 * (`authenticatorAttachment: 'cross-platform'`, `hints: ['security-key']`), which hides the device's own
 * authenticator: a passkey kept on this device asks for the platform authenticator instead.
 */
export function registrationOverrides(place: PasskeyPlace) {
  return {
    authenticatorSelection: { authenticatorAttachment: place },
    hints: place === 'platform' ? ['client-device' as const] : ['security-key' as const],
  };
}

/**
 * Passkeys as a second factor (docs/auth.md "Passkeys"): auth-js `mfa.webauthn.register` enrols the
 * factor, asks the browser for a new credential — on this device (Touch ID, Windows Hello) or on a
 * security key, as chosen — and verifies it; the list shows them and Remove unenrols one.
 */
export function PasskeySection() {
  const { user, reloadUser } = useAuth();
  const passkeys = (user?.factors ?? []).filter((factor) => factor.factor_type === 'webauthn');
  const [error, setError] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  const [place, setPlace] = useState<PasskeyPlace>('platform');
  const isSupported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('passkey-name');
    const friendlyName = (field instanceof HTMLInputElement ? field.value.trim() : '') || `Passkey ${passkeys.length + 1}`;
    setError(null);
    setAdding(true);
    try {
      const client = await getAuthClient();
      const { error: registerError } = await client.mfa.webauthn.register({ friendlyName }, registrationOverrides(place));
      if (registerError) {
        setError(registerError.code ? authErrorMessage(registerError) : `The passkey was not added: ${registerError.message}`);
        return;
      }
      if (field instanceof HTMLInputElement) field.value = '';
      await reloadUser().catch(() => undefined);
      toast({ title: 'Passkey added', description: 'You can use it as your second step when you sign in.', variant: 'success' });
    } finally {
      setAdding(false);
    }
  }

  async function remove(factorId: string): Promise<string | null> {
    const client = await getAuthClient();
    const { error: removeError } = await client.mfa.unenroll({ factorId });
    if (removeError) return authErrorMessage(removeError);
    await reloadUser().catch(() => undefined);
    toast({ title: 'Passkey removed' });
    return null;
  }

  return (
    <SectionCard
      id="passkeys"
      title="Two-factor: passkeys"
      description="Your fingerprint, face, device PIN or a security key confirms it is you after your password."
    >
      <FactorList
        factors={passkeys}
        icon={Fingerprint}
        nameOf={(factor) => factor.friendly_name || 'Passkey'}
        pendingLabel="Not finished"
        listLabel="Your passkeys"
        removeLabel={(factor) => `Remove ${factor.friendly_name || 'passkey'}`}
        removeTitle="Remove this passkey?"
        removeDescription="It will no longer be accepted when you sign in. If it is your only second factor, signing in will need your password alone."
        onRemove={remove}
      />
      <FormError message={error} />
      {isSupported ? (
        <form onSubmit={(submitted) => void add(submitted)} className="flex flex-wrap items-end gap-3" aria-label="Add a passkey">
          <fieldset className="w-full space-y-1">
            <legend className="text-sm font-medium">Keep it on</legend>
            {PLACES.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="passkey-place"
                  className="size-4"
                  checked={place === option.value}
                  onChange={() => setPlace(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <FormField id="passkey-name" label="Name (optional)" className="min-w-48 flex-1">
            <Input name="passkey-name" maxLength={60} placeholder="Work laptop" {...fieldControlProps('passkey-name', {})} />
          </FormField>
          <Button type="submit" disabled={isAdding}>
            <Fingerprint aria-hidden />
            {isAdding ? 'Waiting for your device…' : 'Add a Passkey'}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>
      )}
    </SectionCard>
  );
}
