import type { Config } from '@react-router/dev/config';

// The bare framework, built like the product (framework mode, SPA + prerendered pages) so the page-weight
// bench has a floor to compare against. `node bench/page-weight.ts` builds it into .builds/baseline.
export default {
  appDirectory: 'app',
  // eslint-disable-next-line n/no-process-env -- build tool configuration, outside the app
  buildDirectory: process.env.BUILD_DIR ?? '../../.builds/baseline',
  ssr: false,
  prerender: ['/'],
} satisfies Config;
