import { type Page, expect as baseExpect } from '@playwright/test';
import { test } from './test.ts';
import { accessToken, signUpClient } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';
import { createUserWithRole, signInAs, uniqueEmail } from './sign-in-helpers.ts';

/**
 * Support requests (docs/support.md): a client opens one with a file; the consultant assigned to their
 * organization finds it in the support queue with its SLA clock and answers; the client reads the
 * answer in the thread, and the reply e-mail is in the outbox.
 */
// Three accounts on a shared 2-core machine: a sign-in can take longer than the default 10 s (not a speed check).
const expect = baseExpect.configure({ timeout: 45_000 });
const RUN = Math.random().toString(36).slice(2, 7).toUpperCase();
const ORGANIZATION = `Harbourline Freight ${RUN}`;
const SUBJECT = `Evidence upload refuses our PDF ${RUN}`;

async function buyGrowthFor(page: Page, company: string): Promise<void> {
  const response = await page.request.post('/api/v1/billing/checkout', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {
      plan: 'growth',
      company: { name: company, size: '51-200', country: 'United Kingdom' },
      billingContact: { name: 'Grace Hopper', email: 'finance@harbourline.example', address: '1 Harbour Street, London' },
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
}

async function assignConsultant(page: Page, adminEmail: string, consultantEmail: string): Promise<void> {
  await signInAs(page, adminEmail);
  await page.goto('/admin?tab=organizations');
  await page
    .getByRole('navigation', { name: 'Organizations' })
    .getByRole('button', { name: new RegExp(ORGANIZATION) })
    .click();
  const form = page.getByRole('form', { name: `Assign staff to ${ORGANIZATION}` });
  await form.getByLabel('Staff member').selectOption({ label: consultantEmail });
  await form.getByLabel('Engagement role').selectOption('lead_consultant');
  await form.getByRole('button', { name: 'Assign Staff' }).click();
  await expect(page.getByRole('list', { name: `Staff assigned to ${ORGANIZATION}` }).getByText(consultantEmail)).toBeVisible();
}

test('a client opens a support request with a file; the assigned consultant answers it from the queue', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(600_000); // three accounts on a shared 2-core machine (not a speed check)
  await withStoredConsent(page);
  const adminEmail = uniqueEmail('support-admin');
  const consultantEmail = uniqueEmail('support-staff');
  await createUserWithRole(adminEmail, 'administrator');
  await createUserWithRole(consultantEmail, 'consultant');
  const clientEmail = await signUpClient(page, 'support-client');
  await buyGrowthFor(page, ORGANIZATION);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await withStoredConsent(adminPage);
  await assignConsultant(adminPage, adminEmail, consultantEmail);
  await adminContext.close();

  // The client opens a request from the support tab; the knowledge base links stay.
  await page.goto('/dashboard-compliancecore?tab=support');
  await expect(page.getByRole('heading', { name: 'Your support requests' })).toBeVisible();
  await expect(page.getByText('No support requests yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /Knowledge base/ })).toBeVisible();
  await page.getByRole('button', { name: 'New support request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New support request' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Give the request a subject (at least 3 characters)')).toBeVisible();
  await dialog.getByLabel('Subject').fill(SUBJECT);
  await dialog.getByLabel('Category').selectOption('technical_problem');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Message').fill('The evidence form says our signed policy PDF is not a PDF. The file is attached.');
  await dialog
    .getByLabel('Attachments')
    .setInputFiles({ name: 'upload-error.txt', mimeType: 'text/plain', buffer: Buffer.from('Error: the file is not application/pdf\n') });
  await expect(dialog.getByText('Uploaded')).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
  // Keyboard: the form is sent with Enter on its button.
  await dialog.getByRole('button', { name: 'Send request' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard-compliancecore\?tab=support&request=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: SUBJECT })).toBeVisible();
  await expect(page.getByRole('button', { name: 'upload-error.txt' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The consultant sees it in the queue with its SLA clock (high: 8 hours) and answers.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await withStoredConsent(staffPage);
  await signInAs(staffPage, consultantEmail);
  await staffPage.goto('/dashboard-compliancecore?tab=support');
  const queue = staffPage.getByRole('list', { name: 'Support queue' });
  const item = queue.getByRole('listitem').filter({ hasText: SUBJECT });
  await expect(item).toBeVisible();
  await expect(item.getByText(/^First response: 7 h \d+ min left$/)).toBeVisible();
  await expect(item.getByText(ORGANIZATION, { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(staffPage);
  await staffPage.setViewportSize({ width: 375, height: 812 });
  await staffPage.screenshot({ path: testInfo.outputPath('support-queue-phone.png'), fullPage: true });
  await staffPage.setViewportSize({ width: 1280, height: 800 });
  await item.getByRole('link', { name: SUBJECT }).click();
  await staffPage
    .getByRole('textbox', { name: 'Reply' })
    .fill('Thanks: the file was saved as text. Export it to PDF again and the upload will take it.');
  await staffPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(staffPage.locator('header').getByText('Waiting on the client')).toBeVisible();
  await expect(staffPage.getByText('Answered in time')).toBeVisible();
  await staffContext.close();

  // The client reads the answer in the thread.
  await page.reload();
  await expect(page.getByText('Thanks: the file was saved as text.', { exact: false })).toBeVisible();
  await expect(page.getByText('Waiting on you')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('support-thread-phone.png'), fullPage: true });

  // The reply e-mail is in the outbox.
  await expect
    .poll(async () => {
      const response = await page.request.get('/dev/mailbox');
      const { mails } = (await response.json()) as { mails: { to: string; subject: string }[] };
      return mails.some((mail) => mail.to === clientEmail && mail.subject === `New reply on “${SUBJECT}”`);
    })
    .toBe(true);
});
