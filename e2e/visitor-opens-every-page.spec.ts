import { expect } from '@playwright/test';
import { test } from './test.ts';
import { PAGE_ROUTES, SITE_NAME, canonicalRoute } from '../src/shared/routes.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(({ page }) => withStoredConsent(page));

test.describe('every route of product.md §2', () => {
  for (const route of PAGE_ROUTES) {
    test(`${route.path} renders its page`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole('heading', { level: 1 });
      if (route.access === 'signed-in') {
        // product.md §4: a signed-out visitor is sent to /auth, with the way back kept.
        await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(route.path)}`);
        await expect(heading).toHaveText('Sign in to ComplianceCore');
      } else {
        await expect(heading).toBeVisible();
        await expect(heading).not.toBeEmpty();
      }
      await expect(page).toHaveTitle(new RegExp(SITE_NAME));
      if (route.access === 'public') {
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description).toBe(canonicalRoute(route).description);
        // Absolute, on the origin the page was served from; aliases name their canonical page.
        const canonicalUrl = new URL(canonicalRoute(route).path, page.url()).href;
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalUrl);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonicalUrl);
        const card = new URL('/social-card.jpg', page.url()).href;
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', card);
        await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', card);
      }
      // A signed-in route shows a signed-out visitor the sign-in page, scanned under its own route (/auth).
      if (route.access !== 'signed-in') await expectNoSeriousA11yViolations(page);
    });
  }
});

test('public pages are prerendered: the heading and title are in the HTML without JavaScript', async ({ request }) => {
  for (const route of PAGE_ROUTES.filter((candidate) => candidate.access === 'public')) {
    const response = await request.get(route.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html, route.path).toMatch(/<h1[^>]*>[^<]+/);
    expect(html, route.path).toContain(`<title>`);
    expect(html, route.path).toContain('name="description"');
  }
});

test('aliases show the same screen as their canonical page', async ({ page }) => {
  for (const [alias, canonical] of [
    ['/privacy', '/privacy-policy'],
    ['/cookies', '/cookie-policy'],
    ['/subscribe', '/subscription'],
  ]) {
    await page.goto(canonical!);
    const expected = await page.getByRole('heading', { level: 1 }).textContent();
    await page.goto(alias!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected ?? '');
    await expect(page).toHaveURL(new RegExp(`${alias}$`));
  }
});

test('the sharing card the pages name is served as a 1200×630 JPEG', async ({ request }) => {
  const response = await request.get('/social-card.jpg');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/jpeg');
  const bytes = await response.body();
  // The JPEG's start-of-frame marker carries its height and width.
  const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  expect(frame).toBeGreaterThan(0);
  expect([bytes.readUInt16BE(frame + 5), bytes.readUInt16BE(frame + 7)]).toEqual([630, 1200]);
});
