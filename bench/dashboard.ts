/**
 * `npm run bench` (dashboard part, issue 34): the seven reads the dashboard makes — task requests,
 * readiness, controls, evidence, program analytics, workflow runs, notifications — with the sample
 * organization's client manager's token, against `npm run serve` launched as a visitor would launch
 * it, under 64 connections (autocannon, which cycles through the seven). Printed: p50, p99 and
 * requests per second, as a ratio against `/health` measured in the same run, and the server's
 * resident memory (VmRSS) before the load, right after it, and settled (idle a few seconds later).
 *
 *   node bench/dashboard.ts              PGlite, and PostgreSQL too when DATABASE_URL is set
 *   node bench/dashboard.ts --pglite     one of them (--postgres: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   node bench/dashboard.ts --per-read   each of the seven reads alone as well (where the time goes)
 *   node bench/dashboard.ts --cold       again with the read cache off (READ_CACHE=0): every read queries,
 *                                        as the first read after a change does (docs/dashboard.md, "The read cache")
 *   BENCH_CONNECTIONS=64 BENCH_SECONDS=10 the load (defaults)
 *   BENCH_CHANGES_PER_SECOND=5           PostgreSQL: the organization changes this often during the dashboard's load
 *                                        (a row of it updated beside the server), so reads after each change query
 *   BENCH_NODE_FLAGS="--max-semi-space-size=8"  Node flags added to the server's (to compare settings)
 *
 * PostgreSQL: a throwaway database is created beside DATABASE_URL's and dropped afterwards.
 * Figures only, never pass/fail (docs/dashboard.md, "How fast").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { seedReferenceData } from '../src/server/db/seed.ts';
import { parseEnv } from '../src/server/env.ts';
import { injectFetch } from '../src/server/inject-fetch.ts';
import { createUserWithRole } from '../src/server/modules/auth/admin/create-user-with-role.ts';
import { seedCatalogue } from '../src/server/modules/frameworks/catalogue-seed.ts';
import { SAMPLE_ACCOUNTS } from '../src/shared/schemas/sample-data.ts';
import { serveCommand } from './serve-command.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVE = serveCommand(ROOT);
/* eslint-disable n/no-process-env -- bench tooling: which databases, how much load */
const postgresUrl = process.env.DATABASE_URL;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EXTRA_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const CHANGES_PER_SECOND = Number(process.env.BENCH_CHANGES_PER_SECOND ?? 0);
/* eslint-enable n/no-process-env */
const SETTLE_MS = 8_000;
/** How long after the load the memory is read: the server releases V8's pooled pages after one quiet 5 s check (idle-memory-release.ts). */
const SETTLED_AFTER_MS = 15_000;
const ADMIN = { email: 'bench.admin@example.com', password: `Bench-${randomBytes(12).toString('hex')}` };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** CPU milliseconds the process has used (user + system): per request, a figure a busy machine disturbs less than latency. */
function cpuMilliseconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU milliseconds PostgreSQL's processes on this machine have used (0 where there are none, as on PGlite). */
function postgresCpuMilliseconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuMilliseconds(Number(entry));
    } catch {
      // the process ended while it was read
    }
  }
  return total;
}

function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
}

/** Loads the sample organization as an administrator with the Data & AI flag would, through the app's own API (in this process). */
async function loadSample(database: Database): Promise<string> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedCatalogue(database.db);
  const app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off' }) });
  try {
    await app.ready();
    const connection = { url: 'http://in-process', serviceRoleKey: app.authKeys.serviceRoleKey, fetch: injectFetch(app) };
    await createUserWithRole(connection, { ...ADMIN, role: 'administrator', isDataAiAdmin: true });
    const signIn = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: ADMIN });
    const token = (signIn.json() as { access_token: string }).access_token;
    const loaded = await app.inject({ method: 'POST', url: '/api/v1/admin/sample-data', headers: { authorization: `Bearer ${token}` } });
    if (loaded.statusCode !== 201) throw new Error(`loading the sample failed: ${loaded.statusCode} ${loaded.body}`);
    return (loaded.json() as { password: string }).password;
  } finally {
    await app.close();
  }
}

/** The V8 heap's figures from the server's own /metrics (a local request may read them): what the resident memory holds. */
async function heapFigures(base: string): Promise<string> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (pattern: RegExp) => Math.round(Number(pattern.exec(text)?.[1] ?? 0) / 1048576);
  return [
    `heap used ${value(/^nodejs_heap_size_used_bytes (\S+)/m)}`,
    `heap total ${value(/^nodejs_heap_size_total_bytes (\S+)/m)}`,
    `old space used ${value(/^nodejs_heap_space_size_used_bytes\{space="old"\} (\S+)/m)}`,
    `code space used ${value(/^nodejs_heap_space_size_used_bytes\{space="code"\} (\S+)/m)}`,
    `external ${value(/^nodejs_external_memory_bytes (\S+)/m)}`,
  ].join(', ');
}

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  throw new Error('the server did not become healthy in time');
}

/** The seven reads, as the dashboard asks for them (the web app's query parameters). */
async function dashboardReads(base: string, password: string): Promise<{ token: string; paths: string[]; organizationId: string }> {
  const response = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SAMPLE_ACCOUNTS.client_manager.email, password }),
  });
  const token = ((await response.json()) as { access_token: string }).access_token;
  const mine = await fetch(`${base}/api/v1/organizations/mine`, { headers: { authorization: `Bearer ${token}` } });
  const organizationId = ((await mine.json()) as { organizations: { id: string }[] }).organizations[0]!.id;
  const paths = [
    '/api/v1/task-requests?limit=50',
    `/api/v1/readiness?organizationId=${organizationId}`,
    `/api/v1/controls?organizationId=${organizationId}`,
    `/api/v1/evidence?organizationId=${organizationId}`,
    `/api/v1/program-analytics?organizationId=${organizationId}`,
    `/api/v1/workflow-runs?organizationId=${organizationId}&limit=30`,
    '/api/v1/notifications?limit=30',
  ];
  for (const url of paths) {
    const read = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!read.ok) throw new Error(`${url}: ${read.status} ${await read.text()}`);
  }
  return { token, paths, organizationId };
}

