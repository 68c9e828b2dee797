import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ManualChunkMeta } from 'rollup';
import { defineConfig } from 'vite';

const apiPort = 3000;
const proxied = ['/api', '/auth/v1', '/functions', '/health', '/metrics', '/dev'];

/**
 * What every public page loads: the root and the marketing layout with every module of ours they
 * import statically. Rollup would split it into ~45 chunks (one per icon, per small helper) by which pages
 * share them; as one chunk it is the same bytes in one request (docs/decisions/012-half-the-weight.md).
 */
const SHELL_ROOTS = ['/src/web/root.tsx', '/src/web/routes/marketing/marketing-layout.tsx'];
/** Per build (the client and the prerendering server build run in one process). */
const shells = new WeakMap<ManualChunkMeta['getModuleInfo'], Set<string>>();

function shellModules(meta: ManualChunkMeta): Set<string> {
  const found = new Set<string>();
  const stack = [...meta.getModuleIds()].filter((id) => SHELL_ROOTS.some((root) => id.split('?')[0]?.endsWith(root)));
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;

function manualChunks(id: string, meta: ManualChunkMeta): string | undefined {
  // React and the router first, in a chunk of their own that imports nothing of ours: the chunks
  // below all import React, and a chunk cycle through React would evaluate one before React.
  if (FRAMEWORK.test(id) || id.startsWith('\0commonjsHelpers')) return 'framework';
  let shell = shells.get(meta.getModuleInfo);
  if (!shell) {
    shell = shellModules(meta);
    shells.set(meta.getModuleInfo, shell);
  }
  // Our own modules only: a package imported through its index (lucide-react, radix-ui, zod) lists
  // every module of the package here, used or not, and would bring what other pages use into the shell.
  if (shell.has(id) && !id.includes('/node_modules/') && !id.endsWith('.css')) return 'shell';
  // zod in a chunk of its own, so it never rides along with a small module a page needs without it.
  if (id.includes('/node_modules/zod/')) return 'zod';
  // radix-ui's index imports every primitive: through it, every page "depends" on every primitive and
  // Rollup put the dialogs', menus' and popovers' code (~25 KB) into the shell. One chunk per package,
  // loaded by the pages (and the overlays, when opened) that use it.
  const radix =
    /\/node_modules\/(@radix-ui\/[^/]+|@floating-ui\/[^/]+|react-remove-scroll[^/]*|aria-hidden|use-sidecar|use-callback-ref)\//.exec(
      id,
    )?.[1];
  if (radix) return `ui-${radix.replace('@', '').replace('/', '-')}`;
  return undefined;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: { output: { manualChunks } },
  },
  server: {
    // `npm run dev`: Vite serves the web app with HMR, the API runs on its own port.
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, `http://127.0.0.1:${apiPort}`])),
  },
});
