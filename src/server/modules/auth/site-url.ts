import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';

/**
 * Which origin links and redirects point at. PUBLIC_URL when set; otherwise the request's own
 * origin, but only for loopback hosts: trusting an arbitrary Host header would let anyone make
 * our e-mails carry links to their server (host-header poisoning).
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function authIssuer(env: Pick<Env, 'AUTH_JWT_ISSUER' | 'PUBLIC_URL' | 'PORT'>): string {
  if (env.AUTH_JWT_ISSUER) return env.AUTH_JWT_ISSUER;
  return `${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')}/auth/v1`;
}

export function siteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, request: FastifyRequest): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const host = request.host;
  try {
    const url = new URL(`${request.protocol}://${host}`);
    if (LOOPBACK.has(url.hostname)) return url.origin;
  } catch {
    // fall through to the configured default
  }
  return `http://localhost:${env.PORT}`;
}

/** The site root every flow falls back to (spec: sign-up and magic links land on `/`). */
export function siteUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, request: FastifyRequest): string {
  return `${siteOrigin(env, request)}/`;
}

/** Base of the auth API as the browser reaches it, for e-mail links and the OAuth callback. */
export function authBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, request: FastifyRequest): string {
  return `${siteOrigin(env, request)}/auth/v1`;
}

function globToRegExp(glob: string): RegExp {
  // `**` crosses `.` and `/`; `*` does not (reference §5.8).
  const escaped = glob.replaceAll(/[.+?^${}()|[\]\\]/g, String.raw`\$&`);
  const pattern = escaped.replaceAll('**', '\u0000').replaceAll('*', '[^./]*').replaceAll('\u0000', '.*');
  return new RegExp(`^${pattern}$`);
}

/**
 * A `redirect_to` is kept when it is on our own origin (any port on loopback) or matches an
 * AUTH_REDIRECT_ALLOW_LIST glob; anything else silently becomes the site root, as GoTrue does.
 * A path (`/dashboard`) is resolved against our origin.
 */
export function resolveRedirect(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'AUTH_REDIRECT_ALLOW_LIST'>,
  request: FastifyRequest,
  redirectTo: string | undefined | null,
): string {
  const fallback = siteUrl(env, request);
  if (!redirectTo) return fallback;
  const origin = siteOrigin(env, request);
  let url: URL;
  try {
    if (redirectTo.startsWith('/') && !redirectTo.startsWith('//') && !redirectTo.startsWith('/\\')) {
      url = new URL(redirectTo, origin);
    } else {
      url = new URL(redirectTo);
    }
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.username || url.password) return fallback;
  url.hash = '';
  const own = new URL(origin);
  if (url.origin === own.origin) return url.toString();
  if (LOOPBACK.has(own.hostname) && LOOPBACK.has(url.hostname) && url.protocol === own.protocol) return url.toString();
  const candidate = url.toString();
  const allowed = env.AUTH_REDIRECT_ALLOW_LIST.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .some((glob) => globToRegExp(glob).test(candidate) || globToRegExp(glob).test(candidate.replace(/\?.*$/, '')));
  return allowed ? candidate : fallback;
}
