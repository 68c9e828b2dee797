import { expect } from '@playwright/test';
import { test } from './test.ts';
import { signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';
import { expectNoSidewaysScroll } from './layout.ts';
import { createUserWithRole, signInAs, uniqueEmail } from './sign-in-helpers.ts';

test.beforeEach(async ({ page }) => {
  test.slow(); // a sign-up and a checkout on a shared 2-core machine (not a speed check)
  await withStoredConsent(page);
});

// A vendor name of its own per run, so a retried journey finds its own draft in the shared review queue.
const VENDOR = `Ledgerly ${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
const TITLE = `Vendor security review of ${VENDOR}`;

test('a client asks for work with the wizard; an agent drafts it; a reviewer sends it back, approves the redraft; the client downloads the PDF', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // the whole pipeline, two accounts, on a shared 2-core machine (not a speed check)
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

  // The server's own agent drafts it: the request page shows it in review, live (no reload).
  await page.getByRole('list', { name: 'Most urgent open requests' }).getByText(TITLE).click();
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Draft ready', { exact: true })).toBeVisible({ timeout: 60_000 });

  // An administrator who holds the Approver flag reviews it: sends it back with a note first.
  const approverEmail = uniqueEmail('pipeline-approver');
  await createUserWithRole(approverEmail, 'administrator', ['--approver']);
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await withStoredConsent(staffPage);
  await signInAs(staffPage, approverEmail);
  await staffPage.goto('/reviews');
  const queue = staffPage.getByRole('list', { name: 'Outputs awaiting review' });
  await queue.getByRole('link', { name: new RegExp(`${VENDOR}.*v1`) }).click();
  await expect(staffPage.getByText('Human decision required')).toBeVisible();
  await expectNoSeriousA11yViolations(staffPage, A11Y_SCOPE.main);
  // The draft's findings table is wider than a phone: it scrolls in its own frame, and the page does not.
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await expect(staffPage.getByRole('region', { name: /^Table: / }).first()).toBeVisible();
  await expectNoSidewaysScroll(staffPage);
  await staffPage.setViewportSize({ width: 1280, height: 720 });
  const scores = async (values: [string, string, string, string]) => {
    for (const [index, label] of ['Accuracy', 'Completeness', 'Framework alignment', 'Timeliness'].entries()) {
      await staffPage.getByLabel(label).fill(values[index] ?? '');
    }
  };
  await scores(['70', '60', '75', '90']);
  await staffPage.getByLabel('Notes').fill('Ask for the vendor’s breach notification window and their subprocessor list.');
  await staffPage.getByRole('button', { name: 'Reject' }).click();
  await expect(staffPage.getByText('Rejected: returned for revision')).toBeVisible();

  // The agent redrafts from the note; version 2 comes back to the queue with a diff against version 1.
  await expect(async () => {
    await staffPage.goto('/reviews');
    await expect(queue.getByRole('link', { name: new RegExp(`${VENDOR}.*v2`) })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await queue.getByRole('link', { name: new RegExp(`${VENDOR}.*v2`) }).click();
  await expect(staffPage.getByRole('list', { name: 'Changes since version 1' })).toBeVisible();
  await scores(['95', '92', '90', '94']);
  await staffPage.getByRole('button', { name: 'Approve' }).click();
  await expect(staffPage.getByText('Approved: on to final delivery')).toBeVisible();
  await staffPage.goto('/quality-scores');
  await expect(staffPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(staffPage, A11Y_SCOPE.main);
  await staff.close();

  // The client finds the deliverable and downloads it as a PDF.
  await page.goto('/dashboard-compliancecore?section=deliverables');
  const deliverables = page.getByRole('list', { name: 'Deliverables' });
  await expect(deliverables.getByText('Completed').first()).toBeVisible();
  await deliverables.getByRole('button', { name: new RegExp(`^Download .*${VENDOR}`) }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
});
