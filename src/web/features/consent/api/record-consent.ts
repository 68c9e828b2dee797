import { type CookieConsent, type StoredConsent, storedConsentSchema } from '../../../../shared/schemas/consent.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/v1/consents: the signed-in user's choice, kept server-side as evidence. */
export function recordConsent(consent: CookieConsent, accessToken: string): Promise<StoredConsent> {
  return apiFetch('/api/v1/consents', {
    method: 'POST',
    body: consent,
    token: accessToken,
    schema: storedConsentSchema,
  });
}
