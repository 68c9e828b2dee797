/**
 * `npm run lint`'s cycle check that counts type-only imports too. ESLint's import-x/no-cycle skips
 * them by design, and a type-only cycle is still two modules that cannot be understood (or moved)
 * apart. Every import of src/ is resolved with TypeScript's own resolver; each cycle found (a
 * strongly connected group of files, Tarjan's algorithm) is printed and the exit code is 1.
 *
 * One level up, the same for the server's domain modules (src/server/server-layers.ts): every module
 * directory is ranked, and no group of more than two modules imports each other around a loop
 * (tests left out: they compose modules like app wiring does). The lint's rank zones keep it at none.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { SERVER_MODULE_RANKS } from '../src/server/server-layers.ts';

export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    allowImportingTsExtensions: true,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => ts.resolveModuleName(imported.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && target.startsWith(root) && !target.includes('node_modules'));
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of two or more files that import each other, directly or around a loop. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The largest group of server modules that may import each other around a loop (issue 40). */
export const MAX_MODULE_KNOT = 2;

/** The module of src/server/modules a file belongs to, or null for any other file. */
export function serverModuleOf(file: string): string | null {
  return /[/\\]src[/\\]server[/\\]modules[/\\]([^/\\]+)[/\\]/.exec(file)?.[1] ?? null;
}

/** Which server modules each module's own code (not its tests) imports. */
export function moduleGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const modules = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = serverModuleOf(file);
    if (!from || /\.test\.tsx?$/.test(file)) continue;
    const imported = modules.get(from) ?? new Set<string>();
    modules.set(from, imported);
    for (const target of targets) {
      const to = serverModuleOf(target);
      if (to && to !== from) imported.add(to);
    }
  }
  return new Map([...modules].map(([module, imported]) => [module, [...imported].sort()]));
}

/** The groups of more than MAX_MODULE_KNOT modules that import each other around a loop. */
export function moduleKnots(modules: ReadonlyMap<string, readonly string[]>): string[][] {
  return findCycles(modules).filter((knot) => knot.length > MAX_MODULE_KNOT);
}

/** Module directories missing from SERVER_MODULE_RANKS, and ranked names with no directory. */
export function rankListProblems(moduleDirs: readonly string[], ranks: readonly (readonly string[])[] = SERVER_MODULE_RANKS): string[] {
  const ranked = ranks.flat();
  return [
    ...moduleDirs.filter((module) => !ranked.includes(module)).map((module) => `src/server/modules/${module} is not ranked`),
    ...ranked.filter((module) => !moduleDirs.includes(module)).map((module) => `${module} is ranked but has no directory`),
    ...ranked.filter((module, index) => ranked.indexOf(module) !== index).map((module) => `${module} is ranked twice`),
  ];
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..', 'src');
  const graph = importGraph(root, sourceFiles(root));
  const cycles = findCycles(graph);
  for (const cycle of cycles)
    console.error(`Import cycle (type-only imports count):\n  ${cycle.map((file) => path.relative(process.cwd(), file)).join('\n  ')}`);
  const knots = moduleKnots(moduleGraph(graph));
  for (const knot of knots) console.error(`Server modules knotted (more than ${MAX_MODULE_KNOT} import each other): ${knot.join(', ')}`);
  const moduleDirs = fs
    .readdirSync(path.join(root, 'server', 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const problems = rankListProblems(moduleDirs);
  for (const problem of problems) console.error(`src/server/server-layers.ts: ${problem}.`);
  if (cycles.length > 0 || knots.length > 0 || problems.length > 0) process.exit(1);
  console.log('No import cycles in src/ (type-only imports included), no knot of server modules, every module ranked.');
}
