import type { Factor, Session } from '@supabase/auth-js';
import type { CheckSubscriptionResponse } from '../../../shared/schemas/billing.ts';

/** Small pure helpers around an auth-js session, kept apart so they are easy to test. */

function decodePayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The session's assurance level, read from the access token as auth-js does. */
export function sessionAal(session: Session | null): 'aal1' | 'aal2' | null {
  if (!session) return null;
  return decodePayload(session.access_token)?.aal === 'aal2' ? 'aal2' : 'aal1';
}

export function hasVerifiedFactor(session: Session | null): boolean {
  return Boolean(session?.user.factors?.some((factor) => factor.status === 'verified'));
}

/** Signed in with the first factor only, by a user who set up a second one: the MFA step is due. */
export function needsSecondFactor(session: Session | null): boolean {
  return hasVerifiedFactor(session) && sessionAal(session) === 'aal1';
}

/**
 * POST /functions/v1/check-subscription with the session's bearer token (product.md §7). Failures
 * reject; the caller only logs them (product.md §8).
 */
export async function fetchSubscription(accessToken: string): Promise<CheckSubscriptionResponse> {
  const response = await fetch('/functions/v1/check-subscription', {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`check-subscription failed: ${response.status}`);
  // Loaded on first use, like every schema of the auth client (see loadPublicConfig).
  const { checkSubscriptionResponseSchema } = await import('../../../shared/schemas/billing.ts');
  return checkSubscriptionResponseSchema.parse(await response.json());
}

/** The wire format carries a phone factor's number (auth-wire.md §1.5), though auth-js's type omits it. */
export function factorPhone(factor: Factor): string | null {
  const phone = (factor as Factor & { phone?: string }).phone;
  return phone ? `+${phone.replace(/^\+/, '')}` : null;
}
