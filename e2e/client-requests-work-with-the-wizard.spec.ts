import { expect } from '@playwright/test';
import { test } from './test.ts';
import { signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  test.slow(); // a sign-up and a checkout on a shared 2-core machine (not a speed check)
  await withStoredConsent(page);
});

const TITLE = 'Vendor security review of CloudPay';

test('a subscribed client asks for work with the wizard, sees it classified, and follows it in the list', async ({ page }) => {
  await signUpClient(page, 'wizard-client');
  await subscribe(page);

  await page.goto('/task-requests');
  await expect(page.getByRole('heading', { name: 'Task requests', level: 1 })).toBeVisible();
  await expect(page.getByText('No task requests yet')).toBeVisible();
  await page.getByRole('link', { name: 'New task request' }).first().click();
  await expect(page).toHaveURL(/\/task-requests\?new=1$/);

  // Step 1: the details.
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Details' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Task request progress' })).toHaveAttribute('aria-valuenow', '33.33');
  await page.getByLabel('Title').fill(TITLE);
  await page.getByLabel('Description').fill('Read the supplier’s SOC 2 report and third-party subprocessor list before we sign.');
  await page.getByLabel('Department').selectOption('risk');
  await page.getByRole('checkbox', { name: 'SOC 2' }).check();
  await page.getByRole('checkbox', { name: 'GDPR' }).check();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  await page.getByRole('button', { name: 'Classify with AI' }).click();

  // Step 2: the real classification, with its reasons.
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: AI classification' })).toBeVisible();
  const classification = page.getByRole('region', { name: 'AI classification' });
  await expect(classification.getByText('Vendor security review', { exact: true })).toBeVisible();
  await expect(classification.getByText('3-5 days', { exact: true })).toBeVisible();
  await expect(classification.getByText(/the request mentions/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

  // Edit Details keeps what was typed; then review and submit.
  await page.getByRole('button', { name: 'Edit Details' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(TITLE);
  await page.getByRole('button', { name: 'Classify with AI' }).click();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Review' })).toBeVisible();
  await expect(page.getByText('SOC 2, GDPR', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Task' }).click();

  // The request page: queued, classified, due on the SLA date, cancellable.
  await expect(page).toHaveURL(/\/task-requests\?request=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Classified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

  // The list shows it with its status, agent and priority.
  await page.getByRole('link', { name: 'All task requests' }).click();
  const list = page.getByRole('list', { name: 'Task requests' });
  const row = list.getByRole('listitem').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Vendor Reviewer')).toBeVisible();
  await expect(row.getByText(/priority$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

  // The Overview counts it as active.
  await page.goto('/dashboard-compliancecore');
  const figures = page.getByRole('definition').filter({ hasText: /^1$/ });
  await expect(figures.first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Most urgent open requests' }).getByText(TITLE)).toBeVisible();
});
