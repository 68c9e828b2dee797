import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useAuth } from '../auth.tsx';
import { authErrorMessage } from '../auth-errors.ts';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

/** 'Continue with Google', shown only when the server has Google sign-in configured. */
export function GoogleButton({ returnTo }: { returnTo: string | null }) {
  const { signInWithGoogle, providers } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [isRedirecting, setRedirecting] = useState(false);
  if (!providers?.google) return null;

  async function start() {
    setError(null);
    setRedirecting(true);
    const result = await signInWithGoogle(returnTo).catch((thrown: unknown) => ({ error: thrown }));
    if (result.error) {
      setRedirecting(false);
      setError(authErrorMessage(result.error));
    }
  }

  return (
    <div className="grid gap-3">
      <FormError message={error} />
      <Button type="button" variant="outline" className="w-full" disabled={isRedirecting} onClick={() => void start()}>
        <GoogleLogo />
        {isRedirecting ? 'Opening Google…' : 'Continue with Google'}
      </Button>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
