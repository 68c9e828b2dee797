import { expect } from '@playwright/test';
import { test } from './test.ts';
import { STORAGE_KEYS } from '../src/shared/constants.ts';
import { ask, openAdvisor, signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  // Sign-up, several answers and axe passes on a shared 2-core machine (not a speed check).
  test.slow();
  await withStoredConsent(page);
});

const QUESTION = 'Help us set up quarterly access reviews for SOC 2';
const TITLE = 'Set up quarterly access reviews for SOC 2';

test('a client opens the advisor with open-csquare, asks for work, keeps the plan and edits it on /task-requests', async ({ page }) => {
  await signUpClient(page, 'advisor-plan');

  // Minimized at first. At the page's end it is docked at the bottom centre, 1 rem above the screen's
  // edge (the page keeps room for it there); while content scrolls under that place it steps aside
  // (docs/advisor.md), so the dashboard, taller than the window once its sections load, is read at its end.
  const dock = page.getByRole('button', { name: 'Open the compliance advisor' });
  await expect(dock).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your latest plans' })).toBeVisible();
  const viewport = page.viewportSize();
  await expect
    .poll(async () => {
      // To the page's end each time: the sections below may still be loading, and the end moves down as they arrive.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const box = await dock.boundingBox();
      return Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - (viewport?.width ?? 0) / 2);
    })
    .toBeLessThan(4);
  const box = await dock.boundingBox();
  expect((viewport?.height ?? 0) - (box?.y ?? 0) - (box?.height ?? 0)).toBe(16);
  await expectNoSeriousA11yViolations(page);

  await openAdvisor(page, 'SOC 2 readiness');
  const panel = page.getByRole('region', { name: 'Compliance advisor' });
  await expect(panel.getByText('SOC 2 readiness')).toBeVisible();
  expect(await panel.boundingBox()).toMatchObject({ width: 384, height: 500 });
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.advisor);

  await ask(page, QUESTION);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('SOC 2 CC6.3');
  await expect(log).toContainText(`Suggested next step: ${TITLE}`);
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.aiTaskSuggestion);
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ title: TITLE, category: 'security', priority: 3 });
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.advisor);

  // Without a subscription the plan cannot be kept.
  await log.getByRole('button', { name: 'Use plan' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('No subscription');
  await expect(toast).toContainText('Please create a subscription first.');
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.advisor);

  // The conversation survives navigation between workspace pages.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('log', { name: 'Conversation' }).getByText(QUESTION)).toBeVisible();

  await subscribe(page);
  await page.getByRole('log', { name: 'Conversation' }).getByRole('button', { name: 'Use plan' }).click();
  await expect(page).toHaveURL(/\/task-requests\?plan=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const steps = page.getByTestId('plan-step');
  await expect(steps).toHaveCount(1);
  await expect(steps.first()).toContainText(TITLE);
  await expect(steps.first()).toContainText('Normal (P3)');
  // The panel minimized itself when 'Use plan' opened the plan (it no longer covers the page).
  await expect(page.getByRole('textbox', { name: 'Ask the compliance advisor' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open the compliance advisor' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add a step, move it to the top with the keyboard, edit it, and submit the plan.
  const addForm = page.getByRole('region', { name: 'Add a step' });
  await addForm.getByLabel('Step title').fill('Collect owner approvals');
  await addForm.getByLabel('Priority').selectOption('2');
  await addForm.getByRole('button', { name: 'Add step' }).click();
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(1)).toContainText('Collect owner approvals');
  const moveUp = page.getByRole('button', { name: 'Move step 2, Collect owner approvals up' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(steps.first()).toContainText('Collect owner approvals');
  await expect(page.getByRole('status').filter({ hasText: 'moved to position 1 of 2' })).toBeAttached();

  await page.getByRole('button', { name: 'Edit step 1, Collect owner approvals' }).click();
  await steps.first().getByLabel('Step title').fill('Collect approvals from every system owner');
  await steps.first().getByRole('button', { name: 'Save step' }).click();
  await expect(steps.first()).toContainText('Collect approvals from every system owner');
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

  await page.getByRole('button', { name: 'Submit plan' }).click();
  await expect(page.getByText('Awaiting review', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit plan' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

  // The list of plans shows it.
  await page.getByRole('link', { name: 'All plans' }).click();
  await expect(page.getByRole('link', { name: new RegExp(TITLE) })).toContainText('2 steps');
});
