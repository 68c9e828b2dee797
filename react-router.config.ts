import type { Config } from '@react-router/dev/config';
import { prerenderedPaths } from './src/shared/routes.ts';

// Public pages are prerendered to static HTML (fast, crawlable, real <title>);
// the signed-in workspace is a SPA served from the fallback page.
export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: false,
  prerender: prerenderedPaths(),
} satisfies Config;
