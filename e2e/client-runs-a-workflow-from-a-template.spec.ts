import { expect } from '@playwright/test';
import { test } from './test.ts';
import { signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

/**
 * A client's programme runs itself: they copy the quarterly access review template, publish it, run it
 * now, approve its approval step from the inbox and see the run complete with the task request it
 * opened; /program-execution then shows its next quarterly occurrences. One sign-up for the whole spec.
 */

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test('a client uses a template, publishes it, runs it, approves its step and sees the calendar', async ({ page }) => {
  test.setTimeout(300_000);
  await test.step('use the quarterly access review template and publish it', async () => {
    await signUpClient(page, 'workflow-client');
    await subscribe(page);
    await page.goto('/dashboard-compliancecore?tab=workflows');
    await expect(page.getByRole('heading', { name: 'Workflow Templates' })).toBeVisible();
    await expect(page.getByTestId('workflow-template')).toHaveCount(8);
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await page.getByRole('button', { name: 'Use template Quarterly access review' }).click();
    await expect(page.getByTestId('toast').getByText('Workflow created')).toBeVisible();
    const row = page.getByTestId('workflow-row').filter({ hasText: 'Quarterly access review' });
    await expect(row.getByTestId('workflow-status')).toHaveText('Draft');
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect(row.getByTestId('workflow-status')).toHaveText('Active');
    await expect(row.getByText('Version 1')).toBeVisible();
  });

  await test.step('run it now, approve its approval step, see it complete with its task request', async () => {
    const row = page.getByTestId('workflow-row').filter({ hasText: 'Quarterly access review' });
    await row.getByRole('button', { name: 'Run now' }).click();
    const approval = page.getByTestId('workflow-approval').filter({ hasText: 'Sign off the quarterly access review' });
    await expect(approval).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('workflow-run').getByTestId('run-status')).toHaveText('Waiting');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await approval.getByLabel('Note (optional)').fill('Reviewed with the system owners.');
    await approval.getByRole('button', { name: 'Approve' }).click();
    const run = page.getByTestId('workflow-run');
    await expect(run.getByTestId('run-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(run.getByText('File the review')).toBeVisible();
    await expect(run.getByTestId('run-task-request')).toBeVisible();
  });

  await test.step('the compliance calendar shows the next quarterly occurrences', async () => {
    await page.goto('/program-execution');
    await expect(page.getByRole('heading', { name: 'Program execution', level: 1 })).toBeVisible();
    const upcoming = page.getByTestId('calendar-item').filter({ hasText: 'Quarterly access review' });
    await expect(upcoming.first()).toBeVisible();
    expect(await upcoming.count()).toBeGreaterThanOrEqual(3);
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await page.getByRole('button', { name: 'Month' }).click();
    await expect(page.getByRole('list', { name: /, by day$/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });
});
