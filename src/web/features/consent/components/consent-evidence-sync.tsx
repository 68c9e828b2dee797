import { useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth.tsx';
import { useConsent } from '../../../lib/consent.tsx';
import { recordConsent } from '../api/record-consent.ts';

/**
 * For a signed-in user, sends each cookie choice made in this page session to the server as
 * evidence of consent; a choice made before signing in is sent once the user signs in. Renders
 * nothing. A failed send is logged and tried again when the session changes (token refresh).
 */
export function ConsentEvidenceSync() {
  const { latestChoice } = useConsent();
  const { session } = useAuth();
  const recorded = useRef(new Set<string>());
  const accessToken = session?.access_token;
  const userId = session?.user.id;

  useEffect(() => {
    if (!latestChoice || !accessToken || !userId) return;
    const key = `${userId}:${latestChoice.timestamp}`;
    if (recorded.current.has(key)) return;
    recorded.current.add(key);
    recordConsent(latestChoice, accessToken).catch((error: unknown) => {
      recorded.current.delete(key);
      console.error('Recording cookie consent failed', error);
    });
  }, [latestChoice, accessToken, userId]);

  return null;
}
