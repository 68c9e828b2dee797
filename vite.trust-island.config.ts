import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The trust page's own client (src/web/features/trust-center/trust-page-client.ts), bundled for the browser
 * after `react-router build`, beside the app's assets (docs/decisions/016-trust-page-rendered-by-the-server.md):
 * React, the slot's components, and the access-request dialog as a chunk loaded when first opened. It shares no
 * chunk with the app; the page's bootstrap finds the entry by its name (`assets/trust-page/entry-<hash>.js`).
 */
// eslint-disable-next-line n/no-process-env -- build tool configuration, outside the app (as react-router.config.ts)
const buildDirectory = process.env.BUILD_DIR ?? 'build';

export default defineConfig({
  logLevel: 'warn',
  // The web build has put the site's public files there already.
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: path.join(buildDirectory, 'client'),
    // The app's build is there: add to it.
    emptyOutDir: false,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: 'src/web/features/trust-center/trust-page-client.ts',
      output: {
        entryFileNames: 'assets/trust-page/entry-[hash].js',
        chunkFileNames: 'assets/trust-page/[name]-[hash].js',
        assetFileNames: 'assets/trust-page/[name]-[hash][extname]',
      },
    },
  },
});
