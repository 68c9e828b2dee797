/**
 * `npm run bench` (agents part): task requests drafted by the builtin agents through the real jobs
 * layer (pg-boss on in-memory PGlite, and on a throwaway PostgreSQL database when DATABASE_URL is
 * set), with 1 and 2 agent workers per process. Prints requests drafted per minute and the p50/p95
 * time from submission to draft ready. Figures only, never pass/fail.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { organizations } from '../src/server/db/schema/organizations.ts';
import { taskRequestEvents, taskRequests } from '../src/server/db/schema/task-requests.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { parseEnv } from '../src/server/env.ts';
import { classifyBuiltin } from '../src/server/modules/agent-runs/providers/builtin-classifier.ts';
import { withTenant } from '../src/server/platform/tenancy/tenant.ts';
import { submitTaskRequest } from '../src/server/modules/task-requests/pipeline.ts';

// eslint-disable-next-line n/no-process-env -- the benchmark decides which databases to measure
const postgresUrl = process.env.DATABASE_URL;

const REQUESTS = 24;
/** Four organizations without a subscription (one run at a time each): the worker count is what limits. */
const ORGANIZATIONS = 4;
const BRIEFS = [
  {
    title: 'Access control policy',
    description: 'Write our access control policy for SOC 2, with joiners, movers and leavers.',
    department: 'compliance',
  },
  { title: 'ISO 27001 gap assessment', description: 'Assess how far we are from ISO 27001 certification.', department: 'compliance' },
  {
    title: 'Risk register for the new data platform',
    description: 'Risk register entries for the analytics platform launch.',
    department: 'risk',
  },
  {
    title: 'Evidence checklist for CC6.1',
    description: 'What evidence does the auditor expect for logical access controls?',
    department: 'operations',
  },
  {
    title: 'Vendor review of our payroll provider',
    description: 'Summarise the security of our third-party payroll vendor.',
    department: 'risk',
  },
  {
    title: 'Answer a customer security questionnaire',
    description: 'Draft answers to the SIG Lite questionnaire a customer asked for.',
    department: 'compliance',
  },
] as const;

const system = { kind: 'all', userId: null } as const;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(database: Database, workers: number) {
  const env = parseEnv({ NODE_ENV: 'test', AGENT_RUN_CONCURRENCY: String(workers) });
  const app = await buildApp({ database, env });
  await app.ready();
  const orgIds = await withTenant(database.db, system, async (tx) => {
    const rows = await tx
      .insert(organizations)
      .values(Array.from({ length: ORGANIZATIONS }, (_, index) => ({ name: `Bench ${workers}w ${index}` })))
      .returning({ id: organizations.id });
    return rows.map((row) => row.id);
  });
  const started = performance.now();
  const ids: string[] = [];
  for (let index = 0; index < REQUESTS; index++) {
    const brief = BRIEFS[index % BRIEFS.length]!;
    const request = await withTenant(database.db, system, (tx) =>
      submitTaskRequest(tx, app.jobs, {
        organizationId: orgIds[index % ORGANIZATIONS]!,
        requestedBy: randomUUID(),
        ...brief,
        deadline: null,
        frameworks: ['SOC 2'],
        source: 'api',
        classification: classifyBuiltin({ ...brief, deadline: null, frameworks: ['SOC 2'] }),
      }),
    );
    ids.push(request.id);
  }
  for (;;) {
    const drafted = await withTenant(database.db, system, (tx) =>
      tx.$count(taskRequests, and(inArray(taskRequests.id, ids), eq(taskRequests.status, 'in_review'))),
    );
    if (drafted === REQUESTS) break;
    if (performance.now() - started > 10 * 60_000) throw new Error(`only ${drafted} of ${REQUESTS} drafted in 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const minutes = (performance.now() - started) / 60_000;
  const waits = await withTenant(database.db, system, async (tx) => {
    const rows = await tx
      .select({ submitted: taskRequests.createdAt, ready: taskRequestEvents.createdAt })
      .from(taskRequestEvents)
      .innerJoin(taskRequests, eq(taskRequests.id, taskRequestEvents.taskRequestId))
      .where(and(inArray(taskRequests.id, ids), eq(taskRequestEvents.kind, 'draft_ready')));
    return rows.map((row) => (row.ready.getTime() - row.submitted.getTime()) / 1000).sort((a, b) => a - b);
  });
  await app.close();
  return { workers, perMinute: Math.round((REQUESTS / minutes) * 10) / 10, p50: percentile(waits, 50), p95: percentile(waits, 95) };
}

async function run(label: string, open: () => Promise<{ database: Database; dispose: () => Promise<void> }>) {
  const figures = [];
  for (const workers of [1, 2]) {
    const { database, dispose } = await open();
    try {
      figures.push(await measure(database, workers));
    } finally {
      await dispose();
    }
  }
  const [one, two] = figures;
  console.log(`\nAgent runs on ${label}: ${REQUESTS} requests, builtin agents, jobs on pg-boss`);
  console.table(
    figures.map((f) => ({
      'workers per process': f.workers,
      'requests drafted / min': f.perMinute,
      'p50 submission → draft ready (s)': f.p50.toFixed(2),
      'p95 submission → draft ready (s)': f.p95.toFixed(2),
    })),
  );
  if (one && two) console.log(`2 workers ÷ 1 worker throughput: ${(two.perMinute / one.perMinute).toFixed(2)}×`);
}

await run('PGlite (in memory)', async () => {
  const database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  return { database, dispose: () => database.close() };
});

if (postgresUrl) {
  await run('PostgreSQL', async () => {
    const name = `cc_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 6);
    await database.migrate();
    await seedReferenceData(database.db);
    return {
      database,
      dispose: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  });
}
