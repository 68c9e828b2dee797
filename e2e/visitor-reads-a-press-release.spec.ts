import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withEssentialConsent } from './content-fixtures.ts';
import { openLanding } from './landing-fixtures.ts';
import { isReservedExampleUrl } from '../src/shared/rules/reserved-hosts.ts';
import { expectNoSidewaysScroll } from './layout.ts';

// Several page loads and accessibility scans per journey, on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

const RELEASE = {
  path: '/press/flat-fee-compliance-subscriptions',
  title: 'ComplianceCore introduces flat-fee compliance subscriptions with unlimited tasks',
};

test.beforeEach(async ({ page }) => withEssentialConsent(page));

test('every press item on the landing page leads to a page that exists', async ({ page }) => {
  await openLanding(page);
  const press = page.getByRole('region', { name: 'News and press' });
  const links = press.getByRole('list', { name: 'Press articles' }).getByRole('link');
  await expect(links).toHaveCount(6);
  for (const link of await links.all()) {
    const href = (await link.getAttribute('href')) ?? '';
    if (href.startsWith('/')) {
      // Our own release: its page on this site, in the same tab.
      expect(href).toMatch(/^\/press\/[a-z0-9-]+$/);
      await expect(link).not.toHaveAttribute('target');
      expect((await page.request.get(href)).status(), href).toBe(200);
    } else {
      // Coverage elsewhere: a real publication's address, in a new tab.
      expect(href).toMatch(/^https:\/\//);
      expect(isReservedExampleUrl(href), href).toBe(false);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  }

  await press.getByRole('link', { name: new RegExp(RELEASE.title) }).click();
  await expect(page).toHaveURL(new RegExp(`${RELEASE.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(RELEASE.title);
  await expect(page).toHaveTitle(`${RELEASE.title} · Press · ComplianceCore`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(RELEASE.path, page.url()).href);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Four plans, from Essential at \$2,500 a month/);
  await expect(page.getByText('Published 14 October 2026')).toBeVisible();

  const more = page.getByRole('complementary', { name: 'More press releases' });
  await expect(more.getByRole('link')).toHaveCount(4); // three releases and the press contact
  await more.getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/press\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(RELEASE.title);
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1440, height: 900 },
]) {
  test(`a press release reads well on a ${viewport.name}, prerendered and without accessibility problems`, async ({ page, request }) => {
    const html = await (await request.get(RELEASE.path)).text();
    expect(html).toContain(`>${RELEASE.title}</h1>`);
    expect(html).toContain('One fee, as many requests as you need');

    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(RELEASE.path);
    await expect(page.getByRole('heading', { level: 2, name: 'Why a subscription' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`press-release-${viewport.name}.png`), fullPage: true });
  });
}

test('search finds a press release and opens its page', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog', { name: 'Search the product' });
  await search.getByPlaceholder('Search anything...').fill('evidence freshness monitoring');
  const result = search.getByTestId('search-result').filter({ hasText: 'Evidence freshness monitoring for SOC 2 Type II' });
  await result.click();
  await expect(page).toHaveURL(/\/press\/continuous-monitoring-for-soc-2-type-ii$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evidence freshness monitoring for SOC 2 Type II observation periods');
});

test('an unknown press slug gets the not-found page with a 404', async ({ page }) => {
  const response = await page.goto('/press/no-such-release');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
