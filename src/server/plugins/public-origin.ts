import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { isLocalRequest } from './local-request.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The origin this site names itself by in links, canonical URLs, robots.txt and the sitemap. */
    publicOrigin(request: FastifyRequest): string;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(request: FastifyRequest): URL | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`);
  } catch {
    return undefined;
  }
}

/** PUBLIC_URL's origin, or where the server answers on this machine. */
export function defaultOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/**
 * PUBLIC_URL when it is set (production requires it). Without it, the Host header must not decide
 * what we publish: robots.txt, the sitemap and canonical links are cached publicly for an hour, so
 * a reflected Host would poison them for everyone. So a request names itself by its own origin
 * only when that is a loopback host (a developer's browser), or the origin the first request from
 * this machine used (the address a newcomer opened); every other Host gets that remembered origin,
 * or `http://localhost:<PORT>` before there is one.
 */
export function registerPublicOrigin(app: FastifyInstance, env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): void {
  const configured = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined;
  let remembered: string | undefined;
  app.decorate('publicOrigin', (request: FastifyRequest): string => {
    if (configured) return configured;
    const own = originOf(request);
    if (own && !remembered && isLocalRequest(request)) remembered = own.origin;
    if (own && (LOOPBACK_HOSTS.has(own.hostname) || own.origin === remembered)) return own.origin;
    return remembered ?? defaultOrigin(env);
  });
}
