import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18: a prerendered public page downloads at most 150 KB of JavaScript once it settles. What
 * it needs only when the visitor acts (a form's rules, TanStack Query, a chart library) is imported
 * with `import()` on intent, never statically. A static import anywhere below a page's module puts
 * the package into the page's chunks, so this walks the static (value) imports from each module
 * and lists the packages reached (docs/decisions/012-half-the-weight.md).
 */

const webRoot = path.resolve(import.meta.dirname, '..');
const compilerOptions: ts.CompilerOptions = {
  allowImportingTsExtensions: true,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
};

/** The specifiers of a file's imports and re-exports that stay in the JavaScript. */
function staticValueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      // Only `import type` is erased: under verbatimModuleSyntax `import { type A } from 'x'` stays as
      // `import 'x'`, which loads the module (and everything it imports) all the same.
      const isTypeOnly = statement.importClause?.isTypeOnly === true;
      if (!isTypeOnly && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/**
 * Imports that do not reach the browser: `*.server.ts` modules run only while prerendering (React
 * Router leaves them out of the client build), and `shared/errors.ts` builds its one schema inside
 * a `/* @__PURE__ *\/` function that the bundle drops unless it is called (decision 012).
 */
const isServerOnly = (file: string) => file.endsWith('.server.ts');
const DROPPED_BY_THE_BUNDLER = new Set([`zod ${path.join('..', 'shared', 'errors.ts')}`]);

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package a module reaches through static value imports of our own modules, and those modules. */
function staticallyReached(entry: string): { packages: Map<string, string>; modules: Set<string> } {
  const packages = new Map<string, string>();
  const modules = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    for (const specifier of staticValueImports(file)) {
      if (!specifier.startsWith('.')) {
        const name = packageName(specifier);
        const importer = path.relative(webRoot, file);
        if (!packages.has(name) && !DROPPED_BY_THE_BUNDLER.has(`${name} ${importer}`)) packages.set(name, importer);
        continue;
      }
      const resolved = ts.resolveModuleName(specifier, file, compilerOptions, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && !resolved.includes('node_modules') && !resolved.endsWith('.css') && !isServerOnly(resolved)) stack.push(resolved);
    }
  }
  return { packages, modules };
}

const packagesReached = (entry: string) => staticallyReached(entry).packages;

const web = (file: string) => path.join(webRoot, file);

/** Never at load on a public page: each is for someone who acts (or signs in). */
const ON_INTENT_ONLY = ['zod', 'recharts', '@tanstack/react-query', '@hookform/resolvers', '@supabase/auth-js'];

const PUBLIC_MODULES = [
  'root.tsx',
  'routes/marketing/marketing-layout.tsx',
  'routes/marketing/home.tsx',
  'routes/marketing/pricing.tsx',
  'routes/marketing/plan-comparison.tsx',
  'routes/marketing/roi-calculator.tsx',
  'routes/marketing/subscription.tsx',
  'routes/marketing/subscription-success.tsx',
  'routes/marketing/dsar.tsx',
  'routes/auth/auth.tsx',
  'routes/content/content-page.tsx',
  'routes/content/faq.tsx',
  'routes/content/legal-page.tsx',
  'routes/content/section-index.tsx',
];

describe('what a public page imports statically', () => {
  it.each(PUBLIC_MODULES)('%s loads no form rules, TanStack Query, auth client or chart library', (module) => {
    const reached = packagesReached(web(module));
    const found = ON_INTENT_ONLY.filter((name) => reached.has(name)).map((name) => `${name} (from ${reached.get(name)})`);
    expect(found).toEqual([]);
  });

  // Every public form is a plain form (lib/use-plain-form.ts, or the contact form's own): sign-in,
  // sign-up, the e-mailed link, the second factor, the privacy request, the ROI calculator.
  it.each(PUBLIC_MODULES)('%s loads no react-hook-form', (module) => {
    expect(packagesReached(web(module)).get('react-hook-form')).toBeUndefined();
  });
});

/**
 * A module the shell (root.tsx) imports statically goes into the shell chunk whole: every export of
 * it that any page uses rides along on every public page. These are the workspace's, and reached
 * the shell once through one constant (decision 012, fifth pass): the role and permission tables,
 * and the advisor's strings.
 */
describe('what every page carries in its shell', () => {
  it.each(['../shared/permissions.ts', 'features/advisor/advisor-copy.ts'])('root.tsx does not reach %s', (module) => {
    expect(staticallyReached(web('root.tsx')).modules.has(web(module))).toBe(false);
  });
});
