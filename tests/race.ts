import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { auditEvents } from '../src/server/db/schema/audit.ts';
import type { Db } from '../src/server/db/client.ts';
import { withTenant } from '../src/server/platform/tenancy/tenant.ts';

/**
 * The one helper for concurrency tests: the same request fired `times` times at once through the
 * real app, the statuses counted, and — when `trail` names an entity — the audit-trail entries the
 * burst wrote. Meaningful on PostgreSQL (the `postgres` Vitest project, a pool of connections);
 * PGlite has one connection, so there the requests only interleave between statements.
 */
export interface RaceOptions {
  times: number;
  /** The request; `index` lets each call differ (another body), most races send the same one. */
  request: (index: number) => InjectOptions;
  /** Counts the trail entries with this action (and entity id, when given) written during the burst. */
  trail?: { db: Db; action: string; entityId?: string };
}

export interface RaceOutcome {
  /** How many answers had each status, e.g. `{ 200: 1, 409: 19 }`. */
  statuses: Record<number, number>;
  /** The machine-readable error codes of the 4xx/5xx answers, counted. */
  codes: Record<string, number>;
  responses: LightMyRequestResponse[];
  /** Trail entries written by the burst (0 without `trail`). */
  trailEntries: number;
}

async function countTrail(trail: NonNullable<RaceOptions['trail']>): Promise<number> {
  const where = and(
    eq(auditEvents.action, trail.action),
    trail.entityId === undefined ? undefined : eq(auditEvents.entityId, trail.entityId),
  );
  return withTenant(trail.db, { kind: 'all', userId: null }, (tx) => tx.$count(auditEvents, where));
}

function errorCode(response: LightMyRequestResponse): string | undefined {
  try {
    const body = JSON.parse(response.body) as { error?: { code?: unknown }; error_code?: unknown };
    const code = body.error?.code ?? body.error_code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

export async function race(app: FastifyInstance, options: RaceOptions): Promise<RaceOutcome> {
  const before = options.trail ? await countTrail(options.trail) : 0;
  const responses = await Promise.all(Array.from({ length: options.times }, (_, index) => app.inject(options.request(index))));
  const statuses: Record<number, number> = {};
  const codes: Record<string, number> = {};
  for (const response of responses) {
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    const code = response.statusCode >= 400 ? errorCode(response) : undefined;
    if (code) codes[code] = (codes[code] ?? 0) + 1;
  }
  const trailEntries = options.trail ? (await countTrail(options.trail)) - before : 0;
  return { statuses, codes, responses, trailEntries };
}
