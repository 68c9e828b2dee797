import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ErrorBody } from '../../shared/errors.ts';

/**
 * Rate limiting, opt-in per route: `{ config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }`.
 * Counters live in Redis when REDIS_URL is set (shared by every process), in memory otherwise.
 * A limited request gets 429 with code RATE_LIMITED and a Retry-After header.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl?: string): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'cc-rate-limit:',
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
