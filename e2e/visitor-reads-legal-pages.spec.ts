import { expect } from '@playwright/test';
import { test } from './test.ts';
import { STORAGE_KEYS } from '../src/shared/constants.ts';
import { expectNoSeriousA11yViolations } from './axe.ts'; // each page's first view is scanned in visitor-opens-every-page
import { withEssentialConsent } from './content-fixtures.ts';
import { expectNoSidewaysScroll } from './layout.ts';

const legalPages = [
  {
    path: '/privacy-policy',
    alias: '/privacy',
    heading: 'Privacy policy',
    section: 'Your rights',
    firstSection: 'Who we are and what this covers',
  },
  {
    path: '/cookie-policy',
    alias: '/cookies',
    heading: 'Cookie policy',
    section: 'Changing your choice',
    firstSection: 'What this policy covers',
  },
  { path: '/terms', alias: null, heading: 'Terms of service', section: 'Limitation of liability', firstSection: 'The agreement' },
];

test.beforeEach(async ({ page }) => withEssentialConsent(page));

for (const legal of legalPages) {
  test(`${legal.path} is dated and its table of contents jumps to each section`, async ({ page }) => {
    await page.goto(legal.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.heading);
    await expect(page.getByRole('term').filter({ hasText: 'Last updated' })).toBeVisible();
    await expect(page.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link').first()).toHaveText(legal.firstSection);
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    expect(await contents.getByRole('link').count()).toBeGreaterThanOrEqual(6);
    await contents.getByRole('link', { name: legal.section, exact: true }).click();
    const target = page.getByRole('heading', { level: 2, name: legal.section, exact: true });
    await expect(page).toHaveURL(new RegExp(`#${await target.getAttribute('id')}$`));
    await expect(target).toBeInViewport();
    expect(await headings.count()).toBeGreaterThanOrEqual(6);
  });
}

test('the aliases show the same policy and point search engines at the canonical page', async ({ page }) => {
  for (const legal of legalPages.filter((item) => item.alias)) {
    await page.goto(legal.alias!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.heading);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(legal.path, page.url()).href);
  }
});

test('the cookie policy lists the four categories and every key the app stores, and the site sets no cookies', async ({
  page,
  context,
}) => {
  await page.goto('/cookie-policy');
  const tables = page.getByRole('main').getByRole('table');
  for (const category of ['Essential', 'Functional', 'Analytics', 'Marketing']) {
    await expect(tables.first().getByRole('cell', { name: category, exact: true })).toBeVisible();
  }
  for (const key of [...Object.values(STORAGE_KEYS), `${STORAGE_KEYS.authSession}-code-verifier`]) {
    await expect(tables.nth(1).getByRole('cell', { name: key, exact: true })).toBeVisible();
  }
  // The policy says our servers set no cookies: hold it to that after a few pages.
  await page.goto('/privacy-policy');
  await page.goto('/terms');
  expect(await context.cookies()).toEqual([]);
});

test('the table of contents stays usable on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/privacy-policy');
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await expect(contents).toBeVisible();
  await contents.getByRole('link', { name: 'How long we keep it' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'How long we keep it' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
