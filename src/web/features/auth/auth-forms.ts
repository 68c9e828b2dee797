import { z } from 'zod';
import { AUTH_PASSWORD_MAX_LENGTH, AUTH_PASSWORD_MIN_LENGTH } from '../../../shared/constants.ts';
import { emailPatternSchema } from '../../../shared/rules/email-schema.ts';

/**
 * The sign-in forms' rules. They catch typing slips early; the auth service checks again and
 * has the last word (common passwords, rate limits, existing accounts).
 */

const email = z.string().trim().min(1, 'Enter your email address').pipe(emailPatternSchema);

export const signInFormSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const newPasswordSchema = z
  .string()
  .min(AUTH_PASSWORD_MIN_LENGTH, `Use at least ${AUTH_PASSWORD_MIN_LENGTH} characters`)
  .max(AUTH_PASSWORD_MAX_LENGTH, `Use at most ${AUTH_PASSWORD_MAX_LENGTH} characters`);

export const signUpFormSchema = z
  .object({ email, password: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const magicLinkFormSchema = z.object({ email });
export type MagicLinkForm = z.infer<typeof magicLinkFormSchema>;

export const otpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type OtpCodeForm = z.infer<typeof otpCodeSchema>;
