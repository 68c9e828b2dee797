import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Step,
  BOTH_ENGINES_MARKERS,
  ENGINE_MARKERS,
  engineAgnosticServerTests,
  pgliteServerTestsBesidePostgres,
  root,
  runTogether,
  scriptCommands,
} from './test-steps.ts';

const node = (label: string, code: string): Step => ({ label, command: process.execPath, args: ['-e', code] });

describe('runTogether (the stages of npm test)', () => {
  let directory = '';
  afterEach(() => {
    vi.restoreAllMocks();
    if (directory) fs.rmSync(directory, { recursive: true, force: true });
  });

  it('runs the steps side by side, reports each exit code, and prints a buffered step after the live one', async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-steps-'));
    const flag = path.join(directory, 'other-started');
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(chunk.toString());
      return true;
    });
    // The live step ends only once the other has started: run one after the other, it would time out and fail.
    const live = node(
      'live',
      `const fs=require('fs');const end=Date.now()+20000;const wait=()=>fs.existsSync(${JSON.stringify(flag)})?process.exit(0):Date.now()>end?process.exit(9):setTimeout(wait,20);wait();`,
    );
    const other = node('other', `require('fs').writeFileSync(${JSON.stringify(flag)},'');console.log('other says hello');process.exit(3);`);
    const results = await runTogether([live, other]);
    expect(results.map((result) => [result.step.label, result.code])).toEqual([
      ['live', 0],
      ['other', 3],
    ]);
    const text = written.join('');
    expect(text).toContain('▶ live  ∥  other');
    expect(text.indexOf('── other')).toBeGreaterThan(-1);
    expect(text.indexOf('other says hello')).toBeGreaterThan(text.indexOf('── other'));
    expect(text).toMatch(/✘ other: \d+ s/);
  });

  it('runs a lane of steps one after another beside the live step, and reports every step of it', async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-steps-'));
    const log = path.join(directory, 'order');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const append = (label: string, code: number) =>
      node(label, `require('fs').appendFileSync(${JSON.stringify(log)},${JSON.stringify(`${label} `)});process.exit(${code});`);
    // The live step waits for the lane's last step: lanes not run side by side would time out.
    const live = node(
      'live',
      `const fs=require('fs');const end=Date.now()+20000;const wait=()=>fs.existsSync(${JSON.stringify(log)})&&fs.readFileSync(${JSON.stringify(log)},'utf8').includes('third')?process.exit(0):Date.now()>end?process.exit(9):setTimeout(wait,20);wait();`.replace(
        '20000',
        '50000',
      ),
    );
    const results = await runTogether([live, [append('first', 0), append('second', 4), append('third', 0)]]);
    expect(results.map((result) => [result.step.label, result.code])).toEqual([
      ['live', 0],
      ['first', 0],
      ['second', 4],
      ['third', 0],
    ]);
    expect(fs.readFileSync(log, 'utf8')).toBe('first second third ');
  }, 60_000); // four Node processes in a row

  it('splits the lint script into its commands, all of them, so the checks stage runs what npm run lint runs', () => {
    const script = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { lint: string } }).scripts.lint;
    const steps = scriptCommands('lint');
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.map((step) => step.args.at(-1)).join(' && ')).toBe(script);
    expect(steps[0]?.args.at(-1)).toMatch(/^eslint /);
  });

  it('reports a step whose command cannot start as failed', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const [, missing] = await runTogether([node('live', ''), { label: 'missing', command: '/nonexistent/command', args: [] }]);
    expect(missing?.code).toBe(1);
  });
});

describe('which server test files run on one engine only', () => {
  it('keeps on both engines any file that builds a database, an app, a process or reads the environment', () => {
    for (const source of [
      "import { createTestDatabase } from '../../../tests/test-database.ts';",
      "import { createTenantFixture } from '../../tests/tenant-fixture.ts';",
      "import { buildApp } from '../app.ts';",
      "import { spawn } from 'node:child_process';",
      'const { DATABASE_URL } = process.env;',
    ])
      expect(ENGINE_MARKERS.test(source), source).toBe(true);
    expect(ENGINE_MARKERS.test("import { rateLimitKey } from './rate-limit.ts';")).toBe(false);
  });
});

describe('with PostgreSQL there, which database tests run on PGlite too (decision 015)', () => {
  it('keeps the files about the engines on PGlite, and sends every other server test file to one engine at least', () => {
    const onPglite = new Set(pgliteServerTestsBesidePostgres());
    const agnostic = new Set(engineAgnosticServerTests());
    const onPostgres = new Set(fs.globSync('src/server/**/*.test.ts', { cwd: root }).filter((file) => !agnostic.has(file)));
    for (const file of [
      'src/server/main.test.ts',
      'src/server/races.test.ts',
      'src/server/db/pglite-thread.test.ts',
      'src/server/platform/jobs/job-queue.test.ts',
    ])
      expect(onPglite.has(file) && onPostgres.has(file), file).toBe(true);
    // An ordinary database test runs once, on PostgreSQL.
    expect(onPglite.has('src/server/modules/vendors/vendor-register.test.ts')).toBe(false);
    expect(onPostgres.has('src/server/modules/vendors/vendor-register.test.ts')).toBe(true);
    for (const file of fs.globSync('src/server/**/*.test.ts', { cwd: root }))
      expect(onPglite.has(file) || onPostgres.has(file), file).toBe(true);
  });

  it('recognises the engine words and the explicit marker', () => {
    for (const source of [
      "import { PGlite } from '@electric-sql/pglite';",
      'process.env.TEST_DATABASE',
      "import '../../tests/crash-children.ts';",
      '// @both-engines: races',
    ])
      expect(BOTH_ENGINES_MARKERS.test(source), source).toBe(true);
    expect(BOTH_ENGINES_MARKERS.test("import { createTestDatabase } from '../../tests/test-database.ts';")).toBe(false);
  });
});
