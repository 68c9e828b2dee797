import type { Factor } from '@supabase/auth-js';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAuth } from '../../auth/auth.tsx';
import { getAuthClient } from '../../auth/auth-client.ts';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { CodeForm } from './code-form.tsx';
import { FactorList } from './factor-list.tsx';
import { SectionCard } from './section-card.tsx';

interface Enrollment {
  id: string;
  qrCode: string;
  secret: string;
}

/**
 * auth-js hands over `data:image/svg+xml;utf-8,<svg…>` with the markup unescaped; a `#` in it
 * (a colour) would end the URL early, so the markup is encoded again here.
 */
function svgDataUrl(qrCode: string): string {
  const svg = qrCode.slice(qrCode.indexOf('<'));
  return svg.startsWith('<') ? `data:image/svg+xml,${encodeURIComponent(svg)}` : qrCode;
}

function nextFriendlyName(factors: Factor[]): string {
  const names = new Set(factors.map((factor) => factor.friendly_name));
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? 'Authenticator app' : `Authenticator app ${n}`;
    if (!names.has(name)) return name;
  }
}

/** Authenticator-app (TOTP) factors: enroll with a QR code or the secret, verify, remove (product.md §6, §7; wire format in auth-wire.md §2.10). */
export function TotpSection() {
  const { user, reloadUser } = useAuth();
  const factors = user?.factors ?? [];
  const totp = factors.filter((factor) => factor.factor_type === 'totp');
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);

  async function start() {
    setError(null);
    setStarting(true);
    const client = await getAuthClient();
    const { data, error: enrollError } = await client.mfa.enroll({ factorType: 'totp', friendlyName: nextFriendlyName(factors) });
    setStarting(false);
    if (enrollError) setError(authErrorMessage(enrollError));
    else setEnrollment({ id: data.id, qrCode: svgDataUrl(data.totp.qr_code), secret: data.totp.secret });
  }

  async function verify(code: string): Promise<boolean> {
    if (!enrollment) return false;
    setError(null);
    const client = await getAuthClient();
    const { error: verifyError } = await client.mfa.challengeAndVerify({ factorId: enrollment.id, code });
    if (verifyError) {
      setError(authErrorMessage(verifyError));
      return false;
    }
    setEnrollment(null);
    toast({ title: 'Two-factor authentication is on', description: 'You will be asked for a code when you sign in.', variant: 'success' });
    return true;
  }

  async function remove(factorId: string, { quiet = false } = {}): Promise<string | null> {
    const client = await getAuthClient();
    const { error: removeError } = await client.mfa.unenroll({ factorId });
    if (removeError) return authErrorMessage(removeError);
    if (enrollment?.id === factorId) setEnrollment(null);
    await reloadUser().catch(() => undefined);
    if (!quiet) toast({ title: 'Authenticator app removed' });
    return null;
  }

  return (
    <SectionCard
      id="totp"
      title="Two-factor: authenticator app"
      description="Codes from an app such as 1Password, Google Authenticator or Authy, asked for at every sign-in."
    >
      <FactorList
        factors={totp}
        icon={KeyRound}
        nameOf={(factor) => factor.friendly_name || 'Authenticator app'}
        pendingLabel="Not verified"
        removeLabel={(factor) => `Remove ${factor.friendly_name || 'authenticator app'}`}
        removeTitle="Remove this authenticator app?"
        removeDescription="Codes from it will no longer be accepted. If it is your only second factor, signing in will need your password alone."
        onRemove={(factorId) => remove(factorId)}
      />
      <FormError message={error} />
      {enrollment ? (
        <div className="mt-4 grid gap-6 md:grid-cols-[auto_1fr]">
          <div className="justify-self-center rounded-lg border border-border bg-white p-3">
            <img src={enrollment.qrCode} alt="QR code to add ComplianceCore to your authenticator app" width={180} height={180} />
          </div>
          <div className="grid content-start gap-4">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
              <li>Scan the QR code with your authenticator app.</li>
              <li>Can’t scan it? Enter this secret key instead:</li>
            </ol>
            <code data-testid="totp-secret" className="block break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">
              {enrollment.secret}
            </code>
            <CodeForm id="totp-enroll-code" label="Code from the app" submitLabel="Verify and Turn On" onCode={verify}>
              <Button type="button" variant="ghost" onClick={() => void remove(enrollment.id, { quiet: true })}>
                Cancel
              </Button>
            </CodeForm>
          </div>
        </div>
      ) : (
        <Button type="button" onClick={() => void start()} disabled={isStarting} className="mt-1">
          <ShieldCheck aria-hidden />
          {isStarting ? 'Preparing…' : totp.some((f) => f.status === 'verified') ? 'Add Another App' : 'Set Up Authenticator App'}
        </Button>
      )}
    </SectionCard>
  );
}
