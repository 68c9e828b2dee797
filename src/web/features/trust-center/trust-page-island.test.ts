import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicTrustCenter } from '../../../shared/schemas/trust-center.ts';
import { type TrustPageData, embeddedJson } from '../../../shared/trust-center-page.ts';
import { TRUST_DATA_ID, TRUST_ISLAND_READY_EVENT, TRUST_ISLAND_RELEASE_EVENT, TRUST_SLOT_ID } from '../../../shared/trust-page-dom.ts';
import { HYDRATED_ATTRIBUTE } from '../../lib/hydration-marks.ts';
import { renderTrustSlot } from './render-trust-slot.tsx';
import { startTrustPage } from './trust-page-island.ts';

/**
 * The trust page's own client (trust-page-island.ts, decision 016) on the HTML the server's renderer writes
 * (render-trust-slot.tsx, the real one): it announces itself at once, opens the access request from the
 * server's "Request access" button with the dialog loaded then, leaves the server's HTML as it was, and lets
 * go of the page when the app takes it over.
 */
const center: PublicTrustCenter = {
  slug: 'acme',
  organizationName: 'Acme Health',
  frameworks: [{ id: 'soc2', name: 'SOC 2', score: 82, status: 'in_progress' }],
  controlDomains: [{ domain: 'Access control', implemented: 4, total: 5 }],
  subProcessors: [{ name: 'Cloud Host', purpose: 'Hosting', website: 'cloud.example' }],
  documents: [
    {
      id: '0b9a3f4e-5d1c-4e7a-9c2b-1f6d8e0a7b31',
      title: 'Security overview',
      visibility: 'public',
      fileName: 'overview.txt',
      sizeBytes: 40,
    },
    { id: '6c2e8a1d-3f4b-4c9e-8a7d-2b5f1e9c0d42', title: 'SOC 2 report', visibility: 'restricted', fileName: 'soc2.pdf', sizeBytes: 2048 },
  ],
  ndaText: 'I will keep what Acme Health shares with me confidential.',
  accessDays: 3,
  updatedAt: '2026-11-29T10:00:00.000Z',
};

/** The page as the server sends it: the slot filled by the server's renderer, the data beside it. */
function serverPage(data: TrustPageData): HTMLElement {
  document.body.innerHTML =
    `<header><button type="button">Capabilities</button></header>` +
    `<main><div id="${TRUST_SLOT_ID}">${renderTrustSlot(data)}</div></main>` +
    `<script type="application/json" id="${TRUST_DATA_ID}">${embeddedJson(data)}</script>`;
  return document.getElementById(TRUST_SLOT_ID)!;
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
  document.body.innerHTML = '';
});

describe('the trust page’s own client', () => {
  it('announces itself at once and opens the access request from the server’s button', async () => {
    const slot = serverPage({ slug: 'acme', center });
    const serverHtml = slot.innerHTML;
    const button = within(slot).getByRole('button', { name: 'Request access to SOC 2 report' });
    let announced = false;
    window.addEventListener(TRUST_ISLAND_READY_EVENT, () => (announced = true), { once: true });

    stop = startTrustPage(document);
    expect(announced).toBe(true);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    // Nothing is rendered again: the page is the server's.
    expect(slot.innerHTML).toBe(serverHtml);

    fireEvent.click(button);
    // The dialog's module is transformed on its first import here, which takes a while on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: 'Request access to SOC 2 report' }, { timeout: 20_000 });
    expect(dialog.textContent).toContain('Access lasts 3 days');
    within(dialog).getByLabelText('I accept the non-disclosure agreement');
    within(dialog).getByLabelText(/Work e-mail/);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(slot.innerHTML).toBe(serverHtml);
  });

  it('lets go of the page when the app takes it over: the dialog closes and its buttons are the app’s', async () => {
    const slot = serverPage({ slug: 'acme', center });
    const serverHtml = slot.innerHTML;
    const button = within(slot).getByRole('button', { name: 'Request access to SOC 2 report' });
    stop = startTrustPage(document);
    fireEvent.click(button);
    await screen.findByRole('dialog', {}, { timeout: 20_000 });

    window.dispatchEvent(new Event(TRUST_ISLAND_RELEASE_EVENT));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(slot.innerHTML).toBe(serverHtml);

    fireEvent.click(button);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores the page’s other buttons, and does nothing on a page without the server’s data', () => {
    serverPage({ slug: 'acme', center });
    stop = startTrustPage(document);
    fireEvent.click(screen.getByRole('button', { name: 'Capabilities' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    stop?.();

    document.body.innerHTML = `<div id="${TRUST_SLOT_ID}"></div>`;
    stop = startTrustPage(document);
    expect(stop).toBeUndefined();
  });
});
