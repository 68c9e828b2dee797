import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/errors.ts';

/**
 * Rate limiting, opt-in per route: `{ config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }`.
 * Counters live in Redis when REDIS_URL is set (shared by every process), in memory otherwise.
 * A limited request gets 429 with code RATE_LIMITED and a Retry-After header.
 */
/**
 * The counter a request is charged to: its address (an IPv6 /64 as one). When the client has
 * already hung up, Node no longer knows the socket's address and the plugin's own key function threw
 * a TypeError, logged at error level for every such request (a log-flooding lever); those requests
 * now share one counter, so hanging up early is no way around a limit either.
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'ip'> & { auth?: FastifyRequest['auth'] }): string {
  // A request made with an API key is charged to the key (docs/integrations.md), wherever it comes from.
  if (request.auth?.apiKey) return `api-key:${request.auth.apiKey.id}`;
  const address: string | undefined = request.ip;
  return address ? normalizeIP(address) : 'address-unknown';
}

export async function registerRateLimit(app: FastifyInstance, redisUrl?: string): Promise<void> {
  // ioredis loads only when REDIS_URL is set.
  const redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'cc-rate-limit:',
    keyGenerator: rateLimitKey,
    skipOnError: true, // a Redis outage must not take sign-in down with it
    errorResponseBuilder: (request, context): ErrorBody & { statusCode: number } => ({
      statusCode: 429,
      error: {
        code: 'RATE_LIMITED',
        message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        requestId: request.id,
      },
    }),
  });
}
