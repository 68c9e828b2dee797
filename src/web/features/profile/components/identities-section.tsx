import type { UserIdentity } from '@supabase/auth-js';
import { Link2Off, Mail } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAuth } from '../../auth/auth.tsx';
import { getAuthClient } from '../../auth/auth-client.ts';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SectionCard } from './section-card.tsx';

const PROVIDER_NAMES: Record<string, string> = { email: 'Email and password', google: 'Google', phone: 'Phone' };

const day = (value: string | undefined) => (value ? new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(value)) : null);

function identityEmail(identity: UserIdentity): string | null {
  const email = identity.identity_data?.email;
  return typeof email === 'string' ? email : null;
}

/** The ways this account signs in, with unlink (DELETE /auth/v1/user/identities/{identity_id}). */
export function IdentitiesSection() {
  const { user, reloadUser } = useAuth();
  const identities = user?.identities ?? [];
  const isOnly = identities.length <= 1;

  async function unlink(identity: UserIdentity): Promise<string | null> {
    const client = await getAuthClient();
    const { error } = await client.unlinkIdentity(identity);
    if (error) return authErrorMessage(error);
    await reloadUser().catch(() => undefined);
    toast({ title: `${PROVIDER_NAMES[identity.provider] ?? identity.provider} unlinked` });
    return null;
  }

  return (
    <SectionCard id="identities" title="Sign-in methods" description="The accounts you can use to sign in here.">
      {identities.length === 0 ? (
        <p className="text-sm text-muted-foreground">No sign-in methods to show.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {identities.map((identity) => {
            const name = PROVIDER_NAMES[identity.provider] ?? identity.provider;
            const lastUsed = day(identity.last_sign_in_at);
            return (
              <li key={identity.identity_id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="flex min-w-0 items-start gap-2">
                  <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 text-sm">
                    <p className="font-medium">{name}</p>
                    <p className="wrap-anywhere text-muted-foreground">
                      {identityEmail(identity) ?? ''}
                      {lastUsed ? ` · last used ${lastUsed}` : ''}
                    </p>
                  </div>
                </div>
                <ConfirmDialog
                  trigger={
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={isOnly}
                      aria-label={`Unlink ${name}`}
                      title={isOnly ? 'Your only sign-in method cannot be removed' : undefined}
                    >
                      <Link2Off aria-hidden /> Unlink
                    </Button>
                  }
                  title={`Unlink ${name}?`}
                  description="You will no longer be able to sign in with it. Your other sign-in methods keep working."
                  confirmLabel="Unlink"
                  onConfirm={() => unlink(identity)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {isOnly && identities.length === 1 ? (
        <p className="mt-3 text-xs text-muted-foreground">This is your only sign-in method, so it cannot be unlinked.</p>
      ) : null}
    </SectionCard>
  );
}
