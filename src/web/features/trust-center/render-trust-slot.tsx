import { renderToString } from 'react-dom/server';
import type { TrustPageData } from '../../../shared/trust-center-page.ts';
import { TrustSlot } from './components/trust-slot.tsx';

/**
 * The trust page's slot as HTML, for the server (docs/decisions/016-trust-page-rendered-by-the-server.md).
 * `npm run build` bundles this file for Node (vite.trust-page.config.ts); the server fills the prerendered
 * shell's slot with it. It renders exactly what the page's own client (trust-island.tsx) and the app's route
 * (routes/marketing/trust-center.tsx) render in the slot for the same data, so both hydrate it unchanged.
 * React escapes every value.
 */
export function renderTrustSlot(data: TrustPageData): string {
  return renderToString(<TrustSlot data={data} />);
}
