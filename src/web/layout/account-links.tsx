import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth.tsx';
import { Button } from '../components/ui/button.tsx';

/**
 * The header's account corner (product.md §2 top navigation). Signed out: Sign In and Get Started.
 * Signed in: the dashboard and Sign Out, which signs out and then goes to /. Until the session is
 * known (and in the prerendered HTML) it shows the signed-out pair, which most visitors need.
 */
export function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { session, isLoading, signOut } = useAuth();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);

  if (!isLoading && session) {
    const handleSignOut = async () => {
      setSigningOut(true);
      onNavigate?.();
      // product.md §2: signs out, then goes to /.
      const { error } = await signOut('local', { redirectTo: '/' }).catch((thrown: unknown) => {
        void navigate('/');
        return { error: thrown };
      });
      setSigningOut(false);
      // auth-js drops the local session before calling the server, so a failed call still signs out here.
      if (error) console.error('Sign-out did not reach the server', error);
    };
    return (
      <>
        <Button asChild variant="ghost">
          <Link to="/dashboard-compliancecore" onClick={onNavigate}>
            Dashboard
          </Link>
        </Button>
        <Button variant="outline" onClick={() => void handleSignOut()} disabled={isSigningOut}>
          {isSigningOut ? 'Signing out…' : 'Sign Out'}
        </Button>
      </>
    );
  }

  return (
    <>
      <Button asChild variant="ghost">
        <Link to="/auth" onClick={onNavigate}>
          Sign In
        </Link>
      </Button>
      <Button asChild>
        <Link to="/pricing" onClick={onNavigate}>
          Get Started
        </Link>
      </Button>
    </>
  );
}
