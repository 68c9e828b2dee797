import { type Page, expect } from '@playwright/test';

/** A visitor who already chose cookies, so the banner stays out of the way (analytics as given). */
export async function withStoredConsent(page: Page, { analytics = false } = {}): Promise<void> {
  await page.addInitScript((allowAnalytics) => {
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({
        essential: true,
        functional: false,
        analytics: allowAnalytics,
        marketing: false,
        timestamp: new Date().toISOString(),
      }),
    );
  }, analytics);
}

/**
 * The landing page, hydrated, with its press block loaded: the prerendered HTML shows the block's
 * spinner, and the running app fetches the articles when the block nears the viewport. Back at the
 * top afterwards (or at `hash`), where a visitor arriving would be.
 */
export async function openLanding(page: Page, hash = ''): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compliance & Analytics On Demand');
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.locator('#press').scrollIntoViewIfNeeded();
  await expect(page.getByText('Loading press articles')).toBeHidden();
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), scrolled);
}

export interface MailboxEntry {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

/** The embedded outbox (development and test builds): what the server queued to send. */
export async function mailbox(page: Page): Promise<MailboxEntry[]> {
  const response = await page.request.get('/dev/mailbox');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { mails: MailboxEntry[] }).mails;
}

export function toast(page: Page) {
  return page.getByTestId('toast');
}
