/**
 * After `react-router build`: every prerendered page starts the app after its first paint
 * (see post-paint-bootstrap.ts). The SPA fallback page is left alone. The trust page's shell starts
 * its own client instead, the app only when asked (docs/decisions/016-trust-page-rendered-by-the-server.md):
 * that client is built before this step (vite.trust-island.config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { webBuildDirFromEnv } from '../src/server/env.ts';
import { FALLBACK_FILE, htmlFiles } from '../src/server/modules/web/page-store.ts';
import { TRUST_SHELL_PATH } from '../src/shared/trust-center-page.ts';
import { rewriteBootstrap, rewriteTrustBootstrap } from './post-paint-bootstrap.ts';

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

/** The trust page's own client: exactly one entry, or the build changed shape. */
function trustIsland(): string {
  const folder = path.join(root, 'assets', 'trust-page');
  const entries = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => /^entry-[\w-]+\.js$/.test(name)) : [];
  if (entries.length !== 1) throw new Error(`expected one trust-page client entry in ${folder}, found ${entries.length}`);
  return `/assets/trust-page/${entries[0]}`;
}
const trustShell = path.join(TRUST_SHELL_PATH.slice(1), 'index.html');

let count = 0;
for (const file of htmlFiles(root).filter((relative) => relative !== FALLBACK_FILE)) {
  const full = path.join(root, file);
  const html = fs.readFileSync(full, 'utf8');
  fs.writeFileSync(
    full,
    file === trustShell ? rewriteTrustBootstrap(html, chunkSource, trustIsland()) : rewriteBootstrap(html, chunkSource),
  );
  count += 1;
}
console.log(`${count} prerendered pages start the app after their first paint`);
