import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  // Several axe passes on a shared 2-core machine: give the journey room (not a speed check).
  test.slow();
  await withStoredConsent(page);
});

test('a visitor enters their numbers, sees the estimate and chart update, and books a demo with them', async ({ page }) => {
  await page.goto('/roi-calculator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What does compliance cost you today?');
  // The chart is loaded after the page: an SVG with its summary as the accessible name.
  await expect(page.getByRole('img', { name: /Annual cost today \$191,200; with Growth \$122,800/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Employees').fill('350');
  await page.getByLabel('Frameworks pursued').selectOption('4');
  await page.getByLabel('Hours a month on compliance').fill('160');
  await page.getByLabel('Loaded hourly cost').fill('110');
  await page.getByLabel('Audit fees a year').fill('65000');
  await page.getByLabel('Compliance consultants a year').fill('120000');

  // 160 × 12 × $110 = $211,200 + $120,000 + $65,000 = $396,200; Scale: 480 h × $110 + $65,000 + $90,000.
  await expect(page.getByText('Scale ($7,500/month)')).toBeVisible();
  await expect(page.getByTestId('roi-cost-today')).toHaveText('$396,200');
  await expect(page.getByTestId('roi-cost-with-plan')).toHaveText('$207,800');
  await expect(page.getByTestId('roi-annual-savings')).toHaveText('$188,400');
  await expect(page.getByTestId('roi-hours-saved')).toHaveText('1,440');
  await expect(page.getByRole('img', { name: /with Scale \$207,800/ })).toBeVisible();
  await expect(page.getByText('160 × 12 × $110 + $120,000 + $65,000 = $396,200')).toBeVisible();

  await page.getByLabel('Loaded hourly cost').fill('');
  await expect(page.getByText('Hourly cost must be a number')).toBeVisible();
  await expect(page.getByTestId('roi-cost-today')).toHaveText('$396,200');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Loaded hourly cost').fill('110');

  const bookDemo = page.getByRole('link', { name: 'Book Demo' });
  const href = new URL((await bookDemo.getAttribute('href')) ?? '', 'http://site.test');
  expect(href.pathname).toBe('/');
  expect(href.hash).toBe('#contact');
  expect(href.searchParams.get('interest')).toBe('scale');
  expect(href.searchParams.get('consultation')).toContain('- Employees: 350');
  expect(href.searchParams.get('consultation')).toContain('- Frameworks pursued: 4');
  expect(href.searchParams.get('consultation')).toContain('Estimate: $396,200/year today vs $207,800/year with Scale');
  await bookDemo.click();
  // The landing page opens 'Book Demo' with the estimate in the message and Scale chosen.
  const dialog = page.getByRole('dialog', { name: 'Book a Demo' });
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(/- Employees: 350/);
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(
    /Estimate: \$396,200\/year today vs \$207,800\/year with Scale/,
  );
  await expect(dialog.getByRole('combobox', { name: 'Interest' })).toHaveValue('scale');
  await expect(page).not.toHaveURL(/consultation=/);
  await expectNoSeriousA11yViolations(page);
});
