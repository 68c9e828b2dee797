import { expect } from '@playwright/test';
import { test } from './test.ts';
import { accessToken, signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { expectNoSidewaysScroll } from './layout.ts';
import { verifyLinkFor } from './sign-in-helpers.ts';
import { withStoredConsent } from './landing-fixtures.ts';

/**
 * A client takes a vendor from proposed to approved with conditions through a questionnaire the vendor
 * answers (docs/vendor-questionnaires.md): the client sends it from the vendor's entry, the vendor opens
 * the e-mailed link without an account, answers, attaches its report and submits; the client sees the
 * score and the vendor-review agent's drafted assessment, and approves with conditions. The vendor is
 * added through the API: the register's own journey is not this one.
 */

const TAB = '/dashboard-compliancecore?tab=vendors';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const CONTACT = 'security@northwind-payroll.example';

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test('a client approves a vendor with conditions after the vendor answers a questionnaire', async ({ page }) => {
  // A sign-up, a checkout, an agent's draft and three page loads on a shared 2-core machine (not a speed check).
  test.setTimeout(300_000);
  const vendor = page.getByRole('dialog', { name: 'V-001 Northwind Payroll' });

  await test.step('the client sends the tier’s questionnaire to the vendor’s contact; the vendor goes into review', async () => {
    await signUpClient(page, 'vendor-client');
    await subscribe(page);
    const created = await page.request.post('/api/v1/vendors', {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data: { name: 'Northwind Payroll', tier: 4, services: 'Payroll', dataCategories: ['personal', 'payment'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto(TAB);
    await page.getByRole('button', { name: 'Open V-001 Northwind Payroll' }).click();
    await expect(vendor.getByText('No questionnaire sent yet')).toBeVisible();
    const form = vendor.getByRole('form', { name: 'Send a questionnaire' });
    await form.getByLabel('Vendor contact e-mail').fill(CONTACT);
    await form.getByLabel('Contact name').fill('Sam Okafor');
    await expect(form.getByLabel('Questions')).toHaveValue('tier_4');
    await form.getByRole('button', { name: 'Send questionnaire' }).click();
    await expect(form.getByRole('status')).toHaveText(`Sent to ${CONTACT}.`);
    await expect(vendor.getByRole('list', { name: 'Questionnaires sent' })).toContainText('link valid until');
    await expect(vendor).toContainText('In review');
    await expectNoSeriousA11yViolations(page);
  });

  const link = await verifyLinkFor(page.request, CONTACT, '', '/vendor-questionnaire/');

  await test.step('the vendor opens the e-mailed link on a phone, answers, attaches its report and submits', async () => {
    const laptop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('asks Northwind Payroll');
    const answer = (question: RegExp, choice: string) =>
      page.getByRole('group', { name: question }).getByLabel(choice, { exact: true }).check();
    await answer(/SOC 2 Type II report or ISO 27001/, 'Yes');
    await answer(/multi-factor authentication/, 'Yes');
    await answer(/encrypted in transit/, 'Yes');
    await answer(/notify us of a security incident/, 'Partly');
    await page.getByLabel(/Comment on: Will you notify us/).fill('Within 96 hours today; 72 in the next contract');
    await page.getByLabel(/Where \(which countries or regions\)/).fill('EU (Frankfurt)');
    await page.getByLabel('Attach a file').setInputFiles({ name: 'soc2-type2.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('list', { name: 'Attached files' })).toContainText('soc2-type2.pdf');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you: your answers were sent');
    // The link is closed now: used again, it is refused with its code.
    const again = await page.request.get(`/api/v1/vendor-questionnaire/${link.split('/').pop()}`);
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('QUESTIONNAIRE_SUBMITTED');
    if (laptop) await page.setViewportSize(laptop);
  });

  await test.step('the client sees the score and the drafted assessment, and approves with conditions', async () => {
    await page.goto(TAB);
    await page.getByRole('button', { name: 'Open V-001 Northwind Payroll' }).click();
    const sent = vendor.getByRole('list', { name: 'Questionnaires sent' });
    // Weights 3 + 3 + 3 + 2, the incident question half: 10 of 11.
    await expect(sent).toContainText('Score 91/100 · Strong');
    const download = page.waitForEvent('download');
    await sent.getByRole('button', { name: 'soc2-type2.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('soc2-type2.pdf');
    // The vendor-review agent drafts in the background; the list looks again until the draft is there.
    await expect(sent.getByRole('region', { name: 'Drafted assessment' })).toContainText('Vendor security review — Northwind Payroll', {
      timeout: 90_000,
    });
    await expect(sent.getByRole('region', { name: 'Drafted assessment' })).toContainText('Awaiting review');
    await vendor.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit V-001' });
    await edit.getByLabel('Status').selectOption('approved_with_conditions');
    await edit.getByLabel('Conditions of approval').fill('Contract to commit to 72-hour incident notification before renewal.');
    await edit.getByLabel('Residual risk').selectOption('low');
    await edit.getByRole('button', { name: 'Save vendor' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('list', { name: 'Vendors' })).toContainText('Approved with conditions');
  });
});
