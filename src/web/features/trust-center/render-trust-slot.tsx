import { renderToString } from 'react-dom/server';
import type { TrustPageData } from '../../../shared/trust-center-page.ts';
import { PublicTrustCenterView, TrustCenterNotFound } from './components/public-trust-center.tsx';

/**
 * The trust page's slot as HTML, for the server (docs/decisions/016-trust-page-rendered-by-the-server.md).
 * `npm run build` bundles this file for Node (vite.trust-page.config.ts); the server fills the prerendered
 * shell's slot with it. It renders exactly what routes/marketing/trust-center.tsx renders in the slot for
 * the same data, so the app hydrates it unchanged. React escapes every value.
 */
export function renderTrustSlot(data: TrustPageData): string {
  return renderToString(data.center ? <PublicTrustCenterView center={data.center} /> : <TrustCenterNotFound />);
}
