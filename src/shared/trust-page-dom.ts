/**
 * The names the trust page's HTML, its bootstrap and its own client share
 * (docs/decisions/016-trust-page-rendered-by-the-server.md). Nothing here imports anything: the page's client
 * (web/features/trust-center/trust-page-island.ts) is meant to stay a few hundred bytes.
 */

/** The element the server fills with the page's HTML. */
export const TRUST_SLOT_ID = 'trust-center-slot';
/** The `<script type="application/json">` holding the page's data. */
export const TRUST_DATA_ID = 'trust-center-data';

/**
 * The page rendered by the server does not start the app: its own small client (trust-page-island.ts) answers
 * the slot's "Request access" buttons, and the app starts only when a visitor presses something outside the
 * slot (the header's menu, the search, the cookie banner). The page's bootstrap (scripts/post-paint-bootstrap.ts)
 * and that client speak by two events: the client is ready, and the client must let go of the page (the app
 * is about to hydrate it, slot included).
 */
export const TRUST_ISLAND_READY_EVENT = 'trust-page:ready';
export const TRUST_ISLAND_RELEASE_EVENT = 'trust-page:release';
/** On each "Request access" button (trust-access-button.tsx): the id of the document it asks for. */
export const TRUST_ACCESS_DOCUMENT_ATTRIBUTE = 'data-trust-document';
