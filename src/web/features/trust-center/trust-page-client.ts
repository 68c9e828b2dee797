/**
 * The entry of the trust page's own client, built by `npm run build` as its own small bundle
 * (vite.trust-island.config.ts → `<BUILD_DIR>/client/assets/trust-page/`) and imported by the page's
 * bootstrap after the first paint (scripts/post-paint-bootstrap.ts, `rewriteTrustBootstrap`).
 */
import { startTrustPage } from './trust-page-island.ts';

startTrustPage(document);
