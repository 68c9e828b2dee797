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
  // The layer rules need no type information; the type-aware promise rules are proved on their own below.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
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

describe('promises', () => {
  it('refuses a floating promise and an async handler where a void callback is expected', async () => {
    const typed = new ESLint({ cwd: root });
    // An existing file's path, so the type-aware rules find it in the TypeScript project.
    const filePath = path.join(root, 'scripts/check-import-cycles.ts');
    const code = 'const later = async () => 1;\nlater();\n[1].forEach(async () => { await later(); });\nexport {};\n';
    const [result] = await typed.lintText(code, { filePath });
    const ids = (result?.messages ?? []).map((message) => message.ruleId);
    expect(ids).toContain('@typescript-eslint/no-floating-promises');
    expect(ids).toContain('@typescript-eslint/no-misused-promises');
  }, 60_000);
});
