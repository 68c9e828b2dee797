import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { isAuthCallbackUrl, safeReturnPath } from './auth-client.ts';
import { authErrorMessage, authRedirectErrorMessage } from './auth-errors.ts';

describe('authErrorMessage', () => {
  it('words the server’s codes plainly', () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'The email or password is not correct.',
    );
    expect(authErrorMessage(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'))).toBe(
      'Confirm your email address first: open the link in the email we sent you.',
    );
    expect(authErrorMessage(new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'))).toBe(
      'That code is not correct. Check the code and try again.',
    );
  });

  it('lists the reasons a password is too weak', () => {
    const error = new AuthWeakPasswordError('Password is too weak', 422, ['length', 'pwned']);
    expect(authErrorMessage(error)).toBe(
      'Choose a stronger password: use at least 8 characters; this password is too common or has appeared in a data breach.',
    );
  });

  it('tells a network failure from a refusal, and a rate limit from both', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(
      'We could not reach the sign-in service. Check your connection and try again.',
    );
    expect(authErrorMessage(new AuthApiError('Slow down', 429, 'some_new_code'))).toBe(
      'Too many attempts. Wait a few minutes and try again.',
    );
    expect(authErrorMessage(new AuthApiError('Something specific happened', 400, 'unknown'))).toBe('Something specific happened');
  });

  it('explains a link that came back with an error', () => {
    expect(authRedirectErrorMessage('otp_expired', 'Email link is invalid or has expired')).toBe(
      'This link or code has expired or was already used. Request a new one.',
    );
    expect(authRedirectErrorMessage(null, 'Provider said no')).toBe('Provider said no');
  });
});

describe('return paths and callbacks', () => {
  it('keeps a return path on this site, never elsewhere or back to /auth', () => {
    expect(safeReturnPath('/profile?tab=security')).toBe('/profile?tab=security');
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('/auth?redirect=/admin')).toBeNull();
    expect(safeReturnPath('/auth/v1/logout')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });

  it('recognises the redirects auth-js consumes', () => {
    expect(isAuthCallbackUrl(new URL('http://x.test/?code=abc'))).toBe(true);
    expect(isAuthCallbackUrl(new URL('http://x.test/#access_token=a&refresh_token=b'))).toBe(true);
    expect(isAuthCallbackUrl(new URL('http://x.test/auth?error_code=otp_expired'))).toBe(true);
    expect(isAuthCallbackUrl(new URL('http://x.test/pricing?plan=growth'))).toBe(false);
  });
});
