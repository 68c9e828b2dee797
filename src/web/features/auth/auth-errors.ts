import type { AuthError, AuthWeakPasswordError } from '@supabase/auth-js';
import { EMAIL_INVALID_MESSAGE } from '../../../shared/rules/email.ts';

/*
 * auth-js's own guards, written as auth-js writes them (an AuthError carries `__isAuthError` and its
 * class name in `name`): importing them from auth-js would load the whole auth client with every
 * sign-in form, before anyone types anything.
 */
const isAuthError = (error: unknown): error is AuthError => typeof error === 'object' && error !== null && '__isAuthError' in error;
const isNamed = (error: unknown, name: string): error is AuthError => isAuthError(error) && error.name === name;
const isAuthWeakPasswordError = (error: unknown): error is AuthWeakPasswordError => isNamed(error, 'AuthWeakPasswordError');

/**
 * auth-js errors in plain words. We branch on the machine-readable `code` (never on message
 * text) and fall back to the server's own message, which is written for people too.
 */
const MESSAGES: Record<string, string> = {
  invalid_credentials: 'The email or password is not correct.',
  email_not_confirmed: 'Confirm your email address first: open the link in the email we sent you.',
  user_already_exists: 'An account with this email already exists. Sign in instead.',
  email_exists: 'An account with this email already exists. Sign in instead.',
  signup_disabled: 'New accounts cannot be created right now. Contact us to get access.',
  otp_disabled: 'There is no account with this email. Create one first.',
  otp_expired: 'This link or code has expired or was already used. Request a new one.',
  user_banned: 'This account is suspended. Contact support.',
  email_address_invalid: EMAIL_INVALID_MESSAGE,
  over_request_rate_limit: 'Too many attempts. Wait a few minutes and try again.',
  over_email_send_rate_limit: 'We just sent you an email. Wait a minute before asking for another.',
  over_sms_send_rate_limit: 'We just sent you a code. Wait a minute before asking for another.',
  sms_send_failed: 'We could not send the text message. Try again in a moment.',
  session_not_found: 'Your session has ended. Sign in again.',
  session_expired: 'Your session has expired. Sign in again.',
  refresh_token_not_found: 'Your session has ended. Sign in again.',
  refresh_token_already_used: 'Your session has ended. Sign in again.',
  mfa_verification_failed: 'That code is not correct. Check the code and try again.',
  sso_provider_not_found: 'Single sign-on is not set up for this email domain. Sign in with your password instead.',
  mfa_challenge_expired: 'The code has expired. Ask for a new one.',
  mfa_ip_address_mismatch: 'The code was requested from another network. Ask for a new code.',
  mfa_factor_not_found: 'This verification method no longer exists. Reload the page.',
  mfa_factor_name_conflict: 'You already have a verification method with this name. Choose another name.',
  mfa_verified_factor_exists: 'This phone number is already set up for two-factor authentication.',
  too_many_enrolled_mfa_factors: 'You have the maximum number of verification methods. Remove one first.',
  mfa_phone_enroll_not_enabled: 'Phone verification is not available on this site.',
  mfa_phone_verify_not_enabled: 'Phone verification is not available on this site.',
  mfa_totp_enroll_not_enabled: 'Authenticator apps are not available on this site.',
  insufficient_aal: 'Verify with your second factor first, then try again.',
  single_identity_not_deletable: 'This is your only way to sign in, so it cannot be removed.',
  email_conflict_identity_not_deletable: 'Removing this sign-in method would leave your account without an email.',
  identity_not_found: 'This sign-in method is no longer linked to your account.',
  manual_linking_disabled: 'Sign-in methods cannot be changed on this site.',
  identity_already_exists: 'This Google account is already linked to another account.',
  provider_email_needs_verification: 'We sent you an email: confirm your address, then continue with Google again.',
  oauth_provider_not_supported: 'Google sign-in is not available on this site.',
  bad_oauth_state: 'The Google sign-in did not complete. Try again.',
  bad_oauth_callback: 'The Google sign-in did not complete. Try again.',
  flow_state_not_found: 'This sign-in link has already been used or has expired. Try again.',
  flow_state_expired: 'This sign-in link has expired. Try again.',
  same_password: 'Choose a password different from your current one.',
  access_denied: 'This link is invalid or has expired. Request a new one.',
};

const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: 'use at least 8 characters',
  characters: 'mix letters, numbers and symbols',
  pwned: 'this password is too common or has appeared in a data breach',
};

export function authErrorMessage(error: unknown): string {
  if (isAuthWeakPasswordError(error)) {
    const reasons = error.reasons.map((reason) => WEAK_PASSWORD_REASONS[reason] ?? reason);
    return reasons.length > 0 ? `Choose a stronger password: ${reasons.join('; ')}.` : 'Choose a stronger password.';
  }
  if (isNamed(error, 'AuthPKCECodeVerifierMissingError')) {
    return 'Open the link in the same browser where you asked for it, or ask for a new one here.';
  }
  if (isNamed(error, 'AuthRetryableFetchError')) {
    return 'We could not reach the sign-in service. Check your connection and try again.';
  }
  if (isNamed(error, 'AuthSessionMissingError')) return MESSAGES.session_not_found!;
  if (isAuthError(error)) {
    const known = error.code ? MESSAGES[error.code] : undefined;
    if (known) return known;
    if (error.status === 429) return MESSAGES.over_request_rate_limit!;
    return error.message || 'Something went wrong. Try again.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

/** The message for an error code carried back in a redirect URL (`?error_code=…`). */
export function authRedirectErrorMessage(code: string | null, description: string | null): string {
  return (code && MESSAGES[code]) || description || MESSAGES.access_denied!;
}
