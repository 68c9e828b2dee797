import { expect } from '@playwright/test';
import { test } from './test.ts';
import { signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

/**
 * A client's programme runs itself: they copy the quarterly access review template, edit it in the
 * Workflow Builder (a step from the palette, its problems on the node, fixed in the side panel), publish
 * it, run it now from the builder, approve its approval step from the inbox and see the run complete with
 * the task request it opened; /program-execution then shows its next quarterly occurrences and Program
 * Analytics. One sign-up for the whole spec.
 */

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test('a client uses a template, publishes it, runs it, approves its step and sees the calendar', async ({ page }) => {
  test.setTimeout(300_000);
  await test.step('use the quarterly access review template', async () => {
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
  });

  await test.step('edit it in the Workflow Builder: add a step from the palette, see its problems on the node, fix them, publish', async () => {
    const row = page.getByTestId('workflow-row').filter({ hasText: 'Quarterly access review' });
    await row.getByRole('link', { name: 'Edit Quarterly access review' }).click();
    await expect(page.getByRole('heading', { name: 'Workflow Builder: Quarterly access review' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Ready to publish')).toBeVisible();
    // The template's quarterly schedule, with its next three runs from the server.
    await expect(page.getByTestId('schedule-preview').getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'Add Notify people' }).click();
    const added = page.getByTestId('builder-node-action-9');
    await expect(added).toHaveAttribute('data-invalid', 'true');
    const panel = page.getByRole('complementary', { name: 'Selected step' });
    await expect(panel.getByRole('list', { name: 'Problems on this step' })).toContainText('subject: Required');
    await expect(page.getByTestId('builder-problems')).toContainText('This step cannot be reached from the start.');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

    await panel.getByLabel('Label').fill('Tell the team it is filed');
    await panel.getByLabel('Subject').fill('The access review is filed');
    await panel.getByLabel('Message').fill('The quarterly access review evidence is filed. Thank you.');
    await panel.getByLabel('Connect to').selectOption({ label: 'End: Done' });
    await panel.getByRole('button', { name: 'Connect', exact: true }).click();
    // Put it after "File the review": that step now leads to the new one instead of the end.
    await page.getByTestId('builder-node-step-4').click();
    await panel.getByRole('button', { name: 'Remove the connection to Done' }).click();
    await panel.getByLabel('Connect to').selectOption({ label: 'Action: Tell the team it is filed' });
    await panel.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText('Ready to publish')).toBeVisible();
    await expect(added).not.toHaveAttribute('data-invalid', 'true');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByTestId('toast').getByText('Published version 1')).toBeVisible();
    await expect(page.getByTestId('builder-status')).toHaveText('Active');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });

  await test.step('run it now from the builder, approve its approval step, see it complete with its task request', async () => {
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByTestId('workflow-run').getByTestId('run-status')).toHaveText('Waiting', { timeout: 30_000 });
    await page.getByRole('link', { name: 'All workflows' }).click();
    const approval = page.getByTestId('workflow-approval').filter({ hasText: 'Sign off the quarterly access review' });
    await expect(approval).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await approval.getByLabel('Note (optional)').fill('Reviewed with the system owners.');
    await approval.getByRole('button', { name: 'Approve' }).click();
    const row = page.getByTestId('workflow-row').filter({ hasText: 'Quarterly access review' });
    await row.getByRole('button', { name: /^(Waiting|Running|Completed) · / }).click();
    const run = page.getByTestId('workflow-run');
    await expect(run.getByTestId('run-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(run.getByText('File the review')).toBeVisible();
    await expect(run.getByText('Tell the team it is filed')).toBeVisible();
    await expect(run.getByTestId('run-task-request')).toBeVisible();
  });

  await test.step('the compliance calendar shows the next quarterly occurrences', async () => {
    await page.goto('/program-execution');
    await expect(page.getByRole('heading', { name: 'Program execution', level: 1 })).toBeVisible();
    const upcoming = page.getByTestId('calendar-item').filter({ hasText: 'Quarterly access review' });
    await expect(upcoming.first()).toBeVisible();
    expect(await upcoming.count()).toBeGreaterThanOrEqual(3);
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await expect(page.getByRole('heading', { name: 'Program Analytics' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Approvals waiting' })).toBeVisible();
    await page.getByRole('button', { name: 'Month' }).click();
    await expect(page.getByRole('list', { name: /, by day$/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });
});
