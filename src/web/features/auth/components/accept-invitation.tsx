import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { getAuthClient } from '../auth-client.ts';
import { authErrorMessage } from '../auth-errors.ts';

/**
 * The step an invitation e-mail opens (`/auth?token_hash=…&type=invite`): nothing is used until
 * the invitee presses Accept, so a mail scanner following the link cannot spend it.
 */
export function AcceptInvitation({ tokenHash, onAccepted }: { tokenHash: string; onAccepted: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [isAccepting, setAccepting] = useState(false);

  async function accept() {
    setAccepting(true);
    setError(null);
    try {
      const client = await getAuthClient();
      const { error: verifyError } = await client.verifyOtp({ token_hash: tokenHash, type: 'invite' });
      if (verifyError) setError(authErrorMessage(verifyError));
      else onAccepted();
    } catch (thrown) {
      setError(authErrorMessage(thrown));
    } finally {
      setAccepting(false);
    }
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Accepting signs you in. Then choose a password on your profile, and add two-factor authentication while you are there.
      </p>
      <FormError message={error} />
      <Button type="button" className="w-full" disabled={isAccepting} onClick={() => void accept()}>
        {isAccepting ? 'Accepting…' : 'Accept Invitation'}
      </Button>
    </div>
  );
}
