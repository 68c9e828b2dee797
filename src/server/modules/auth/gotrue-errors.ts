import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An error in GoTrue's wire format (auth-wire.md §1.6): `{code, message}` (+ `error_code`, harmless
 * hardening for clients that cannot read the version header) when the request names API version
 * 2024-01-01 or later, which auth-js always does; the legacy `{code: status, error_code, msg}` otherwise.
 */
export class GoTrueError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'GoTrueError';
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

const API_VERSION = '2024-01-01';

function wantsVersionedErrors(request: FastifyRequest): boolean {
  const header = request.headers['x-supabase-api-version'];
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION;
}

export function sendGoTrueError(request: FastifyRequest, reply: FastifyReply, error: GoTrueError): FastifyReply {
  reply.header('x-sb-error-code', error.code);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  if (wantsVersionedErrors(request)) {
    reply.header('x-supabase-api-version', API_VERSION);
    return reply.status(error.status).send({ code: error.code, error_code: error.code, message: error.message, ...error.extra });
  }
  return reply.status(error.status).send({ code: error.status, error_code: error.code, msg: error.message, ...error.extra });
}

// The messages below are GoTrue's own, verbatim, so clients and tests that match on them keep working.
export const errors = {
  validation: (message: string) => new GoTrueError(400, 'validation_failed', message),
  /** An address that breaks the shared e-mail rule (src/shared/rules/email.ts), in GoTrue's words. */
  invalidEmail: () => new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  noAuthorization: () => new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  userNotFound: () => new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userBanned: () => new GoTrueError(403, 'user_banned', 'User is banned'),
  invalidCredentials: () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed'),
  otpExpired: () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid'),
  rateLimited: (retryAfterSeconds?: number) =>
    new GoTrueError(
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
      {},
      retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {},
    ),
  emailRateLimited: (seconds: number) =>
    new GoTrueError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
      {},
      { 'retry-after': String(seconds) },
    ),
  // Features we do not offer answer as GoTrue does with them turned off (auth-wire.md §6.2).
  anonymousDisabled: () => new GoTrueError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  samlDisabled: () => new GoTrueError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  web3Disabled: () => new GoTrueError(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  notAdmin: () => new GoTrueError(403, 'not_admin', 'User not allowed'),
  insufficientAal: (message: string) => new GoTrueError(403, 'insufficient_aal', message),
};

const OAUTH_ERROR: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied' };

/** GoTrue's redirect error: in the fragment, and also in the query for PKCE (auth-wire.md §2.4). */
export function redirectWithError(reply: FastifyReply, target: string, error: GoTrueError, alsoQuery: boolean, status = 303) {
  const params = new URLSearchParams({
    error: OAUTH_ERROR[error.status] ?? 'server_error',
    error_code: error.code,
    error_description: error.message,
  });
  const url = new URL(target);
  if (alsoQuery) for (const [key, value] of params) url.searchParams.set(key, value);
  params.set('sb', '');
  url.hash = params.toString();
  return reply.redirect(url.toString(), status);
}
