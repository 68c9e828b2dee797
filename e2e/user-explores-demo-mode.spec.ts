import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';

// Several page loads and accessibility scans per journey, on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

/**
 * A confirmed, signed-in user without any UI detour: sign up through /auth/v1, follow the
 * confirmation link from the development mailbox, take a password session and hand it to the
 * browser's auth client the way it stores one itself.
 */
async function signIn(page: Page, request: APIRequestContext) {
  const { anonKey } = (await (await request.get('/api/v1/public-config')).json()) as { anonKey: string };
  const email = `demo-${randomUUID()}@example.com`;
  const password = `Demo-${randomUUID()}`;
  const headers = { apikey: anonKey };
  expect((await request.post('/auth/v1/signup', { headers, data: { email, password } })).ok()).toBe(true);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/dev/mailbox')).json()) as { mails: { to: string; links: string[] }[] };
      link = mails.find((mail) => mail.to === email)?.links.find((href) => href.includes('/auth/v1/verify'));
      return Boolean(link);
    })
    .toBe(true);
  await request.get(link ?? '', { maxRedirects: 0 });
  const token = await request.post('/auth/v1/token?grant_type=password', { headers, data: { email, password } });
  expect(token.ok()).toBe(true);
  const session: unknown = await token.json();
  await page.addInitScript(
    ([stored, consent]) => {
      window.localStorage.setItem('cc-auth-token', stored);
      window.localStorage.setItem('cookie-consent', consent);
    },
    [
      JSON.stringify(session),
      JSON.stringify({ essential: true, functional: false, analytics: false, marketing: false, timestamp: new Date().toISOString() }),
    ] as const,
  );
}

test('demo mode: the workspace switch shows sample data, survives a reload, resets and turns off', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/dashboard-compliancecore');
  const toggle = page.getByRole('switch', { name: 'Demo mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);

  await toggle.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Demo Mode Enabled' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Demo mode' });
  await expect(banner).toContainText('you are viewing sample data');
  await expect(banner).toContainText('Northwind Health Partners');
  expect(await page.evaluate(() => window.localStorage.getItem('demo-mode'))).toBe('true');
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Demo mode' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Demo mode' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Reset Demo Data' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Demo Data Reset' })).toBeVisible();

  await page.getByRole('button', { name: 'Disable Demo Mode' }).click();
  const disabled = page.getByTestId('toast').filter({ hasText: 'Demo Mode Disabled' });
  await expect(disabled).toBeVisible();
  await expect(disabled).toContainText('Returned to normal mode');
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('demo-mode'))).toBe('false');
});

test('a demo=true link shows the sample data for that visit only', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/dashboard-compliancecore?demo=true');
  await expect(page.getByRole('region', { name: 'Demo mode' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Demo mode' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: 'Disable Demo Mode' }).click();
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
});
