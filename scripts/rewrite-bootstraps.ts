/**
 * After `react-router build`: every prerendered page starts the app after its first paint
 * (see post-paint-bootstrap.ts). The SPA fallback page is left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { webBuildDirFromEnv } from '../src/server/env.ts';
import { FALLBACK_FILE, htmlFiles } from '../src/server/modules/web/page-store.ts';
import { rewriteBootstrap } from './post-paint-bootstrap.ts';

const root = webBuildDirFromEnv();

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
for (const file of htmlFiles(root).filter((relative) => relative !== FALLBACK_FILE)) {
  const full = path.join(root, file);
  fs.writeFileSync(full, rewriteBootstrap(fs.readFileSync(full, 'utf8'), chunkSource));
  count += 1;
}
console.log(`${count} prerendered pages start the app after their first paint`);