async function load(base: string, paths: string[], headers: Record<string, string>, pid: number) {
  const cpuBefore = cpuMilliseconds(pid);
  const postgresBefore = postgresCpuMilliseconds();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'gzip, br', ...headers },
    requests: paths.map((url) => ({ method: 'GET', path: url })),
  });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 (ms)': result.latency.p50,
    'p99 (ms)': result.latency.p99,
    'max (ms)': result.latency.max,
    non2xx: result.non2xx + result.errors + result.timeouts,
    'server CPU per request (ms)': Number(((cpuMilliseconds(pid) - cpuBefore) / Math.max(1, result.requests.total)).toFixed(2)),
    'PostgreSQL CPU per request (ms)': Number(
      ((postgresCpuMilliseconds() - postgresBefore) / Math.max(1, result.requests.total)).toFixed(2),
    ),
  };
}

/**
 * With BENCH_CHANGES_PER_SECOND, updates the organization's row that often (as a change made on another server
 * would: every version the read cache holds for it moves) until the returned function is called, which says how many.
 */
function changeOrganization(databaseUrl: string, organizationId: string): (() => Promise<number>) | undefined {
  if (!(CHANGES_PER_SECOND > 0)) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  let changes = 0;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void connected
      .then(() => client.query('update organizations set time_zone = time_zone where id = $1', [organizationId]))
      .then(() => (changes += 1))
      .finally(() => (busy = false));
  }, 1000 / CHANGES_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await connected;
    await client.end();
    return changes;
  };
}

async function measure(label: string, env: Record<string, string>, password: string): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVE.flags, ...EXTRA_NODE_FLAGS, 'src/server/main.js'], {
    cwd: ROOT,
    env: {
      // eslint-disable-next-line n/no-process-env -- the server is launched as `npm run serve` would be, in this environment
      ...process.env,
      ...SERVE.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      ALLOW_EMBEDDED_DB: '1',
    },
    stdio: 'ignore',
  });
  try {
    await waitHealthy(base, child);
    const { token, paths, organizationId } = await dashboardReads(base, password);
    // The sample's open requests are drafted by the worker once the server runs: let that finish first.
    await sleep(SETTLE_MS);
    await load(base, paths, { authorization: `Bearer ${token}` }, child.pid!); // warm-up, not reported
    await sleep(2_000);
    const before = residentMegabytes(child.pid!);
    const health = await load(base, ['/health'], {}, child.pid!);
    const stopChanging = env.DATABASE_URL ? changeOrganization(env.DATABASE_URL, organizationId) : undefined;
    const dashboard = await load(base, paths, { authorization: `Bearer ${token}` }, child.pid!);
    const changes = await stopChanging?.();
    const after = residentMegabytes(child.pid!);
    const perRead: Record<string, Awaited<ReturnType<typeof load>>> = {};
    if (process.argv.includes('--per-read')) {
      for (const url of paths) perRead[url.split('?')[0]!] = await load(base, [url], { authorization: `Bearer ${token}` }, child.pid!);
    }
    await sleep(SETTLED_AFTER_MS);
    const settled = residentMegabytes(child.pid!);
    console.log(`\nDashboard reads — ${label}: ${CONNECTIONS} connections, ${SECONDS} s each, the sample organization's client manager`);
    console.table({ '/health': health, 'dashboard (7 reads)': dashboard, ...perRead });
    console.log(
      `ratio: the dashboard's reads serve at ${(dashboard['req/s'] / Math.max(1, health['req/s'])).toFixed(2)}× the rate of /health; ` +
        `p99 ${dashboard['p99 (ms)']} ms (/health ${health['p99 (ms)']} ms)`,
    );
    if (changes !== undefined) console.log(`the organization changed ${changes} times during the dashboard's load`);
    console.log(`RSS: ${before} MB before the load, ${after} MB right after, ${settled} MB settled ${SETTLED_AFTER_MS / 1000} s later`);
    console.log(`where the settled memory is (MB): ${await heapFigures(base)}`);
    // The machine may be shared: the figures above mean little without what else ran beside them.
    console.log(
      `load average (1, 5, 15 min) at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')} on ${os.cpus().length} cores`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
  }
}

/** The dashboard as served (the read cache on), and with `--cold` as every first read after a change is served. */
async function measureBoth(label: string, env: Record<string, string>, password: string): Promise<void> {
  await measure(label, env, password);
  if (process.argv.includes('--cold')) await measure(`${label}, read cache off`, { ...env, READ_CACHE: '0' }, password);
}

async function onPglite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-dashboard-'));
  try {
    const database = await openPglite(dataDir);
    let password: string;
    try {
      password = await loadSample(database);
    } finally {
      await database.close();
    }
    await measureBoth('PGlite', { DATA_DIR: dataDir }, password);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string): Promise<void> {
  const name = `cc_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-dashboard-'));
  try {
    const database = openPostgres(url.toString(), 2);
    let password: string;
    try {
      password = await loadSample(database);
    } finally {
      await database.close();
    }
    await measureBoth('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, password);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

const only = process.argv.find((arg) => arg === '--pglite' || arg === '--postgres');
if (only !== '--postgres') await onPglite();
if (only === '--postgres' || (only === undefined && postgresUrl))
  await onPostgres(postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres');
