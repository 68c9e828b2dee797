import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The origin this site names itself by in links, canonical URLs, robots.txt and the sitemap. */
    publicOrigin(request: FastifyRequest): string;
  }
}

type OriginEnv = Pick<Env, 'PUBLIC_URL' | 'PORT' | 'HOST'>;

/** The host part of the address the server listens on: an unspecified address is this machine's loopback. */
function listeningHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * PUBLIC_URL's origin, or where the server listens (HOST and PORT, `http://127.0.0.1:3000` by
 * default; `localhost` when it listens on every address). `port` overrides PORT once the server
 * listens (PORT=0 picks one).
 */
export function defaultOrigin(env: OriginEnv, port: number = env.PORT): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://${listeningHost(env.HOST)}:${port}`;
}

/**
 * PUBLIC_URL when it is set (production requires it). Without it, the address and port the server
 * listens on, whoever asks and whatever Host they send: robots.txt, the sitemap and canonical links
 * are cached publicly and links with tokens are e-mailed, so no request may choose them. (Until
 * issue 31 the first request from this machine chose the origin for good; a same-host proxy passing
 * the client's Host made that a takeover.)
 */
export function registerPublicOrigin(app: FastifyInstance, env: OriginEnv): void {
  app.decorate('publicOrigin', (_request: FastifyRequest): string => {
    const address = app.server.listening ? app.server.address() : null;
    return defaultOrigin(env, typeof address === 'object' && address ? address.port : env.PORT);
  });
}
