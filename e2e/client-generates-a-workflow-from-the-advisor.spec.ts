import { expect } from '@playwright/test';
import { test } from './test.ts';
import { ask, openAdvisor, signUpClient } from './advisor-fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  test.slow();
  await withStoredConsent(page);
});

test('a client turns a suggestion into a workflow, sees it in the builder and saves an edit as version 2', async ({ page }) => {
  await signUpClient(page, 'advisor-workflow');
  await openAdvisor(page, 'HIPAA readiness');
  await page.getByRole('button', { name: 'Expand chat' }).click();
  expect(await page.getByRole('region', { name: 'Compliance advisor' }).boundingBox()).toMatchObject({ width: 500, height: 600 });

  await ask(page, 'We need to run a HIPAA risk analysis before our audit');
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('HIPAA §164.308(a)(1)');
  await log.getByRole('button', { name: 'Generate workflow' }).click();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Workflow created');
  await expect(toast).toContainText('Opening Workflow Builder...');
  await expect(page).toHaveURL(/\/dashboard-compliancecore\?tab=workflows&view=builder&template=[0-9a-f-]{36}$/);
  const firstUrl = page.url();

  await expect(page.getByRole('heading', { name: 'Workflow Builder: Run a HIPAA risk analysis before our audit' })).toBeVisible();
  await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
  const canvas = page.getByTestId('workflow-canvas');
  await expect(canvas.locator('.react-flow__node')).toHaveCount(5);
  await expect(canvas.locator('.react-flow__edge')).toHaveCount(4);
  await expect(canvas.locator('.react-flow__node').first()).toContainText('Run a HIPAA risk analysis before our audit');
  await expect(canvas.locator('.react-flow__node-decision')).toContainText('Human review: approved?');
  // Left to right: every node sits to the right of the one before.
  const xs = await canvas.locator('.react-flow__node').evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().x));
  expect(xs).toEqual([...xs].sort((a, b) => a - b));
  // The panel minimized itself when it opened the builder.
  await expect(page.getByRole('button', { name: 'Open the compliance advisor' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Rename a step and add one from the side panel (keyboard-operable), then save a new version.
  const steps = page.getByRole('complementary', { name: 'Workflow steps' });
  await steps.getByRole('button', { name: 'Action: Identify and score risks' }).click();
  await steps.getByLabel('Label of the selected step').fill('Score risks with the security officer');
  await steps.getByRole('button', { name: 'Add action step' }).click();
  await expect(canvas.locator('.react-flow__node')).toHaveCount(6);
  await steps.getByRole('button', { name: 'Save as new version' }).click();
  await expect(toast).toContainText('Saved as version 2');
  await expect(page.getByText('Version 2', { exact: true })).toBeVisible();
  expect(page.url()).not.toBe(firstUrl);
  await expect(canvas.locator('.react-flow__node')).toHaveCount(6);
  await expect(canvas).toContainText('Score risks with the security officer');

  // Version 1 is unchanged.
  await page.goto(firstUrl);
  await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
  await expect(canvas.locator('.react-flow__node')).toHaveCount(5);
  await expect(canvas).toContainText('Identify and score risks');

  // The workflows tab lists it at its latest version.
  await page.getByRole('link', { name: 'All workflows' }).click();
  await expect(page).toHaveURL(/\?tab=workflows$/);
  await expect(page.getByRole('link', { name: /Run a HIPAA risk analysis before our audit/ })).toContainText('Version 2');
  await expectNoSeriousA11yViolations(page);
});

test('the dashboard tabs come from ?tab= and show real content or clear empty states', async ({ page }) => {
  await signUpClient(page, 'advisor-tabs');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('plans-empty')).toContainText('No plans yet');
  await expectNoSeriousA11yViolations(page);

  for (const [tab, heading] of [
    ['compliance', 'Compliance'],
    ['frameworks', 'Frameworks'],
    ['analytics', 'Analytics'],
    ['workflows', 'Workflows'],
    ['support', 'Support'],
    ['integrations', 'Integrations'],
  ] as const) {
    await page.goto(`/dashboard-compliancecore?tab=${tab}`);
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await expect(page.getByText('Integrations are managed by your integration admin')).toBeVisible();
});

test('Quick Actions lead to the dashboard tabs, and an unknown tab falls back to the overview', async ({ page }) => {
  await signUpClient(page, 'advisor-quick');
  // Quick Actions in the widget lead to the same tabs.
  await openAdvisor(page, 'Dashboard');
  await page.getByRole('tab', { name: 'Quick Actions' }).click();
  await page.getByRole('link', { name: /Frameworks/ }).click();
  await expect(page).toHaveURL(/\?tab=frameworks$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Frameworks' })).toBeVisible();

  // An unknown tab falls back to the overview; demo=true shows the sample company.
  await page.goto('/dashboard-compliancecore?tab=nonsense&demo=true');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page);
});
