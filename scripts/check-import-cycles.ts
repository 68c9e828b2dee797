/**
 * `npm run lint`'s cycle check that counts type-only imports too. ESLint's import-x/no-cycle skips
 * them by design, and a type-only cycle is still two modules that cannot be understood (or moved)
 * apart. Every import of src/ is resolved with TypeScript's own resolver; each cycle found (a
 * strongly connected group of files, Tarjan's algorithm) is printed and the exit code is 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..', 'src');
  const cycles = findCycles(importGraph(root, sourceFiles(root)));
  for (const cycle of cycles)
    console.error(`Import cycle (type-only imports count):\n  ${cycle.map((file) => path.relative(process.cwd(), file)).join('\n  ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log('No import cycles in src/ (type-only imports included).');
}
