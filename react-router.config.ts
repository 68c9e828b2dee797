import type { Config } from '@react-router/dev/config';
import { prerenderedPaths } from './src/shared/routes.ts';
import { TRUST_SHELL_PATH } from './src/shared/trust-center-page.ts';
import { contentPagePaths } from './src/web/features/content/content.server.ts';

// Public pages are prerendered to static HTML (fast, crawlable, real <title>);
// the signed-in workspace is a SPA served from the fallback page.
export default {
  appDirectory: 'src/web',
  // BUILD_DIR lets parallel builds (several worktrees, CI shards) not overwrite each other.
  // eslint-disable-next-line n/no-process-env -- build tool configuration, outside the app
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: false,
  // The route table's public pages, plus one page per content article (documentation, knowledge base, support,
  // frameworks) and per press release; and the trust page's shell, which the server fills per organization
  // (docs/decisions/016-trust-page-rendered-by-the-server.md).
  prerender: [...prerenderedPaths(), ...contentPagePaths(), TRUST_SHELL_PATH],
} satisfies Config;
