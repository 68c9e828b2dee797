import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The server's renderer of the trust page (src/web/features/trust-center/render-trust-slot.tsx), bundled
 * for Node after `react-router build` (docs/decisions/016-trust-page-rendered-by-the-server.md). Packages
 * stay imports (the server has node_modules); our TSX becomes one ES module the server imports.
 */
// eslint-disable-next-line n/no-process-env -- build tool configuration, outside the app (as react-router.config.ts)
const buildDirectory = process.env.BUILD_DIR ?? 'build';

export default defineConfig({
  logLevel: 'warn',
  // The site's public files are the web build's; this bundle needs none of them.
  publicDir: false,
  build: {
    ssr: 'src/web/features/trust-center/render-trust-slot.tsx',
    outDir: path.join(buildDirectory, 'trust-page'),
    emptyOutDir: true,
    target: 'node22',
    rollupOptions: { output: { entryFileNames: 'render-trust-slot.js' } },
  },
});
