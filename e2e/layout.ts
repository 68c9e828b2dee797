import { type Page, expect } from '@playwright/test';

/**
 * Checks of what a user sees at a given width that the accessibility scan cannot make: content that
 * pushes the page sideways, and a fixed header whose controls are clipped off the edge (a fixed
 * element never makes the page scroll, so nothing else would show it).
 */

/**
 * The page is no wider than the width it shows (the viewport less any vertical scrollbar): nothing to
 * scroll sideways to on a phone.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide where ${clientWidth} px show`).toBeLessThanOrEqual(clientWidth);
}

/** Every control in the header lies inside the viewport, each on one line (a wrapped link is taller than a button). */
export async function expectHeaderFits(page: Page): Promise<void> {
  const misfits = await page.getByRole('banner').evaluate((header) => {
    const width = window.innerWidth;
    return [...header.querySelectorAll<HTMLElement>('a, button')]
      .map((control) => ({
        name: control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '',
        box: control.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > width || box.height > 44))
      .map(({ name, box }) => `${name} at ${Math.round(box.left)}–${Math.round(box.right)} px, ${Math.round(box.height)} px tall`);
  });
  expect(misfits, 'header controls clipped or wrapped').toEqual([]);
}
