import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The process as a newcomer runs it: `node src/server/main.js` with only environment variables.
 */

const mainFile = path.resolve(import.meta.dirname, 'main.js');
/* eslint-disable-next-line n/no-process-env -- tests decide which database the child gets */
const { DATABASE_URL: serverUrl, TEST_DATABASE: testDatabase } = process.env;
const children: ChildProcess[] = [];
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

function run(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [mainFile], {
    env: { PATH: String(process.env.PATH), LOG_LEVEL: 'warn', ...env }, // eslint-disable-line n/no-process-env
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

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-main-'));
  tempDirs.push(dir);
  return path.join(dir, 'data');
}

describe.runIf(testDatabase !== 'postgres')('starting on the embedded database', () => {
  it('starts, keeps its data across restarts, refuses a second process and shuts down cleanly', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const first = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitForOutput(first, /running at http:\/\/127\.0\.0\.1:\d+/);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toMatchObject({ database: { kind: 'pglite', status: 'ok' } });
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(first.child.pid));

    const second = run({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another ComplianceCore process (PID ${first.child.pid})`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

    const again = run({ PORT: String(port), DATA_DIR: dataDir });
    await waitForOutput(again, /running at/);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);

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
  });
});
