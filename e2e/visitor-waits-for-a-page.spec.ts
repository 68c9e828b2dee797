import { expect } from '@playwright/test';
import { test } from './test.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(({ page }) => withStoredConsent(page));

test('a lazily loaded page shows the Loading spinner while its code arrives', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compliance & Analytics On Demand');
  // Hold back every script requested from now on, so the next page's module is slow to arrive.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
  const spinner = page.getByTestId('navigation-loading').getByRole('status');
  await expect(spinner).toHaveText('Loading');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Compliance work done by AI agents');
  await expect(page.getByTestId('navigation-loading')).toHaveCount(0);
});
