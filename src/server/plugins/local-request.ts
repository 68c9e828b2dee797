import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from this machine, decided by the socket's own address and never by a
 * header: `request.ip` follows X-Forwarded-For when a proxy is trusted, and a header is whatever
 * the client wrote. A request that carries forwarding headers came through a proxy (maybe one on
 * this machine, relaying the internet) and is never local: a header can take rights away, not give them.
 */
export function isLocalRequest(request: Pick<FastifyRequest, 'socket' | 'headers'>): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127(?:\.\d{1,3}){3}$/.test(v4);
}
