import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { emailPatternSchema } from '../rules/email-schema.ts';

/** GET /api/v1/public-config: what the browser needs before anyone signs in. */
export const publicConfigSchema = z.object({
  /** The anon API key: auth-js's `apikey`, and the bearer for public calls such as search. */
  anonKey: z.string(),
  providers: z.object({ google: z.boolean() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The password policy the auth service enforces (docs/auth.md); forms validate with the same numbers. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters.`);

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE).pipe(emailPatternSchema);

export const signInInputSchema = z.object({ email: emailSchema, password: z.string().min(1, 'Enter your password.') });
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const magicLinkInputSchema = z.object({ email: emailSchema });
export type MagicLinkInput = z.infer<typeof magicLinkInputSchema>;

/** A 6-digit TOTP or SMS code. */
export const mfaCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');
