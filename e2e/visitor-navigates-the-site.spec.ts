import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(({ page }) => withStoredConsent(page));

const capabilityItems = [
  'Certified Audit Reviews and Compliance Readiness',
  'Risk Analytics & AI Intelligence',
  'Compliance Monitoring',
  'Risk Management',
  'Compare Plans',
];

test('the Capabilities dropdown lists the five items in order and works by keyboard', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  const trigger = main.getByRole('button', { name: 'Capabilities' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(capabilityItems);
  // Opened from the keyboard, focus lands on the first item; the arrows, End and Home move it.
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  // Scanned open; the scan runs scripts in the page, so focus is checked before it and kept after.
  await expectNoSeriousA11yViolations(page);
  await items.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/risk-analytics$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Risk Analytics & AI Intelligence');
});

test('the main links, Sign In and Get Started lead where product.md §2 says', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link')).toHaveText(['How It Works', 'ROI Calculator', 'Pricing', 'Support']);
  for (const [label, path] of [
    ['How It Works', '/compliance-blueprint'],
    ['ROI Calculator', '/roi-calculator'],
    ['Pricing', '/pricing'],
    ['Support', '/support'],
  ] as const) {
    await expect(main.getByRole('link', { name: label })).toHaveAttribute('href', path);
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('link', { name: 'ComplianceCore home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a phone the navigation collapses into a menu that opens and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link')).toHaveText([
    ...capabilityItems,
    'How It Works',
    'ROI Calculator',
    'Pricing',
    'Support',
    'Sign In',
    'Get Started',
  ]);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(mobile).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await mobile.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
});

test('the footer carries the company, capability, legal and social links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [label, href] of [
    ['About', '/about'],
    ['FAQ', '/faq'],
    ['Contact', '/#contact'],
    ['Privacy Policy', '/privacy-policy'],
    ['Cookie Policy', '/cookie-policy'],
    ['Terms of Service', '/terms'],
    ['Data Security', '/data-security'],
    ['Privacy Request', '/dsar'],
    ['Compliance Monitoring', '/enterprise-risk'],
  ] as const) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
  await expect(social).toHaveCount(3);
  await expect(social.first()).toHaveAttribute('rel', 'noopener noreferrer');
});

test('an unknown path shows the not-found page with a 404', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compliance & Analytics On Demand');
});

test('the theme switches to dark and stays dark after a reload', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('pages load without a CSP violation or a console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/');
  await page.getByRole('link', { name: 'Learn More about Real-Time Analytics Engine' }).click();
  await expect(page).toHaveURL(/\/advanced-analytics$/);
  await page.goto('/dashboard-compliancecore');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to ComplianceCore');
  expect(problems).toEqual([]);
});
