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

/** The configured public origin, or where the server answers on this machine. */
export function defaultSiteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/** PUBLIC_URL's origin; without it, the request's own origin when that is a loopback address. */
export function siteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  if (env.PUBLIC_URL) return defaultSiteOrigin(env);
  const host = request.host;
  try {
    const url = new URL(`${request.protocol}://${host}`);
    if (LOOPBACK.has(url.hostname)) return url.origin;
  } catch {
    // fall through to the configured default
  }
  return defaultSiteOrigin(env);
}

/**
 * The origin a page or crawler file names itself by: PUBLIC_URL's, or the one the request came
 * to. Only for what the requester reads back (canonical links, sitemap); never for links sent to
 * someone else (e-mails use `siteOrigin`, which does not trust the Host header).
 */
export function requestOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  if (env.PUBLIC_URL) return defaultSiteOrigin(env);
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return defaultSiteOrigin(env);
  }
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
