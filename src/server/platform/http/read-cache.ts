import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import { executePrepared } from '../../db/client.ts';
import { type RequestAccess, getRequestAccess } from '../access/access-guard.ts';
import { asList } from '../access/route-access.ts';
import { type TenantScope, scopeOrganizationIds, tenantScope } from '../tenancy/tenant.ts';

/**
 * The read cache (issue 34, item 5; decision 017; docs/dashboard.md, "The read cache"): a GET route that declares
 * `config: { readCache: true }` answers a repeated read from memory while nothing it may have read has
 * changed, instead of opening a transaction, querying, serialising and compressing again.
 *
 * What decides that nothing changed is the database, not this process: every write to a table bumps the
 * version of the organization its row belongs to (or the global version, for rows all organizations
 * share) when its transaction commits (migration 0042, `read_versions`). An answer is kept with the
 * versions of the reader's organizations and the global one, read before the handler ran, and served only
 * while they are still the same, so a change made through another server, a worker or a script is seen
 * at once; and only for MAX_AGE_MS, because some answers depend on the time (evidence expiring, reviews
 * falling due) as well as on the rows.
 *
 * Who reads matters as much as what: an entry is keyed by the whole request URL, the user, the API key,
 * the session's assurance level, the encodings accepted, what the user holds (roles, permissions, scopes)
 * and the organizations they reach. Authentication and the route's guards run before the cache is
 * consulted, so a signed-out token, a withdrawn role or a key without the scope is refused as before.
 * An administrator (who reaches every organization) is not cached: one read could depend on any of them.
 *
 * The entry is the answer as it left (compressed, with its headers), so a hit neither serialises nor
 * compresses. When many requests miss on one key at once (a version just moved), one computes it and the
 * others wait for it, up to WAIT_FOR_FLIGHT_MS.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET only: answers from the read cache while nothing the answer may depend on has changed. */
    readCache?: boolean;
  }
  interface FastifyInstance {
    readCache: ReadCacheControl;
  }
}

export const MAX_AGE_MS = 30_000;
/** The cache's memory: compressed answers of a few KB each. */
export const MAX_BYTES = 16 * 1024 * 1024;
const WAIT_FOR_FLIGHT_MS = 2_000;
/** More organizations than this in one reach (a staff member on many): not cached, the versions list would be long. */
const MAX_ORGANIZATIONS = 50;
/** The headers an answer is replayed with; the security headers are set on every answer by their own hook. */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary', 'cache-control'] as const;

export interface ReadCacheStats {
  hits: number;
  misses: number;
  stored: number;
}

export interface ReadCacheControl {
  stats(): ReadCacheStats;
  clear(): void;
}

