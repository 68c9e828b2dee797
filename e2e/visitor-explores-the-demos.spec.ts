import { type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { openLanding, withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

async function pressUntilFocused(page: Page, name: string, key = 'Tab') {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`${name} never received focus`);
}

test('the demo modal is driven by the keyboard alone', async ({ page }) => {
  test.slow(); // a long journey with several accessibility scans
  await openLanding(page);
  const tabs = page.getByRole('tablist', { name: 'Demo categories' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Dashboard',
    'Tasks',
    'AI Agents',
    'Compliance',
    'Workflows',
    'Communications',
    'Documents',
    'Analytics',
    'Integrations',
    'Admin',
  ]);
  // Reach the tab list from the "Learn More" link just above it, then only keys.
  await page.getByRole('link', { name: 'Learn More about Automated Compliance Monitoring' }).focus();
  await pressUntilFocused(page, 'Dashboard');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Task Requests' })).toBeVisible();
  await pressUntilFocused(page, 'Try Interactive Demo');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Task Requests' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Demo 2 of 10')).toBeVisible();
  await expect(dialog.getByText('20% complete')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'AI Agent Workforce' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Demo 3 of 10')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Administration & Access' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Demo 10 of 10')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('100% complete')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Compliance Dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  await page.keyboard.press('f');
  const modal = page.getByTestId('demo-modal');
  await expect(modal.getByRole('button', { name: 'Exit fullscreen' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? 'maximised')).not.toBe('none');
  // It fills the width the page shows: the window's, less the page's own scrollbar where Chromium
  // still draws one beside a fullscreen element (CI's Chromium 156 did: 1264 of 1280 px).
  // Polled: the box settles a frame or two after the fullscreen change (a run measured x = 8 once).
  const shownWidth = await page.evaluate(() => document.documentElement.clientWidth);
  await expect.poll(async () => (await modal.boundingBox())?.x).toBe(0);
  await expect.poll(async () => (await modal.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(shownWidth);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
  await page.keyboard.press('F');
  await expect(modal.getByRole('button', { name: 'Enter fullscreen' })).toBeVisible();

  // Focus stays inside the dialog however far the visitor tabs.
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Try Interactive Demo' })).toBeFocused();
});

test('each demo tab shows its screen and Learn More goes to the category page', async ({ page }) => {
  test.slow(); // ten tabs, each rendering a full demo screen
  await openLanding(page);
  const expected = [
    ['Dashboard', 'Compliance Dashboard', '/risk-analytics'],
    ['Tasks', 'Task Requests', '/compliance-blueprint'],
    ['AI Agents', 'AI Agent Workforce', '/agent'],
    ['Compliance', 'Quality & Compliance Scores', '/compliance'],
    ['Workflows', 'Human Review Workflow', '/automated-compliance'],
    ['Communications', 'Client Communications', '/support'],
    ['Documents', 'Deliverables Management', '/enterprise-audit'],
    ['Analytics', 'Compliance Analytics', '/advanced-analytics'],
    ['Integrations', 'Integrations', '/documentation'],
    ['Admin', 'Administration & Access', '/data-security'],
  ] as const;
  for (const [tab, title, href] of expected) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(4);
    await expect(panel.getByRole('link', { name: `Learn More about ${title}` })).toHaveAttribute('href', href);
    await expect(panel.getByRole('button', { name: 'Try Interactive Demo' })).toBeVisible();
  }
  await page
    .getByRole('tabpanel')
    .getByRole('link', { name: /Learn More/ })
    .click();
  await expect(page).toHaveURL(/\/data-security$/);
});

test('the create-task wizard classifies the task and shows the review in the modal', async ({ page }) => {
  await openLanding(page);
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Try Interactive Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Task Requests' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Vendor review');
  await dialog.getByRole('combobox', { name: 'Department' }).selectOption('legal');
  await dialog.getByRole('button', { name: 'Classify with AI' }).click();
  await expect(dialog.getByText('Step 2 of 3: AI Classification')).toBeVisible();
  await expect(dialog.getByText('Step 3 of 3: Review')).toBeVisible();
  await expect(dialog.getByText('5-7 days')).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
  await dialog.getByRole('button', { name: 'Edit Details' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Vendor review');
});
