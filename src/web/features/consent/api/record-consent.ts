import type { CookieConsent, StoredConsent } from '../../../../shared/schemas/consent.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/v1/consents: the signed-in user's choice, kept server-side as evidence. */
export async function recordConsent(consent: CookieConsent, accessToken: string): Promise<StoredConsent> {
  // Only a signed-in visitor's choice is recorded: the schema (and zod) load then, not with every page.
  const { storedConsentSchema } = await import('../../../../shared/schemas/consent.ts');
  return apiFetch('/api/v1/consents', {
    method: 'POST',
    body: consent,
    token: accessToken,
    schema: storedConsentSchema,
  });
}
