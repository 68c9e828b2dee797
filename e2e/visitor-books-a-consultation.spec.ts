import { expect } from '@playwright/test';
import { test } from './test.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { mailbox, openLanding, toast, withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test('a visitor books a consultation through the form and the schedule step', async ({ page, context }) => {
  test.slow(); // a long journey with several accessibility scans
  await openLanding(page);
  const bookDemo = page.getByRole('main').getByRole('button', { name: 'Book Demo' });
  await bookDemo.click();
  const dialog = page.getByRole('dialog', { name: 'Book a Demo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  const send = dialog.getByRole('button', { name: 'Send Request' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Ada');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('ada.books@example.com');
  await expect(send).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Company' }).fill('Analytical Engines');
  await expect(dialog.getByRole('combobox', { name: 'Interest' }).locator('option')).toHaveText([
    'Select a plan (optional)',
    'Essential – $2,500/month',
    'Growth – $5,000/month',
    'Scale – $7,500/month',
    'Enterprise – Custom pricing',
    'Just learning more',
  ]);
  await dialog.getByRole('combobox', { name: 'Interest' }).selectOption('enterprise');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Urgent: our SOC 2 audit starts in May.');
  await expect(send).toBeEnabled();
  const [firstAnswer] = await Promise.all([page.waitForResponse('**/functions/v1/send-consultation-email'), send.click()]);

  await expect(toast(page)).toContainText('Consultation Request Sent');
  await expect(toast(page)).toContainText("We'll get back to you within 24 hours. Please proceed to schedule your consultation.");
  const schedule = page.getByRole('dialog', { name: 'Schedule Your Consultation' });
  await expect(schedule).toBeVisible();
  await expect(schedule.getByText('Mon-Fri 9:00 AM-6:00 PM')).toBeVisible();
  await expect(schedule.getByText('Sat 10:00 AM-2:00 PM (by in-person appointment only)')).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  // Stored before the answer: the sales notification is already queued.
  const mails = await mailbox(page);
  expect(mails.map((mail) => mail.subject)).toContain('[URGENT] New consultation request: Analytical Engines (Ada Lovelace)');
  expect(mails.find((mail) => mail.to === 'ada.books@example.com')?.subject).toBe('We received your consultation request');

  // Online booking opens the scheduling page in a new tab (answered here, never fetched from the internet).
  const bookOnline = schedule.getByRole('link', { name: /Book Online/ });
  await expect(bookOnline).toHaveAttribute('target', '_blank');
  await expect(bookOnline).toHaveAttribute('rel', 'noopener noreferrer');
  await context.route('https://cal.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Scheduling</title>' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), bookOnline.click()]);
  expect(popup.url()).toBe('https://cal.com/compliancecore/consultation');
  await popup.close();

  await expect(schedule.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+15550102400');

  await schedule.getByRole('button', { name: 'Back to Form' }).click();
  const form = page.getByRole('dialog', { name: 'Book a Demo' });
  await expect(form.getByRole('textbox', { name: 'Company' })).toHaveValue('Analytical Engines');
  // Sending the same request again is the same request: the first receipt, no second set of e-mails.
  const [secondAnswer] = await Promise.all([
    page.waitForResponse('**/functions/v1/send-consultation-email'),
    form.getByRole('button', { name: 'Send Request' }).click(),
  ]);
  await expect(page.getByRole('dialog', { name: 'Schedule Your Consultation' })).toBeVisible();
  expect(secondAnswer.status()).toBe(200);
  const [firstReceipt, secondReceipt] = (await Promise.all([firstAnswer.json(), secondAnswer.json()])) as { id: string }[];
  expect(secondReceipt?.id).toBe(firstReceipt?.id);
  const mailsAfterResend = (await mailbox(page)).filter(
    (mail) => mail.to === 'ada.books@example.com' || mail.text.includes('ada.books@example.com'),
  );
  expect(mailsAfterResend.map((mail) => mail.kind).sort()).toEqual([
    'leads.consultation.acknowledgement',
    'leads.consultation.notification',
  ]);
  await page
    .getByRole('dialog', { name: 'Schedule Your Consultation' })
    .getByRole('button', { name: /Have Us Contact You/ })
    .click();

  await expect(toast(page)).toContainText('Thank you!');
  await expect(toast(page)).toContainText('Our team will contact you within 24 hours to schedule your consultation.');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(bookDemo).toBeFocused();

  // A sent request leaves a clean form for the next one.
  await bookDemo.click();
  const next = page.getByRole('dialog', { name: 'Book a Demo' });
  await expect(next.getByRole('textbox', { name: 'First Name' })).toHaveValue('');

  // With the 'sent' toast showing over the schedule step, one Escape closes the dialog: the toast
  // never takes the Escape meant for the topmost dialog (and stays until its time is up).
  await next.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await next.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await next.getByRole('textbox', { name: 'Email' }).fill('grace.books@example.com');
  await next.getByRole('textbox', { name: 'Company' }).fill('Compilers Inc');
  await next.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByRole('dialog', { name: 'Schedule Your Consultation' })).toBeVisible();
  await expect(toast(page)).toContainText('Consultation Request Sent');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(toast(page)).toContainText('Consultation Request Sent');
  await expect(bookDemo).toBeFocused();
});

test('when sending fails the visitor sees the error toast and keeps the form', async ({ page }) => {
  test.slow(); // the whole landing page is scanned for accessibility with the dialog open
  await page.route('**/functions/v1/send-consultation-email', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Down for maintenance' } }),
    }),
  );
  await openLanding(page);
  await page.getByRole('main').getByRole('button', { name: 'Book Demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a Demo' });
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Grace');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Hopper');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
  await dialog.getByRole('textbox', { name: 'Company' }).fill('Navy Labs');
  await dialog.getByRole('button', { name: 'Send Request' }).click();

  await expect(toast(page)).toContainText('Error');
  await expect(toast(page)).toContainText('Failed to send consultation request. Please try again or contact us directly.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Company' })).toHaveValue('Navy Labs');
  await expect(dialog.getByRole('button', { name: 'Send Request' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
});
