/**
 * `npm run bench` (search part): GET /functions/v1/search-content under concurrent load, beside the
 * same searches run straight through the database driver (searchContent() on the drizzle client, no
 * HTTP). The ratio is what HTTP, auth and validation add. Figures only, never pass/fail.
 *
 * Runs on in-memory PGlite and, when DATABASE_URL is set, on a throwaway database on that
 * PostgreSQL server (created and dropped here). Loopback only; each load phase is time-bounded.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { parseEnv } from '../src/server/env.ts';
import { searchContent } from '../src/server/modules/search/search.service.ts';
import { seedCorpus } from './search-corpus.ts';

// eslint-disable-next-line n/no-process-env -- the benchmark decides which databases to measure
const postgresUrl = process.env.DATABASE_URL;

const GENERATED_DOCUMENTS = 5_000;
const CONNECTIONS = 10;
const DURATION_SECONDS = 5;
/** What people type: whole words, words being typed (prefix), two words, and a typo (fallback). */
const QUERIES = ['compliance', 'vendor risk', 'audit evid', 'encryption', 'soc 2 report', 'complience', 'incident response', 'priv'];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The same rotation of searches, CONNECTIONS at a time for DURATION_SECONDS, without HTTP. */
async function direct(database: Database) {
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_SECONDS * 1000;
  let turn = 0;
  async function worker() {
    while (performance.now() < deadline) {
      const q = QUERIES[turn++ % QUERIES.length] ?? 'compliance';
      const started = performance.now();
      await searchContent(database.db, { q, limit: 20, offset: 0 });
      latencies.push(performance.now() - started);
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    errors: 0,
  };
}

async function overHttp(database: Database) {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_RATE_LIMIT_PER_MINUTE: '100000000' });
  const app = await buildApp({ database, env });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const authorization = `Bearer ${app.authKeys.anonKey}`;
    // Every response's own latency, so p95 is exact (autocannon's summary has p90 and p97.5 only).
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: address,
          connections: CONNECTIONS,
          duration: DURATION_SECONDS,
          title: 'search-content',
          headers: { authorization },
          requests: QUERIES.map((q) => ({ method: 'GET', path: `/functions/v1/search-content?q=${encodeURIComponent(q)}&limit=20` })),
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    latencies.sort((a, b) => a - b);
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
      errors: result.non2xx + result.errors,
    };
  } finally {
    await app.close();
  }
}

async function measure(label: string, database: Database) {
  const started = performance.now();
  const documents = await seedCorpus(database, GENERATED_DOCUMENTS);
  console.log(`\n${label}: ${documents} documents seeded in ${Math.round(performance.now() - started)} ms`);
  // Warm caches and plans so both sides start equal, and show how broad each query is: every match
  // is ranked, so a query matching most of the corpus costs the most.
  const matches: string[] = [];
  for (const q of QUERIES) matches.push(`${q}: ${(await searchContent(database.db, { q, limit: 20, offset: 0 })).total}`);
  console.log(`matches per query — ${matches.join(', ')}`);
  const driver = await direct(database);
  const http = await overHttp(database);
  console.table({ 'database driver (searchContent)': driver, 'HTTP GET /functions/v1/search-content': http });
  console.log(
    `ratio: HTTP serves ${(http.requestsPerSecond / Math.max(1, driver.requestsPerSecond)).toFixed(2)}× the searches/s of the driver; ` +
      `median latency ${(http.p50Ms / Math.max(0.01, driver.p50Ms)).toFixed(2)}×`,
  );
}

console.log(
  `\nSearch: ${QUERIES.length} queries in rotation (${QUERIES.join(', ')}), ${CONNECTIONS} concurrent, ${DURATION_SECONDS} s per phase`,
);

const pglite = await openPglite();
await pglite.migrate();
try {
  await measure('PGlite (in process, one connection)', pglite);
} finally {
  await pglite.close();
}

if (postgresUrl) {
  const name = `cc_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const postgres = openPostgres(url.toString(), CONNECTIONS);
  try {
    await postgres.migrate();
    await measure(`PostgreSQL (pool of ${CONNECTIONS})`, postgres);
  } finally {
    await postgres.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it too)');
}
