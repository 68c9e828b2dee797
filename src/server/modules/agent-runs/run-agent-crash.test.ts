import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * An agent run survives `kill -9` of the server drafting it: after a restart on the same database the
 * job runs again and the request gets exactly one output. Real processes, real database files.
 */

const child = path.resolve(import.meta.dirname, '../../../../tests/fixtures/agent-run-child.ts');
/* eslint-disable-next-line n/no-process-env -- the test decides which database the children share */
const { DATABASE_URL: serverUrl, TEST_DATABASE: testDatabase } = process.env;
const processes: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const process of processes) process.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

function start(
  mode: 'submit' | 'resume',
  target: string,
): { process: ChildProcess; output(): string; waitFor(line: RegExp): Promise<string> } {
  const process = spawn(globalThis.process.execPath, [child, mode, target], { stdio: ['ignore', 'pipe', 'pipe'] });
  processes.push(process);
  let output = '';
  process.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  process.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process,
    output: () => output,
    waitFor: (line) =>
      new Promise((resolve, reject) => {
        const deadline = Date.now() + 70_000;
        const check = () => {
          const match = output.match(line);
          if (match) return resolve(match[0]);
          if (process.exitCode !== null) return reject(new Error(`child exited ${process.exitCode}:\n${output}`));
          if (Date.now() > deadline) return reject(new Error(`no ${line} from the child in 70 s:\n${output}`));
          setTimeout(check, 100);
        };
        check();
      }),
  };
}

/** Resolves when the process has exited, including when it already had. */
function exited(process: ChildProcess): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => process.once('exit', () => resolve()));
}

async function target(): Promise<string> {
  if (testDatabase !== 'postgres' || !serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-crash-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  }
  const name = `cc_crash_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('an agent run and kill -9', () => {
  it('runs again after the restart and writes its output once', async () => {
    const database = await target();
    const first = start('submit', database);
    await first.waitFor(/submitted/);
    await first.waitFor(/drafting/);
    first.process.kill('SIGKILL');
    await exited(first.process);

    const second = start('resume', database);
    expect(await second.waitFor(/drafted \d+/)).toBe('drafted 1');
    await exited(second.process);
  }, 150_000);
});
