import type { TrustPageData } from '../../../shared/trust-center-page.ts';
import {
  TRUST_ACCESS_DOCUMENT_ATTRIBUTE,
  TRUST_DATA_ID,
  TRUST_ISLAND_READY_EVENT,
  TRUST_ISLAND_RELEASE_EVENT,
  TRUST_SLOT_ID,
} from '../../../shared/trust-page-dom.ts';
import { HYDRATED_ATTRIBUTE } from '../../lib/hydration-marks.ts';

const loadOverlay = () => import('./components/trust-access-overlay.tsx');

/**
 * The trust page's own client (docs/decisions/016-trust-page-rendered-by-the-server.md, "The page's own
 * client"). The page the server sent is complete and its document links are plain links: the one thing in it
 * that needs a script is "Request access". So nothing is hydrated: a press on such a button loads React and the
 * dialog (trust-access-overlay.tsx) and opens it beside the page; the pointer or the focus reaching the button
 * loads them ahead. When the app is about to take the page over (the bootstrap's release event), an open dialog
 * is closed and the listeners removed: the page is the server's HTML again, which the app hydrates.
 * Announces itself (`<html data-hydrated>`, the ready event) at once. Returns the way to stop, or undefined on a
 * page without the slot or the server's data.
 */
export function startTrustPage(page: Document): (() => void) | undefined {
  const slot = page.getElementById(TRUST_SLOT_ID);
  const text = page.getElementById(TRUST_DATA_ID)?.textContent;
  const window = page.defaultView;
  if (!slot || !text || !window) return undefined;
  const { center } = JSON.parse(text) as TrustPageData;
  let closeDialog: (() => void) | undefined;

  const accessButton = (target: EventTarget | null) => {
    const button = target instanceof window.Element ? target.closest(`button[${TRUST_ACCESS_DOCUMENT_ATTRIBUTE}]`) : null;
    return button instanceof window.HTMLButtonElement && slot.contains(button) ? button : undefined;
  };
  const onClick = (event: MouseEvent) => {
    const button = accessButton(event.target);
    const document = center?.documents.find((each) => each.id === button?.getAttribute(TRUST_ACCESS_DOCUMENT_ATTRIBUTE));
    if (!button || !center || !document) return;
    event.preventDefault();
    closeDialog?.();
    void loadOverlay().then(({ openTrustAccessDialog }) => {
      if (button.isConnected) closeDialog = openTrustAccessDialog(center, document, button);
    });
  };
  const warm = (event: Event) => {
    if (accessButton(event.target)) void loadOverlay();
  };
  const stop = () => {
    closeDialog?.();
    slot.removeEventListener('click', onClick);
    slot.removeEventListener('pointerover', warm);
    slot.removeEventListener('focusin', warm);
    window.removeEventListener(TRUST_ISLAND_RELEASE_EVENT, stop);
  };
  slot.addEventListener('click', onClick);
  slot.addEventListener('pointerover', warm, { passive: true });
  slot.addEventListener('focusin', warm);
  window.addEventListener(TRUST_ISLAND_RELEASE_EVENT, stop, { once: true });
  page.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  window.dispatchEvent(new window.Event(TRUST_ISLAND_READY_EVENT));
  return stop;
}
