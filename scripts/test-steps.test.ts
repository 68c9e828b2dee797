import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Step, ENGINE_MARKERS, runTogether } from './test-steps.ts';

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
