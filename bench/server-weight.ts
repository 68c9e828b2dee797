/**
 * `npm run bench`: the server's own weight, for both databases. `npm run serve` is launched as a
 * visitor would launch it; printed are the time from launch to the first healthy `/health`, the CPU
 * used until then and in the idle seconds after it (the pages' compression runs once it listens),
 * and the resident memory (VmRSS) once it has idled, for a first start on an empty database
 * (migrations and seeding included) and for a restart on the same database (and data folder).
 *
 *   node bench/server-weight.ts              both databases
 *   node bench/server-weight.ts --pglite     one of them (--postgres)
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where a
 * fresh database is created for the run and dropped afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { serveCommand } from './serve-command.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The Node flags `npm run serve` uses (the young generation's size among them), so the figures are its. */
const SERVE = serveCommand(ROOT);
const IDLE_MS = 5000;
// eslint-disable-next-line n/no-process-env -- bench tooling: where PostgreSQL is
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** CPU seconds the process has used (user + system): on a busy machine a steadier figure than wall time. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

async function waitHealthy(port: number, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error('the server did not become healthy in time');
}

/** A restart keeps its port, as a real one does: the pages' links, and so their cached compressed forms, name it. */
async function launch(env: Record<string, string>, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVE.flags, 'src/server/main.js'], {
    cwd: ROOT,
    // eslint-disable-next-line n/no-process-env -- the server is launched as `npm run serve` would be, in this environment
    env: { ...process.env, ...SERVE.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  try {
    await waitHealthy(port, child, Date.now() + 180_000);
    const healthyMs = Math.round(performance.now() - started);
    const cpu = cpuSeconds(child.pid!);
    await sleep(IDLE_MS);
    return {
      'launch → healthy (s)': healthyMs / 1000,
      'CPU until healthy (s)': cpu,
      'CPU while idle (s)': Number((cpuSeconds(child.pid!) - cpu).toFixed(2)),
      'idle RSS (MB)': residentMegabytes(child.pid!),
      'load average': Number(os.loadavg()[0]!.toFixed(1)),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
  }
}

const only = process.argv.find((arg) => arg === '--pglite' || arg === '--postgres');
const results: Record<string, Awaited<ReturnType<typeof launch>>> = {};

if (only !== '--postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-pglite-'));
  try {
    const port = await freePort();
    results['PGlite, first start'] = await launch({ DATA_DIR: dataDir }, port);
    results['PGlite, restart'] = await launch({ DATA_DIR: dataDir }, port);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (only !== '--pglite') {
  const name = `cc_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-pg-'));
  try {
    const port = await freePort();
    results['PostgreSQL, first start'] = await launch({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, port);
    results['PostgreSQL, restart'] = await launch({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, port);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\nServer weight (npm run serve, web build served, idle ${IDLE_MS / 1000} s after healthy)`);
console.table(results);
