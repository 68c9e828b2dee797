import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry one-time secrets: e-mail link tokens (`/auth/v1/verify?token=`,
 * `/auth?token_hash=`), OAuth and PKCE codes, state. Request logs keep the parameter, not its value.
 */
const SECRET_PARAMS = new Set(['token', 'token_hash', 'code', 'state', 'access_token', 'refresh_token', 'apikey']);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_PARAMS.has(name.toLowerCase())) continue;
    params.set(name, 'redacted');
    changed = true;
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Pino's request serializer, as Fastify's default but with secrets out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger options: the level, and requests logged without their secrets. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return { level, serializers: { req: serializeRequest }, ...(stream ? { stream } : {}) };
}
