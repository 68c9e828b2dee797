import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAuth } from '../../auth/auth.tsx';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SectionCard } from './section-card.tsx';

/** Ends the account's sessions on every other browser and device (POST /logout?scope=others). */
export function SessionsSection() {
  const { signOut } = useAuth();
  async function signOutOthers(): Promise<string | null> {
    const { error } = await signOut('others');
    if (error) return authErrorMessage(error);
    toast({ title: 'Signed out elsewhere', description: 'Every other browser and device must sign in again.', variant: 'success' });
    return null;
  }
  return (
    <SectionCard
      id="sessions"
      title="Sessions"
      description="Lost a device, or signed in on a shared computer? End every session except this one."
    >
      <ConfirmDialog
        trigger={
          <Button variant="outline">
            <LogOut aria-hidden /> Sign Out Other Devices
          </Button>
        }
        title="Sign out of every other device?"
        description="You stay signed in here. Everywhere else, the next request asks for sign-in again."
        confirmLabel="Sign Out Others"
        onConfirm={signOutOthers}
      />
    </SectionCard>
  );
}
