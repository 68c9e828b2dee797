import { expect, type Page } from '@playwright/test';
import { test } from './test.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { expectHeaderFits, expectNoSidewaysScroll } from './layout.ts';
import { createUserWithRole, signInAs, signOut, uniqueEmail } from './sign-in-helpers.ts';

/**
 * Sales loads the sample organization in /admin → Sample data, signs in as its client manager with the
 * password shown once, finds the workspace filled (requests in several states, a deliverable, controls,
 * a workflow), and the administrator removes it again (docs/sample-data.md).
 */
const MANAGER = 'sample.manager@northwind-health.example';

async function signInWithSampleCredentials(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard-compliancecore', { timeout: 30_000 });
}

test('sales loads the sample organization, signs in to it, and removes it again', async ({ page }) => {
  test.setTimeout(300_000);
  const adminEmail = uniqueEmail('sample-admin');
  await createUserWithRole(adminEmail, 'administrator', ['--data-ai-admin']);

  await signInAs(page, adminEmail, '/admin?tab=sample-data');
  const panel = page.getByRole('region', { name: 'Sample data' });
  await expect(panel.getByText('Not loaded', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Load sample data' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Loading the sample organization' })).toBeVisible();
  const password = (await panel.getByTestId('sample-password').textContent({ timeout: 60_000 })) ?? '';
  expect(password).toMatch(/^Nw-/);
  await expect(panel.getByLabel('What the sample holds')).toContainText('Task requests');
  await expect(panel.getByLabel('Sample accounts')).toContainText(MANAGER);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/sample-data-phone.png', fullPage: true });
  // Opened on a phone, Sample data is the last of seven tabs, beyond the screen's edge: the tab list scrolls to show it.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Sample data' })).toBeInViewport();
  await expectHeaderFits(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The organizations list marks it.
  await page.getByRole('tab', { name: 'Organizations' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Organizations' }).getByRole('button', { name: /Northwind Health Partners/ }),
  ).toContainText('Sample');
  await signOut(page);

  // Sales signs in as the sample client manager: the workspace is filled and marked as sample.
  await signInWithSampleCredentials(page, MANAGER, password);
  await expect(page.getByRole('banner').getByLabel('Northwind Health Partners is a sample organization')).toBeVisible();
  // The header carries the sample mark and the bell besides the site's links: on a laptop it holds them
  // on one line; on a phone the menu button (and Sign Out behind it) stays on screen.
  await expectHeaderFits(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectHeaderFits(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/task-requests');
  const main = page.getByRole('main');
  await expect(main.getByText('HIPAA security risk analysis for the patient portal').first()).toBeVisible();
  // The status filter's options hold the same words: the badges are the visible ones.
  for (const state of ['Delivered', 'In review', 'Cancelled'])
    await expect(main.getByText(state, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  // The open requests went to the queue when the sample loaded and move on from there; none is overdue.
  await expect(main.getByText(/overdue/i)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/sample-task-requests.png', fullPage: true });

  await page.goto('/dashboard-compliancecore?section=deliverables');
  await expect(page.getByRole('main').getByText('Completed').first()).toBeVisible();
  await page.goto('/dashboard-compliancecore?tab=compliance&section=controls');
  await expect(page.getByRole('button', { name: /^Edit [A-Z]{3}-\d{2}$/ }).first()).toBeVisible();
  await page.goto('/dashboard-compliancecore?tab=workflows');
  const workflow = page.getByTestId('workflow-row').filter({ hasText: 'Quarterly access review' });
  await expect(workflow.getByTestId('workflow-status')).toHaveText('Active');
  await expect(page.getByTestId('workflow-approval').filter({ hasText: 'Sign off the quarterly access review' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  await signOut(page);

  // The administrator removes it, after a confirmation naming what goes.
  await signInAs(page, adminEmail, '/admin?tab=sample-data');
  await page.getByRole('button', { name: 'Remove sample data…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MANAGER);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
  await dialog.getByRole('button', { name: 'Remove the sample data' }).click();
  await expect(page.getByRole('region', { name: 'Sample data' }).getByText('Not loaded', { exact: true })).toBeVisible();
});
