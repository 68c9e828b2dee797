import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './check-import-cycles.ts';

/**
 * `npm run lint` guards the tree's shape: each rule below is proved by a file that breaks it.
 * The files are linted as text under the path they would have, so nothing is written into src/.
 */

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  // ESLint's rules need no type information (the type-aware ones are oxlint's, proved below).
  eslint = new ESLint({ cwd: root });
});

async function ruleIdsFor(relativePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, relativePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('layers', () => {
  it('refuses a feature imported from lib', async () => {
    const ids = await ruleIdsFor(
      'src/web/lib/probe.ts',
      "import { SearchButton } from '../features/search/components/search-button.tsx';\nexport { SearchButton };\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses a feature imported from components', async () => {
    const ids = await ruleIdsFor(
      'src/web/components/ui/probe.ts',
      "import { SearchButton } from '../../features/search/components/search-button.tsx';\nexport { SearchButton };\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses a module imported from a plugin', async () => {
    const ids = await ruleIdsFor(
      'src/server/plugins/probe.ts',
      "import { AppError } from '../app-error.ts';\nimport { registerAccessRoutes } from '../modules/access/access.routes.ts';\nexport { AppError, registerAccessRoutes };\n",
    );
    expect(ids).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a domain module imported from the platform', async () => {
    const ids = await ruleIdsFor(
      'src/server/platform/http/probe.ts',
      "import { AppError } from '../../app-error.ts';\nimport { registerAuditRoutes } from '../../modules/audit/audit.routes.ts';\nexport { AppError, registerAuditRoutes };\n",
    );
    expect(ids).toEqual(['import-x/no-restricted-paths']);
  });

  it("refuses a module of a higher or the same rank (src/server/server-layers.ts) imported from a module's code, not from its tests", async () => {
    const upward = "import { registerAuditRoutes } from '../audit/audit.routes.ts';\nexport { registerAuditRoutes };\n";
    expect(await ruleIdsFor('src/server/modules/evidence/probe.ts', upward)).toEqual(['import-x/no-restricted-paths']);
    const own = "import { registerRiskRoutes } from '../risks/risks.routes.ts';\nexport { registerRiskRoutes };\n";
    expect(await ruleIdsFor('src/server/modules/risks/probe.ts', own)).toEqual([]);
    const sameRank =
      "import { registerEngagementRoutes } from '../engagements/engagements.routes.ts';\nexport { registerEngagementRoutes };\n";
    expect(await ruleIdsFor('src/server/modules/evidence/probe.ts', sameRank)).toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIdsFor('src/server/modules/evidence/probe.test.ts', upward)).toEqual([]);
  });

  it('lets a module import a lower-ranked module and the platform', async () => {
    const code =
      "import { requestTenant } from '../../platform/tenancy/tenant.ts';\nimport { listRisks } from '../risks/risks.service.ts';\nexport { listRisks, requestTenant };\n";
    expect(await ruleIdsFor('src/server/modules/registers/probe.ts', code)).toEqual([]);
  });

  it('lets components import lib, the one direction allowed between them', async () => {
    expect(
      await ruleIdsFor('src/web/components/ui/probe.ts', "import { cn } from '../../lib/cn.ts';\nexport const probe = cn('a');\n"),
    ).toEqual([]);
  });
});

describe('the one e-mail rule', () => {
  it('refuses zod’s own e-mail checks, which accept other addresses up to other lengths', async () => {
    const zodEmail = "import { z } from 'zod';\nexport const probe = z.object({ email: z.email(), other: z.string().trim().email() });\n";
    expect(await ruleIdsFor('src/shared/schemas/probe.ts', zodEmail)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('lets a schema use the one rule', async () => {
    const oneRule =
      "import { z } from 'zod';\nimport { emailSchema } from './auth.ts';\nexport const probe = z.object({ email: emailSchema });\n";
    expect(await ruleIdsFor('src/shared/schemas/probe.ts', oneRule)).toEqual([]);
  });
});

describe('type-only import cycles', () => {
  let directory: string;
  beforeAll(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-cycle-'));
    fs.writeFileSync(
      path.join(directory, 'admin.ts'),
      "import type { SignUp } from './signup.ts';\nexport type Admin = { signUp?: SignUp };\n",
    );
    fs.writeFileSync(
      path.join(directory, 'signup.ts'),
      "import type { Admin } from './admin.ts';\nexport type SignUp = { admin?: Admin };\n",
    );
  });
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('are found although both imports are type-only', () => {
    const files = ['admin.ts', 'signup.ts'].map((name) => path.join(directory, name));
    expect(findCycles(importGraph(directory, files))).toEqual([files]);
  });
});

describe('formatting', () => {
  it('refuses a file the formatter would change, and accepts it once formatted', async () => {
    const filePath = path.join(root, 'src/shared/probe.ts');
    const options = { ...(await prettier.resolveConfig(filePath)), filepath: filePath };
    const unformatted = 'export const probe = {a:1,  b : "two"}\n';
    expect(await prettier.check(unformatted, options)).toBe(false);
    expect(await prettier.check(await prettier.format(unformatted, options), options)).toBe(true);
  });
});

describe('types and promises (oxlint on TypeScript 7)', () => {
  // The project's own .oxlintrc.json on a probe in a folder of its own with a minimal tsconfig, so the
  // check builds a program of one file instead of the whole tree's.
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-oxlint-'));
    fs.copyFileSync(path.join(root, '.oxlintrc.json'), path.join(dir, '.oxlintrc.json'));
    const compilerOptions = {
      strict: true,
      target: 'ES2023',
      lib: ['ES2023'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      types: [],
      noEmit: true,
    };
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function oxlint(code: string): { status: number | null; output: string } {
    fs.writeFileSync(path.join(dir, 'probe.ts'), code);
    const run = spawnSync(path.join(root, 'node_modules/.bin/oxlint'), ['--type-aware', '--type-check', '--deny-warnings', 'probe.ts'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  it('refuses a floating promise, an async callback where a void one is expected, and a type error', () => {
    const { status, output } = oxlint(
      "const later = async () => 1;\nlater();\n[1].forEach(async () => { await later(); });\nexport const count: number = 'one';\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('no-floating-promises');
    expect(output).toContain('no-misused-promises');
    expect(output).toContain('TS2322');
  }, 60_000);

  it('accepts the same code with the promises handled and the types right', () => {
    const { status, output } = oxlint(
      'const later = async () => 1;\nvoid later();\nfor (const _ of [1]) await later();\nexport const count: number = 1;\n',
    );
    expect(output).not.toMatch(/no-floating-promises|no-misused-promises|TS\d{4}/);
    expect(status).toBe(0);
  }, 60_000);
});
