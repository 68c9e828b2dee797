import type { ResolveFnOutput, ResolveHookContext } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageTypeOf, quickResolve } from './quick-resolve.ts';

const root = path.resolve(import.meta.dirname, '../..');
const inPackage = (file: string) => pathToFileURL(path.join(root, 'node_modules', file)).href;
const context = (parentURL: string): ResolveHookContext => ({ parentURL, conditions: ['node', 'import'], importAttributes: {} });

/** Node's own answer, and how often the hook asked for it. */
function nodeResolve() {
  const asked: string[] = [];
  const next = (specifier: string, hookContext?: Partial<ResolveHookContext>): ResolveFnOutput => {
    asked.push(specifier);
    return { url: new URL(specifier, hookContext?.parentURL).href, format: 'node-answer' };
  };
  return { asked, next };
}

describe('quickResolve', () => {
  it('answers a relative .js import inside a package itself, with the format its package.json declares', () => {
    const { asked, next } = nodeResolve();
    const zod = quickResolve('./columns/index.js', context(inPackage('drizzle-orm/pg-core/index.js')), next);
    expect(zod).toEqual({ url: inPackage('drizzle-orm/pg-core/columns/index.js'), format: 'module', shortCircuit: true });
    const fastify = quickResolve('./lib/symbols.js', context(inPackage('fastify/fastify.js')), next);
    expect(fastify).toEqual({ url: inPackage('fastify/lib/symbols.js'), format: 'commonjs', shortCircuit: true });
    expect(asked).toEqual([]);
  });

  it('leaves to Node what it cannot decide alone: no declared type, no such file, no extension, our own files', () => {
    const { asked, next } = nodeResolve();
    quickResolve('./functions/cmp.js', context(inPackage('semver/index.js')), next); // semver declares no type
    quickResolve('./missing.js', context(inPackage('drizzle-orm/pg-core/index.js')), next);
    quickResolve('./lib/server', context(inPackage('fastify/fastify.js')), next);
    quickResolve('./app.ts', context(pathToFileURL(path.join(root, 'src/server/start-server.ts')).href), next);
    expect(asked).toEqual(['./functions/cmp.js', './missing.js', './lib/server', './app.ts']);
    expect(packageTypeOf(path.join(root, 'node_modules/semver/functions'))).toBeNull();
  });

  it('asks Node once for a bare specifier from one directory, and again from another or under other conditions', () => {
    const { asked, next } = nodeResolve();
    const first = quickResolve('drizzle-orm/quick-resolve-test', context(pathToFileURL(path.join(root, 'src/server/db/a.ts')).href), next);
    const again = quickResolve('drizzle-orm/quick-resolve-test', context(pathToFileURL(path.join(root, 'src/server/db/b.ts')).href), next);
    quickResolve('drizzle-orm/quick-resolve-test', context(pathToFileURL(path.join(root, 'src/server/c.ts')).href), next);
    quickResolve(
      'drizzle-orm/quick-resolve-test',
      { ...context(pathToFileURL(path.join(root, 'src/server/db/a.ts')).href), conditions: ['node', 'require'] },
      next,
    );
    expect(again).toEqual({ ...first, shortCircuit: true });
    expect(asked).toEqual(['drizzle-orm/quick-resolve-test', 'drizzle-orm/quick-resolve-test', 'drizzle-orm/quick-resolve-test']);
  });
});
