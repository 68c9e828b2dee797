import { expect } from '@playwright/test';
import { test } from './test.ts';
import { BUSINESS_HOURS, RESPONSE_PROMISE_HOURS } from '../src/shared/constants.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withEssentialConsent } from './content-fixtures.ts';
import { expectNoSidewaysScroll } from './layout.ts';

const sections = [
  {
    path: '/documentation',
    label: 'Documentation',
    article: 'Creating a task request',
    slug: 'creating-a-task-request',
    category: 'Task requests',
  },
  {
    path: '/knowledge-base',
    label: 'Knowledge base',
    article: 'Building a risk register that drives decisions',
    slug: 'building-a-risk-register',
    category: 'Risk management',
  },
  {
    path: '/support',
    label: 'Support',
    article: 'Setting up multi-factor authentication',
    slug: 'setting-up-multi-factor-authentication',
    category: 'Account and sign-in',
  },
];

test.beforeEach(async ({ page }) => withEssentialConsent(page));

for (const section of sections) {
  test(`${section.path}: sidebar → article → back`, async ({ page }) => {
    await page.goto(section.path);
    const sidebar = page.getByRole('navigation', { name: section.label, exact: true });
    await expect(sidebar.getByRole('heading', { level: 3, name: section.category })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await sidebar.getByRole('link', { name: section.article }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}/${section.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.article);
    await expect(page).toHaveTitle(`${section.article} · ${section.label} · ComplianceCore`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL(`${section.path}/${section.slug}`, page.url()).href,
    );
    await expect(sidebar.getByRole('link', { name: section.article })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(section.category);
    await expectNoSeriousA11yViolations(page);

    const next = page.getByRole('navigation', { name: 'More articles' }).getByRole('link').last();
    const nextTitle = (await next.locator('span').last().textContent()) ?? '';
    await next.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);

    await page.getByRole('link', { name: `Back to ${section.label}` }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole('heading', { level: 2, name: section.category })).toBeVisible();
  });
}

test('/support shows the business hours and the 24-hour response promise', async ({ page }) => {
  await page.goto('/support');
  const hours = page.getByRole('region', { name: 'Business hours' });
  for (const slot of BUSINESS_HOURS) {
    await expect(hours.getByRole('term').filter({ hasText: slot.days })).toBeVisible();
    await expect(hours.getByRole('definition').filter({ hasText: slot.hours })).toBeVisible();
  }
  await expect(hours).toContainText('by in-person appointment only');
  await expect(page.getByRole('heading', { level: 2, name: `We reply within ${RESPONSE_PROMISE_HOURS} hours` })).toBeVisible();
});

test('article pages are prerendered: the words are in the HTML before any JavaScript runs', async ({ request }) => {
  for (const [path, heading, text] of [
    ['/documentation/getting-started', 'Getting started with ComplianceCore', 'What happens after you subscribe'],
    ['/knowledge-base/soc-2-type-1-vs-type-2', 'SOC 2 Type I or Type II — which do you need first?', 'bridge letter'],
    ['/support/billing-and-invoices', 'Billing and invoices', 'monthly in advance'],
    ['/compliance/gdpr', 'GDPR compliance programme', 'Security of processing'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain(text);
    expect(html).toMatch(/<title>[^<]+ · ComplianceCore<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${new URL(path, response.url()).href}"/>`);
  }
});

test('an unknown article slug gets the not-found page with a 404', async ({ page }) => {
  const response = await page.goto('/documentation/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});

test('on a phone the sidebar folds into a disclosure above the article', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/documentation/adding-evidence');
  await expect(page.getByRole('navigation', { name: 'Documentation', exact: true })).toBeHidden();
  await page.getByText('Browse documentation').click();
  const menu = page.getByRole('navigation', { name: 'Documentation articles' });
  await menu.getByRole('link', { name: 'Evidence freshness and reminders' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evidence freshness and reminders');
  await expect(menu).toBeHidden();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
