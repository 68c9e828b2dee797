import { z } from 'zod';

/** The cookie consent record of spec §3, stored under STORAGE_KEYS.cookieConsent. */
export const cookieConsentSchema = z.object({
  essential: z.literal(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  timestamp: z.string().datetime(),
});
export type CookieConsent = z.infer<typeof cookieConsentSchema>;
export type ConsentCategory = 'functional' | 'analytics' | 'marketing';
