import { z } from 'zod';

/** The cookie consent record of product.md §3, stored under STORAGE_KEYS.cookieConsent. */
export const cookieConsentSchema = z.object({
  essential: z.literal(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  timestamp: z.string().datetime(),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;
export type ConsentCategory = 'functional' | 'analytics' | 'marketing';

export const CONSENT_CATEGORIES = ['functional', 'analytics', 'marketing'] as const satisfies readonly ConsentCategory[];

/** POST /api/v1/consents: a signed-in user's choice, kept server-side as evidence of consent. */
export const recordConsentInputSchema = cookieConsentSchema.strict();
export type RecordConsentInput = z.infer<typeof recordConsentInputSchema>;

export const storedConsentSchema = z.object({
  id: z.string(),
  essential: z.boolean(),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  /** When the visitor chose (the browser's record). */
  timestamp: z.string(),
  /** When the server recorded it. */
  created_at: z.string(),
});
export type StoredConsent = z.infer<typeof storedConsentSchema>;

export const consentHistoryResponseSchema = z.object({ consents: z.array(storedConsentSchema) });
