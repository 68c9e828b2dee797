import { useEffect, useRef } from 'react';
import { useAuth } from '../../auth/auth.tsx';
import { useConsent } from '../consent.tsx';
import { recordConsent } from '../api/record-consent.ts';

/**
 * For a signed-in user, sends the stored cookie choice to the server as evidence of consent: a
 * choice made now, and one made on an earlier visit before signing in (the server keeps each
 * record once). Renders nothing. A failed send is logged and tried again when the session changes.
 */
export function ConsentEvidenceSync() {
  const { consent } = useConsent();
  const { session } = useAuth();
  const recorded = useRef(new Set<string>());
  const accessToken = session?.access_token;
  const userId = session?.user.id;

  useEffect(() => {
    if (!consent || !accessToken || !userId) return;
    const key = `${userId}:${consent.timestamp}`;
    if (recorded.current.has(key)) return;
    recorded.current.add(key);
    recordConsent(consent, accessToken).catch((error: unknown) => {
      recorded.current.delete(key);
      console.error('Recording cookie consent failed', error);
    });
  }, [consent, accessToken, userId]);

  return null;
}
