import { SITE_NAME } from './routes.ts';
import type { PublicTrustCenter } from './schemas/trust-center.ts';

// What the page's markup and its own client share, in a module of their own so that client imports nothing else.
export {
  TRUST_ACCESS_DOCUMENT_ATTRIBUTE,
  TRUST_DATA_ID,
  TRUST_ISLAND_READY_EVENT,
  TRUST_ISLAND_RELEASE_EVENT,
  TRUST_SLOT_ID,
} from './trust-page-dom.ts';

/**
 * The server-rendered trust page (docs/decisions/016-trust-page-rendered-by-the-server.md): the build
 * prerenders one shell at TRUST_SHELL_PATH (an empty slot inside the marketing layout); the server fills
 * the slot with the page's HTML for a slug and embeds the same data as JSON, which the app reads for its
 * first render so hydration changes nothing.
 */

/** Not a slug anyone can have (slugs are `[a-z0-9-]`), so the shell is never an organization's page. */
export const TRUST_SHELL_SLUG = '_shell';
export const TRUST_SHELL_PATH = `/trust/${TRUST_SHELL_SLUG}`;

/** What the server rendered for a slug: its trust center, or `null` when there is none (switched off or unknown). */
export interface TrustPageData {
  slug: string;
  center: PublicTrustCenter | null;
}

export function trustCenterTitle(data: TrustPageData | undefined, slug: string): string {
  if (data?.slug === slug && data.center) return `Trust center · ${data.center.organizationName} · ${SITE_NAME}`;
  if (data?.slug === slug) return `No trust center here · ${SITE_NAME}`;
  return `Trust center · ${slug} · ${SITE_NAME}`;
}

/**
 * The data as the text of a `<script type="application/json">`: `<`, `>` and `&` written as JSON escapes,
 * so no value (an organization named `</script><script>…`) can end the element or open another.
 */
export function embeddedJson(data: TrustPageData): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}
