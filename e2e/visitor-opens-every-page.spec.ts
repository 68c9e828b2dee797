import { type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { PAGE_ROUTES, type PageRoute, SITE_NAME, canonicalRoute } from '../src/shared/routes.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(({ page }) => withStoredConsent(page));

/**
 * Every route is opened by its own URL (a full load: the prerendered HTML, then the app hydrating
 * it), and every page a signed-out visitor can see gets a full accessibility scan. A test walks a
 * share of the routes in one page, as a visitor typing addresses would, not one new browser
 * context per route: after the first load the app's hashed, immutable scripts and styles come
 * from the browser's cache. One context per route made this file ~15 % of the journeys' CPU
 * (decision 013). The shares let both workers take part.
 */
const SHARES = 4;
const publicRoutes = PAGE_ROUTES.filter((route) => route.access !== 'signed-in');
const signedInRoutes = PAGE_ROUTES.filter((route) => route.access === 'signed-in');

function shares<T>(items: readonly T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, index) => items.slice(index * size, (index + 1) * size)).filter((share) => share.length > 0);
}

/** A share has the room of one test per route (the configured timeout, busy machines included). */
const timeoutFor = (routes: readonly PageRoute[]) => test.info().timeout * routes.length;

async function expectPublicPage(page: Page, route: PageRoute): Promise<void> {
  const response = await page.goto(route.path);
  expect(response?.status(), route.path).toBe(200);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).not.toBeEmpty();
  await expect(page).toHaveTitle(new RegExp(SITE_NAME));
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description, route.path).toBe(canonicalRoute(route).description);
  // Absolute, on the origin the page was served from; aliases name their canonical page.
  const canonicalUrl = new URL(canonicalRoute(route).path, page.url()).href;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonicalUrl);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonicalUrl);
  const card = new URL('/social-card.jpg', page.url()).href;
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', card);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', card);
  await expectNoSeriousA11yViolations(page);
}

test.describe('every route of product.md §2', () => {
  for (const share of shares(publicRoutes, SHARES)) {
    test(`${share.map((route) => route.path).join(', ')} render their pages`, async ({ page }) => {
      test.setTimeout(timeoutFor(share));
      for (const route of share) await test.step(route.path, () => expectPublicPage(page, route));
    });
  }

  // product.md §4: a signed-out visitor is sent to /auth, with the way back kept. The sign-in page
  // they land on is scanned under its own route (/auth) above.
  test(`${signedInRoutes.map((route) => route.path).join(', ')} send a signed-out visitor to sign in`, async ({ page }) => {
    test.setTimeout(timeoutFor(signedInRoutes));
    for (const route of signedInRoutes) {
      await test.step(route.path, async () => {
        const response = await page.goto(route.path);
        expect(response?.status(), route.path).toBe(200);
        await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(route.path)}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to ComplianceCore');
        await expect(page).toHaveTitle(new RegExp(SITE_NAME));
      });
    }
  });
});

test('public pages are prerendered: the heading and title are in the HTML without JavaScript', async ({ request }) => {
  for (const route of publicRoutes) {
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
