/**
 * After `react-router build`: every prerendered page starts the app after its first paint
 * (see post-paint-bootstrap.ts). The SPA fallback page is left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { webBuildDirFromEnv } from '../src/server/env.ts';
import { FALLBACK_FILE } from '../src/server/modules/web/page-store.ts';
import { rewriteBootstrap } from './post-paint-bootstrap.ts';

const root = webBuildDirFromEnv();

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html') && entry.name !== FALLBACK_FILE) yield full;
  }
}

const chunks = new Map<string, string>();
const chunkSource = (href: string) => {
  let source = chunks.get(href);
  if (source === undefined) {
    source = fs.readFileSync(path.join(root, href), 'utf8');
    chunks.set(href, source);
  }
  return source;
};

let count = 0;
for (const file of htmlFiles(root)) {
  fs.writeFileSync(file, rewriteBootstrap(fs.readFileSync(file, 'utf8'), chunkSource));
  count += 1;
}
console.log(`${count} prerendered pages start the app after their first paint`);
