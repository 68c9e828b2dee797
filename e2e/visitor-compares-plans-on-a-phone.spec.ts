import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';
import { expectNoSidewaysScroll } from './layout.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  // Several axe passes on a shared 2-core machine: give the journey room (not a speed check).
  test.slow();
  await withStoredConsent(page);
});

test('on a phone, a visitor reads the plans and the FAQ, then compares every feature in a readable table', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('One flat monthly fee. Unlimited compliance tasks.');
  const plans = page
    .getByRole('list', { name: 'Plans' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(plans.getByRole('heading', { level: 2 })).toHaveText(['Essential', 'Growth', 'Scale', 'Enterprise']);
  await expect(page.getByRole('listitem', { name: 'Essential' })).toContainText('$2,500/month');
  await expect(page.getByRole('listitem', { name: 'Growth' })).toContainText('$5,000/month');
  await expect(page.getByRole('listitem', { name: 'Scale' })).toContainText('$7,500/month');
  await expect(page.getByRole('listitem', { name: 'Enterprise' })).toContainText('Custom');
  await expect(page.getByRole('listitem', { name: 'Growth' })).toContainText('3 frameworks in parallel');
  await expect(page.getByRole('listitem', { name: 'Scale' })).toContainText('2 business days');
  await expect(page.getByRole('link', { name: 'Choose Essential' })).toHaveAttribute('href', '/subscription?plan=essential');
  await expect(page.getByRole('link', { name: 'Book a consultation about the Enterprise plan' })).toHaveAttribute('href', '/#contact');
  await expectNoSeriousA11yViolations(page);

  // The FAQ is an accordion: a heading wraps each button, Enter opens, the answer is shown.
  const question = page.getByRole('button', { name: 'Is the audit fee included?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('must be independent of whoever prepared you')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Nothing on the page is wider than the phone.
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Compare plans' }).click();
  await expect(page).toHaveURL(/\/plan-comparison$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare plans');
  const table = page.getByRole('table', { name: 'Features of the Essential, Growth, Scale and Enterprise plans' });
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Essential', 'Growth', 'Scale', 'Enterprise']);
  const seats = table.getByRole('row', { name: /^Seats/ });
  await expect(seats.getByRole('cell')).toHaveText(['5', '15', '40', 'Unlimited']);
  const sso = table.getByRole('row', { name: /Single sign-on/ });
  await expect(sso.getByRole('cell')).toHaveText(['Not included', 'Not included', 'Included', 'Included']);
  await expectNoSeriousA11yViolations(page);

  // The plans scroll sideways inside the table's own region; the feature names stay in view.
  await expectNoSidewaysScroll(page);
  const region = page.getByRole('region', { name: 'Features of the Essential, Growth, Scale and Enterprise plans' });
  const featureCell = table.getByRole('rowheader', { name: /^Seats/ });
  await featureCell.scrollIntoViewIfNeeded();
  const before = await featureCell.boundingBox();
  await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const after = await featureCell.boundingBox();
  await expect(seats.getByRole('cell').last()).toBeInViewport();
  expect(after?.x).toBe(before?.x);
  await expect(featureCell).toBeInViewport();
});
