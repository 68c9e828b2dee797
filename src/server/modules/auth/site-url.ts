import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';

/** Loopback host names: any port of these is "our own origin" for a redirect during development. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function authIssuer(env: Pick<Env, 'AUTH_JWT_ISSUER' | 'PUBLIC_URL' | 'PORT'>): string {
  if (env.AUTH_JWT_ISSUER) return env.AUTH_JWT_ISSUER;
  return `${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')}/auth/v1`;
}

/**
 * Which origin links and redirects point at: the app's one answer (plugins/public-origin.ts),
 * PUBLIC_URL or an origin of this machine, never a Host header someone else chose (host-header
 * poisoning would put their server into our e-mails).
 */
export function siteOrigin(request: FastifyRequest): string {
  return request.server.publicOrigin(request);
}

/** The site root every flow falls back to (spec: sign-up and magic links land on `/`). */
export function siteUrl(request: FastifyRequest): string {
  return `${siteOrigin(request)}/`;
}

/** Base of the auth API as the browser reaches it, for e-mail links and the OAuth callback. */
export function authBaseUrl(request: FastifyRequest): string {
  return `${siteOrigin(request)}/auth/v1`;
}

function globToRegExp(glob: string): RegExp {
  // `**` crosses `.` and `/`; `*` does not (auth-wire.md §5.8).
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
  env: Pick<Env, 'AUTH_REDIRECT_ALLOW_LIST'>,
  request: FastifyRequest,
  redirectTo: string | undefined | null,
): string {
  const fallback = siteUrl(request);
  if (!redirectTo) return fallback;
  const origin = siteOrigin(request);
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
