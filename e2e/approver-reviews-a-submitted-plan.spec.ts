import { expect } from '@playwright/test';
import { test } from './test.ts';
import { accessToken, signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';
import { createUserWithRole, signInAs, uniqueEmail } from './sign-in-helpers.ts';

test.beforeEach(async ({ page }) => {
  test.slow(); // two accounts and a sign-up on a shared 2-core machine (not a speed check)
  await withStoredConsent(page);
});

const TITLE = 'Run the first quarterly access review';

test('an approver sends a submitted plan back with a note; the client submits it again; approved, it becomes task requests', async ({
  page,
  browser,
}) => {
  // The client keeps a plan and submits it (the advisor's part is its own journey).
  await signUpClient(page, 'reviewed-client');
  await subscribe(page);
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const created = await page.request.post('/api/v1/plans', {
    headers,
    data: { title: TITLE, category: 'security', priority: 2, raw_message: 'Help us run access reviews' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/v1/plans/${id}/submit`, { headers })).status()).toBe(200);

  // A consultant with the Approver capability finds it in the queue and decides.
  const approverEmail = uniqueEmail('approver');
  await createUserWithRole(approverEmail, 'consultant', ['--approver']);
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await withStoredConsent(staffPage);
  await signInAs(staffPage, approverEmail);
  await staffPage.goto('/task-requests');
  const queue = staffPage.getByRole('list', { name: 'Plans awaiting review' });
  await queue.getByRole('link', { name: new RegExp(TITLE) }).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(staffPage.getByText('Human decision required')).toBeVisible();
  await staffPage.getByRole('button', { name: 'Request Changes' }).click();
  await expect(staffPage.getByText('Say what should change, so the requester knows what to do.')).toBeVisible();
  await staffPage.getByLabel('Note to the requester').fill('Name the owner of each system before we start.');
  await expectNoSeriousA11yViolations(staffPage, A11Y_SCOPE.main);
  await staffPage.getByRole('button', { name: 'Request Changes' }).click();
  await expect(staffPage.getByText('It returns to the queue when the requester submits it again.')).toBeVisible();

  // The client reads the note, and may edit and submit again.
  await page.goto(`/task-requests?plan=${id}`);
  await expect(page.getByText('Changes requested', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Name the owner of each system before we start.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit again' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

  // Submitted again and approved, the plan's steps become task requests the agents take on.
  await page.getByRole('button', { name: 'Submit again' }).click();
  await expect(page.getByText('Plan submitted', { exact: true }).first()).toBeVisible();
  await staffPage.goto(`/task-requests?review=${id}`);
  await staffPage.getByRole('button', { name: 'Approve Plan' }).click();
  await expect(staffPage.getByRole('button', { name: 'Approve Plan' })).toBeHidden();
  await staff.close();
  await page.goto('/task-requests');
  const requests = page.getByRole('list', { name: 'Task requests' });
  await expect(requests.getByRole('listitem').filter({ hasText: TITLE })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
});
