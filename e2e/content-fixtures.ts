import type { Page } from '@playwright/test';

/** A stored "essential only" choice, so the cookie banner stays out of the content journeys. */
export async function withEssentialConsent(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.localStorage.getItem('cookie-consent')) return;
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false, timestamp: new Date().toISOString() }),
    );
  });
}

/** The JSON-LD objects in the page's head. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}
