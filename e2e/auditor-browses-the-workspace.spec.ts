import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createUserWithRole, signInAs, signUpAs, uniqueEmail } from './sign-in-helpers.ts';
import { test } from './test.ts';

test('an auditor browses the dashboard and task requests: told plainly what the role does not see, and nothing is refused', async ({
  page,
}) => {
  test.setTimeout(90_000); // a sign-up or a created account, e-mail and several pages, beside the heavier journeys on a shared 2-core machine
  const email = uniqueEmail('auditor');
  await createUserWithRole(email, 'auditor');
  const refused: string[] = [];
  const planRequests: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/plans')) planRequests.push(url.pathname);
    if (response.status() === 403) refused.push(url.pathname);
  });
  await signInAs(page, email);

  await page.goto('/dashboard-compliancecore');
  await expect(page.getByText('Plans are not part of your role.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('figures-not-in-role')).toContainText('Your role does not include plans');
  // The compliance programme is read per client organization: an auditor assigned to none is asked to choose one.
  await page.getByRole('tab', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { name: 'Compliance', level: 2 })).toBeVisible();
  await expect(page.getByText('Choose a client organization to see its programme.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/task-requests');
  await expect(page.getByText('Plans are not part of your role.')).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  expect(planRequests).toEqual([]);
  expect(refused).toEqual([]);
});

test('the dashboard opens what its parameters name, and falls back quietly on an unknown one', async ({ page }) => {
  test.setTimeout(90_000); // a sign-up or a created account, e-mail and several pages, beside the heavier journeys on a shared 2-core machine
  await signUpAs(page, uniqueEmail('params'));

  await page.goto('/dashboard-compliancecore?section=deliverables');
  await expect(page.getByRole('heading', { name: 'Deliverables', level: 2 })).toBeVisible();
  await expect(page.getByText(/Nothing has been delivered yet/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/dashboard-compliancecore?view=requests');
  await expect(page).toHaveURL(/\/task-requests$/);
  await expect(page.getByRole('heading', { name: 'Task requests', level: 1 })).toBeVisible();

  await page.goto('/dashboard-compliancecore?view=nonsense&section=invoices');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Your latest plans' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
