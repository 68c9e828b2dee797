import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/** The CSP every page shares; a page adds the hashes of its own inline scripts to script-src. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // Radix positions popovers with inline style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Security headers on every response. HSTS only where the request arrived over TLS
 * (directly, or through a trusted proxy's X-Forwarded-Proto), never on plain-HTTP localhost.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(perRequestSecurityHeaders(request))) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
  });
}

/**
 * The headers helmet cannot set up front: the default CSP and, over TLS, HSTS. A route that takes
 * over the raw response (a stream) sets these itself, since `onSend` never runs for it.
 */
export function perRequestSecurityHeaders(request: FastifyRequest): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(),
    ...(request.protocol === 'https' ? { 'strict-transport-security': HSTS_VALUE } : {}),
  };
}
