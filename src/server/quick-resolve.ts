import fs from 'node:fs';
import { type ResolveHookContext, type ResolveFnOutput, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A faster path through Node's module resolution for the server's start (decision 012, third pass).
 *
 * Node 24 works out a `.js` file's format from its package's package.json, and for every import
 * it resolves it copies that package.json in full, parsing its `exports` again each time.
 * drizzle-orm's package.json is 179 KB and its ~110 modules import one another ~400 times: a
 * start-up profile showed 2 s of CPU in Node's package.json reader, more than any other item.
 * This hook answers two kinds of import itself and leaves every other to Node:
 *
 * - a relative `./x.js` / `../x.js` import from one installed package file to another: the file
 *   (symlinks resolved, as Node does), and its format from the nearest package.json's `type`,
 *   read once per directory;
 * - a bare specifier (`drizzle-orm/pg-core`): Node resolves it once per importing directory and
 *   conditions, and the answer is kept (the same specifier from the same directory always
 *   resolves to the same file).
 */

type ModuleFormat = 'module' | 'commonjs';

const typeByDirectory = new Map<string, ModuleFormat | null>();

/**
 * The `type` of the package.json nearest to `directory`, what Node decides a `.js` file's format
 * by; null when it names none (Node then looks at the file's syntax) or cannot be read.
 */
export function packageTypeOf(directory: string): ModuleFormat | null {
  const known = typeByDirectory.get(directory);
  if (known !== undefined) return known;
  let type: ModuleFormat | null;
  let text: string | undefined;
  try {
    text = fs.readFileSync(path.join(directory, 'package.json'), 'utf8');
  } catch {
    text = undefined;
  }
  if (text === undefined) {
    const parent = path.dirname(directory);
    type = parent === directory ? null : packageTypeOf(parent);
  } else {
    try {
      const declared = (JSON.parse(text) as { type?: unknown }).type;
      type = declared === 'module' || declared === 'commonjs' ? declared : null;
    } catch {
      type = null; // a broken package.json: Node reports it
    }
  }
  typeByDirectory.set(directory, type);
  return type;
}

function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../');
}

function isBare(specifier: string): boolean {
  return !isRelative(specifier) && !specifier.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(specifier) && !specifier.startsWith('#');
}

/** A relative `.js` import between installed package files, answered without Node's package.json copy. */
function resolveWithinPackage(specifier: string, parentUrl: string): ResolveFnOutput | undefined {
  if (!specifier.endsWith('.js') || specifier.includes('%') || specifier.includes('?') || specifier.includes('#')) return undefined;
  let file: string;
  try {
    file = fs.realpathSync(fileURLToPath(new URL(specifier, parentUrl)));
    if (!fs.statSync(file).isFile()) return undefined;
  } catch {
    return undefined; // missing: Node gives the error
  }
  const format = packageTypeOf(path.dirname(file));
  return format ? { url: pathToFileURL(file).href, format, shortCircuit: true } : undefined;
}

const bareResolutions = new Map<string, ResolveFnOutput>();

export function quickResolve(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput,
): ResolveFnOutput {
  const parentUrl = context.parentURL;
  if (!parentUrl?.startsWith('file:')) return nextResolve(specifier, context);
  if (isRelative(specifier)) {
    if (!parentUrl.includes('/node_modules/')) return nextResolve(specifier, context);
    return resolveWithinPackage(specifier, parentUrl) ?? nextResolve(specifier, context);
  }
  if (!isBare(specifier)) return nextResolve(specifier, context);
  const key = `${specifier}\0${path.dirname(parentUrl)}\0${context.conditions.join(',')}\0${JSON.stringify(context.importAttributes)}`;
  const known = bareResolutions.get(key);
  if (known) return known;
  const resolved = nextResolve(specifier, context);
  bareResolutions.set(key, { ...resolved, shortCircuit: true });
  return resolved;
}

/** Installs the hook for this process: for imports and requires made from now on. */
export function registerQuickResolve(): void {
  registerHooks({ resolve: quickResolve });
}
