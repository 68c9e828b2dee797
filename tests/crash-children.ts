import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Real server processes for the kill -9 tests (run-agent-crash.test.ts, workflow-run-crash.test.ts): a
 * child script started with its arguments, its output read line by line, killed at will; and a database
 * the children share (a PGlite data directory, or a throwaway PostgreSQL database in the postgres project).
 */

/* eslint-disable-next-line n/no-process-env -- the test decides which database the children share */
const { DATABASE_URL: serverUrl, TEST_DATABASE: testDatabase } = process.env;

export interface Child {
  process: ChildProcess;
  output(): string;
  /** Resolves with the first match of `line` in the output (what was printed so far, or later). */
  waitFor(line: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the process has exited, including when it already had. */
  exited(): Promise<void>;
}

export function crashChildren() {
  const processes: ChildProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];

  function start(script: string, args: string[]): Child {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    processes.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return {
      process: child,
      output: () => output,
      waitFor: (line, timeoutMs = 300_000) =>
        new Promise((resolve, reject) => {
          const deadline = Date.now() + timeoutMs;
          const check = () => {
            const match = output.match(line);
            if (match) return resolve(match[0]);
            if (child.exitCode !== null) return reject(new Error(`child exited ${child.exitCode}:\n${output}`));
            if (Date.now() > deadline) return reject(new Error(`no ${line} from the child in ${timeoutMs / 1000} s:\n${output}`));
            setTimeout(check, 50);
          };
          check();
        }),
      exited: () =>
        child.exitCode !== null || child.signalCode !== null
          ? Promise.resolve()
          : new Promise((resolve) => child.once('exit', () => resolve())),
    };
  }

  /** A database for the children: a PGlite directory, or (postgres project) a fresh database on the server. */
  async function database(): Promise<{ target: string; kind: 'pglite' | 'postgres' }> {
    if (testDatabase !== 'postgres' || !serverUrl) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-crash-'));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      return { target: dir, kind: 'pglite' };
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
    return { target: url.toString(), kind: 'postgres' };
  }

  async function cleanup(): Promise<void> {
    for (const child of processes) child.kill('SIGKILL');
    for (const clean of cleanups) await clean();
  }

  return { start, database, cleanup };
}
