import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/client.ts';

/**
 * The process as a newcomer runs it: `node src/server/main.js` with only environment variables.
 */

const mainFile = path.resolve(import.meta.dirname, 'main.js');
/* eslint-disable-next-line n/no-process-env -- tests decide which database the child gets */
const { DATABASE_URL: serverUrl, TEST_DATABASE: testDatabase } = process.env;
const children: ChildProcess[] = [];
const WRITERS = 40;
const tempDirs: string[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Where the children look for the web build: a folder with none, so they serve the API only. The build in
 * the repository is not theirs to read: `npm test` builds it in the lane beside these tests, and a server
 * started while `react-router build` had emptied build/client refused to start (no __spa-fallback.html).
 */
const noWebBuild = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-main-no-build-'));
tempDirs.push(noWebBuild);

function run(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [mainFile], {
    env: { PATH: String(process.env.PATH), LOG_LEVEL: 'warn', BUILD_DIR: noWebBuild, ...env }, // eslint-disable-line n/no-process-env -- the child finds node on this process's PATH
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(started: Started, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.output())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern}; output:\n${started.output()}`);
    if (started.child.exitCode !== null) throw new Error(`Process exited early:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Outcome =
  | { kind: 'answered'; status: number; body: { id?: string; error?: { code?: string } }; connection: string | undefined }
  | { kind: 'failed'; code: string };

function post(agent: http.Agent, port: number, payload: object): Promise<Outcome> {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/functions/v1/send-contact-form',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ kind: 'answered', status: response.statusCode ?? 0, body: JSON.parse(text), connection: response.headers.connection }),
        );
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'failed', code: error.code ?? error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'failed', code: error.code ?? error.message }));
    request.end(body);
  });
}

/** One client (a SIGTERM under write load, issue 34): its own keep-alive connection, one write after another until the server refuses. */
async function writer(index: number, port: number, outcomes: Outcome[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let sent = 0; ; sent += 1) {
      const outcome = await post(agent, port, {
        firstName: 'Load',
        lastName: `Writer ${index}`,
        email: `writer-${index}-${sent}@example.com`,
        company: 'Shutdown Testing Ltd',
        message: 'A write sent while the server shuts down.',
      });
      outcomes.push(outcome);
      if (outcome.kind === 'failed' || outcome.status !== 200) return;
    }
  } finally {
    agent.destroy();
  }
}

/**
 * Every request the server accepted was answered — 200, or 503 `UNAVAILABLE` in the app's error shape
 * with `Connection: close` — and none was reset; a connection the server never accepted (the
 * listener had closed) is refused, not reset.
 */
function expectEveryRequestAnswered(outcomes: Outcome[], output: string): string[] {
  const failures = outcomes.filter((outcome) => outcome.kind === 'failed');
  expect(
    failures.filter((failure) => failure.code !== 'ECONNREFUSED'),
    output,
  ).toEqual([]);
  const answered = outcomes.filter((outcome) => outcome.kind === 'answered');
  expect(answered.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);
  const refused = answered.filter((outcome) => outcome.status === 503);
  expect(refused.length).toBeGreaterThan(0);
  for (const outcome of refused) {
    expect(outcome.body.error?.code).toBe('UNAVAILABLE');
    expect(outcome.connection).toBe('close');
  }
  return answered.filter((outcome) => outcome.status === 200).map((outcome) => String(outcome.body.id));
}

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-main-'));
  tempDirs.push(dir);
  return path.join(dir, 'data');
}

describe.runIf(testDatabase !== 'postgres')('starting on the embedded database', () => {
  it('starts, keeps its data across restarts, refuses a second process, and shuts down under write load answering every request', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir, LEADS_RATE_LIMIT_PER_MINUTE: '1000000' });
    await waitForOutput(first, /running at http:\/\/127\.0\.0\.1:\d+/);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toMatchObject({ database: { kind: 'pglite', status: 'ok' } });
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(first.child.pid));

    const second = run({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another ComplianceCore process (PID ${first.child.pid})`);

    // SIGTERM mid-load: 40 clients writing on keep-alive connections, each with a write in flight.
    const outcomes: Outcome[] = [];
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index, port, outcomes));
    await expect.poll(() => outcomes.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(2 * WRITERS);
    first.child.kill('SIGTERM');
    await Promise.all(writers);
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    const acknowledged = expectEveryRequestAnswered(outcomes, first.output());
    expect(acknowledged.length).toBeGreaterThanOrEqual(WRITERS);

    const again = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitForOutput(again, /running at/);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);

    // Nothing acknowledged was lost across the stop and the restart.
    const database = await openPglite(dataDir);
    try {
      // Both drivers answer raw SQL with `{ rows }`; drizzle types it per driver.
      const stored = (await database.db.execute(sql`select id from contact_submissions`)) as unknown as { rows: { id: string }[] };
      const ids = new Set(stored.rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('refuses production on PGlite unless ALLOW_EMBEDDED_DB=1', async () => {
    const refused = run({ NODE_ENV: 'production', DATA_DIR: tempDataDir(), PORT: String(await freePort()) });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/NODE_ENV=production needs a PostgreSQL server/);
  });
});

describe.runIf(testDatabase === 'postgres' && serverUrl)('starting on PostgreSQL', () => {
  it('uses DATABASE_URL', async () => {
    const port = await freePort();
    const started = run({ PORT: String(port), DATABASE_URL: String(serverUrl) });
    await waitForOutput(started, /running at .*database: PostgreSQL/);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toMatchObject({ database: { kind: 'postgres', status: 'ok' } });
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 120_000); // a server process starts: seconds when the machine is quiet, more beside other suites
});