interface Entry {
  versions: string;
  storedAt: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

interface Flight {
  done: Promise<void>;
  settle(): void;
}

interface RequestState {
  key: string;
  versions: string;
  flight?: Flight;
  flightKey: string;
  served?: boolean;
}

export interface ReadCacheOptions {
  enabled: boolean;
  /** The clock entries age by (tests move it). */
  now?: () => number;
}

function flight(): Flight {
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { done, settle };
}

/** What the user holds, as one string: two readers holding the same get the same answer from a handler. */
function holdings(access: RequestAccess): string {
  return [
    access.userType,
    access.roles.join(','),
    [...access.permissions].sort().join(','),
    JSON.stringify(access.scopes),
    JSON.stringify(access.capabilities),
  ].join('|');
}

/** Scopes and their versions as one comparable string ('global:12,<organization>:40'). */
const versionString = (versions: readonly (readonly [scope: string, version: string])[]) =>
  versions.map(([scope, version]) => `${scope}:${version}`).join(',');

/** The versions of these scopes now. */
async function readVersions(request: FastifyRequest, scopes: readonly string[]): Promise<string> {
  const rows = await executePrepared<{ scope: string; version: string }>(
    request.server.database.db,
    'read_versions_of_scopes',
    sql`select scope, sum(version)::text as version from read_versions where scope = any(string_to_array(${scopes.join(',')}, ',')) group by scope`,
  );
  const found = new Map(rows.map((row) => [row.scope, row.version]));
  return versionString(scopes.map((scope) => [scope, found.get(scope) ?? '0']));
}

/**
 * The versions of these scopes: read with the guards' statement for a client in their own organization
 * (or in none), so a hit is that one round trip; read now otherwise (staff, API keys).
 */
function versionsOf(
  request: FastifyRequest,
  access: RequestAccess,
  scope: TenantScope,
  organizationIds: readonly string[],
): Promise<string> | string {
  const read = access.readVersions;
  if (read && scope.kind === 'none') return versionString([['global', read.global]]);
  if (
    read &&
    scope.kind === 'member' &&
    !scope.apiKey &&
    scope.organizationId === access.firstOrganizationId &&
    read.firstOrganization !== null
  )
    return versionString([
      ['global', read.global],
      [scope.organizationId, read.firstOrganization],
    ]);
  return readVersions(request, ['global', ...organizationIds]);
}

/** The entry's key and the versions to hold it to; null when this request is not cached. */
async function describe(request: FastifyRequest): Promise<Pick<RequestState, 'key' | 'versions'> | null> {
  const auth = request.auth;
  if (!auth || auth.role !== 'authenticated') return null;
  const scope = await tenantScope(request);
  const organizationIds = scopeOrganizationIds(scope);
  if (organizationIds === null || organizationIds.length > MAX_ORGANIZATIONS) return null;
  const access = await getRequestAccess(request);
  const versions = await versionsOf(request, access, scope, organizationIds);
  const encoding = request.headers['accept-encoding'];
  const key = createHash('sha256')
    .update(
      [
        request.method,
        request.url,
        auth.userId,
        auth.apiKey?.id ?? '',
        auth.aal,
        typeof encoding === 'string' ? encoding : '',
        organizationIds.join(','),
        holdings(access),
      ].join('\n'),
    )
    .digest('base64');
  return { key, versions };
}

export function registerReadCache(app: FastifyInstance, options: ReadCacheOptions): void {
  const now = options.now ?? (() => Date.now());
  const entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry, key) => key.length + entry.versions.length + Buffer.byteLength(entry.body) + 256,
  });
  const flights = new Map<string, Flight>();
  const states = new WeakMap<FastifyRequest, RequestState>();
  const stats: ReadCacheStats = { hits: 0, misses: 0, stored: 0 };

  app.decorate('readCache', {
    stats: () => ({ ...stats }),
    clear: () => entries.clear(),
  });

  const fresh = (state: Pick<RequestState, 'key' | 'versions'>): Entry | undefined => {
    const entry = entries.get(state.key);
    if (!entry || entry.versions !== state.versions) return undefined;
    const age = now() - entry.storedAt;
    return age >= 0 && age < MAX_AGE_MS ? entry : undefined;
  };

  const land = (request: FastifyRequest) => {
    const state = states.get(request);
    if (!state?.flight) return;
    state.flight.settle();
    if (flights.get(state.flightKey) === state.flight) flights.delete(state.flightKey);
    state.flight = undefined;
  };

  async function lookUp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    // A request the cache cannot describe (the versions unreadable) is answered by its handler, which meets
    // any error of the guards' memoised reads again and answers it as it would have.
    const described = await describe(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'read cache: not consulted');
      return null;
    });
    if (!described) return undefined;
    const flightKey = `${described.key} ${described.versions}`;
    let entry = fresh(described);
    const inFlight = entry ? undefined : flights.get(flightKey);
    if (inFlight) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([inFlight.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_FOR_FLIGHT_MS)))]);
      clearTimeout(timer);
      entry = fresh(described);
    }
    if (entry) {
      stats.hits += 1;
      states.set(request, { ...described, flightKey, served: true });
      return reply.headers(entry.headers).send(entry.body);
    }
    stats.misses += 1;
    const state: RequestState = { ...described, flightKey };
    if (!flights.has(flightKey)) {
      state.flight = flight();
      flights.set(flightKey, state.flight);
    }
    states.set(request, state);
    return undefined;
  }

  function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const state = states.get(request);
    if (!state || state.served || reply.statusCode !== 200) return;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return; // a stream (a very large answer) is not kept
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    entries.set(state.key, { versions: state.versions, storedAt: now(), headers, body: payload });
    stats.stored += 1;
  }

  // Route-level hooks, added as each route registers: the lookup after the route's guards (which are
  // onRequest hooks), the keeping after @fastify/compress's onSend, which registered before this.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.readCache !== true) return;
    if (route.method !== 'GET' && route.method !== 'HEAD') {
      throw new Error(`${String(route.method)} ${route.url}: only a GET route may use the read cache`);
    }
    // The HEAD twin Fastify adds to every GET sends no body: nothing to keep or serve.
    if (!options.enabled || route.method === 'HEAD') return;
    route.preHandler = [lookUp, ...asList(route.preHandler)];
    route.onSend = [
      ...asList(route.onSend),
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        keep(request, reply, payload);
        land(request);
        return payload;
      },
    ];
    route.onResponse = [...asList(route.onResponse), async (request: FastifyRequest) => land(request)];
    route.onRequestAbort = [...asList(route.onRequestAbort), async (request: FastifyRequest) => land(request)];
  });
}
