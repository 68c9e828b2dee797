import type { TrustPageData } from '../../../../shared/trust-center-page.ts';
import { PublicTrustCenterView, TrustCenterNotFound } from './public-trust-center-view.tsx';

/**
 * What fills the trust page's slot for the server's data: rendered by the server (render-trust-slot.tsx) and
 * hydrated by the page's own client (trust-island.tsx), so both render this one component.
 */
export function TrustSlot({ data }: { data: TrustPageData }) {
  return data.center ? <PublicTrustCenterView center={data.center} /> : <TrustCenterNotFound />;
}
