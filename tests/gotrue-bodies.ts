import { z } from 'zod';

/**
 * The few GoTrue-shaped bodies (under /auth/v1) the server tests read. The wire format is
 * GoTrue's (reference/auth-gotrue-compat.md), not one of ours, so these small schemas live here
 * rather than in src/shared/schemas; each names only the fields a test reads.
 */

/** An error: `{ code, message }` (auth-js sends the API version that selects this shape). */
export const goTrueErrorSchema = z.object({ code: z.string(), message: z.string() });

/** A session from /token or /verify. */
export const goTrueSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user: z.object({ id: z.string(), email_confirmed_at: z.string().nullish() }),
});

/** POST /factors for a TOTP factor. */
export const goTrueTotpFactorSchema = z.object({ id: z.string(), totp: z.object({ secret: z.string() }) });

/** POST /factors/{id}/challenge. */
export const goTrueChallengeSchema = z.object({ id: z.string() });
