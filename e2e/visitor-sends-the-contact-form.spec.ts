import { type Locator, type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { mailbox, openLanding, toast, withStoredConsent } from './landing-fixtures.ts';

function contactForm(page: Page) {
  return page.getByRole('form', { name: 'Contact form' });
}

function field(form: Locator, name: string) {
  return form.getByRole('textbox', { name, exact: true });
}

async function errorsShown(form: Locator) {
  const alert = form.getByRole('alert');
  await expect(alert.getByText('Please correct the following:')).toBeVisible();
  return alert.getByRole('listitem');
}

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test('a visitor fixes each contact-form error and sends the message', async ({ page }) => {
  test.slow(); // a long journey with several accessibility scans
  await openLanding(page, '#contact');
  const form = contactForm(page);
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeInViewport();
  await expect(page.getByText('We reply within 24 hours')).toBeVisible();
  const submit = form.getByRole('button', { name: 'Send Message' });

  await submit.click();
  await expect(await errorsShown(form)).toHaveText([
    'First name is required',
    'Last name is required',
    'Email is required',
    'Company is required',
  ]);
  await expectNoSeriousA11yViolations(page);

  // Any edit clears the list.
  await field(form, 'First Name').fill('<b>Ada</b>');
  await expect(form.getByRole('alert')).toBeHidden();

  await field(form, 'Last Name').fill("Lovelace' OR 1=1");
  await field(form, 'Email').fill('ada@example');
  await field(form, 'Company').fill('Analytical Engines');
  await field(form, 'Message').fill('Please call me: javascript:alert(1)');
  await submit.click();
  await expect(await errorsShown(form)).toHaveText([
    'Please enter a valid email address',
    'Security validation failed: HTML content is not allowed in this field',
    'Security validation failed: Input contains potential SQL injection patterns',
    'Security validation failed: Input contains potentially malicious content',
  ]);

  await field(form, 'Email').fill('ada.contact@example.com');
  await submit.click();
  await expect(await errorsShown(form)).toHaveText([
    'Security validation failed: HTML content is not allowed in this field',
    'Security validation failed: Input contains potential SQL injection patterns',
    'Security validation failed: Input contains potentially malicious content',
  ]);

  await field(form, 'First Name').fill('Ada');
  await submit.click();
  await expect(await errorsShown(form)).toHaveText([
    'Security validation failed: Input contains potential SQL injection patterns',
    'Security validation failed: Input contains potentially malicious content',
  ]);

  await field(form, 'Last Name').fill('Lovelace');
  await submit.click();
  await expect(await errorsShown(form)).toHaveText(['Security validation failed: Input contains potentially malicious content']);

  await field(form, 'Message').fill('We need SOC 2 by the summer. Is it urgent enough for Scale?');
  await form.getByRole('combobox', { name: 'Interest' }).selectOption('scale');

  // Hold the real request briefly to see the sending state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/functions/v1/send-contact-form', async (route) => {
    await held;
    await route.continue();
  });
  await submit.click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(field(form, 'First Name')).toBeDisabled();
  await expect(field(form, 'Message')).toBeDisabled();
  release();

  const section = page.locator('#contact');
  await expect(section.getByRole('heading', { name: 'Message Sent!' })).toBeFocused();
  await expect(section.getByText("Thank you for contacting us. We'll get back to you within 24 hours.")).toBeVisible();
  await expect(toast(page)).toContainText('Message Sent!');
  await expectNoSeriousA11yViolations(page);

  const mails = await mailbox(page);
  const notification = mails.find((mail) => mail.kind === 'leads.contact.notification' && mail.text.includes('ada.contact@example.com'));
  expect(notification?.subject).toBe('[URGENT] New contact form message: Analytical Engines (Ada Lovelace)');
  expect(notification?.text).toContain('Interest level: medium');

  await section.getByRole('button', { name: 'Send Another Message' }).click();
  const fresh = contactForm(page);
  for (const name of ['First Name', 'Last Name', 'Email', 'Company', 'Message']) {
    await expect(field(fresh, name)).toHaveValue('');
  }
  await expect(field(fresh, 'First Name')).toBeFocused();
});

test('a filled honeypot is reported as spam and nothing is sent', async ({ page }) => {
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/send-contact-form')) requests += 1;
  });
  await openLanding(page, '#contact');
  const form = contactForm(page);
  await field(form, 'First Name').fill('Bot');
  await field(form, 'Last Name').fill('Net');
  await field(form, 'Email').fill('bot@example.com');
  await field(form, 'Company').fill('Spam Inc');
  await form.locator('input[autocomplete="off"][tabindex="-1"]').fill('https://spam.example', { force: true });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(await errorsShown(form)).toHaveText(['Spam detection triggered']);
  expect(requests).toBe(0);
});

async function fillValid(form: Locator) {
  await field(form, 'First Name').fill('Grace');
  await field(form, 'Last Name').fill('Hopper');
  await field(form, 'Email').fill('grace@example.com');
  await field(form, 'Company').fill('Navy Labs');
}

test('a server error keeps the form and says Submission Failed', async ({ page }) => {
  await page.route('**/functions/v1/send-contact-form', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
    }),
  );
  await openLanding(page, '#contact');
  const form = contactForm(page);
  await fillValid(form);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page)).toContainText('Submission Failed');
  await expect(toast(page)).toContainText('There was an error sending your message. Please try again or contact us directly.');
  await expect(field(form, 'Company')).toHaveValue('Navy Labs');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('an unexpected answer keeps the form and says Submission Error', async ({ page }) => {
  await page.route('**/functions/v1/send-contact-form', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<html>not the API</html>' }),
  );
  await openLanding(page, '#contact');
  const form = contactForm(page);
  await fillValid(form);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page)).toContainText('Submission Error');
  await expect(toast(page)).toContainText('An unexpected error occurred. Please try again.');
  await expect(field(form, 'Email')).toHaveValue('grace@example.com');
});

test('with analytics consent the form reports its start and its abandonment to the data layer', async ({ page }) => {
  await withStoredConsent(page, { analytics: true });
  await openLanding(page, '#contact');
  const form = contactForm(page);
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Acme');
  await field(form, 'Email').fill('a@example.com');
  const events = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
  expect(events.filter((event) => event === 'page_view')).toHaveLength(1);
  expect(events.filter((event) => event === 'form_start')).toHaveLength(1);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const last = await page.evaluate(() => window.dataLayer?.at(-1));
  expect(last).toMatchObject({ event: 'form_abandonment', form_name: 'contact', fields_completed: 2 });
});

test('with analytics consent every public page reports its page_view, client-side navigation included', async ({ page }) => {
  await withStoredConsent(page, { analytics: true });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect
    .poll(() =>
      page.evaluate(() => (window.dataLayer ?? []).filter((entry) => entry.event === 'page_view').map((entry) => entry.page_path)),
    )
    .toEqual(['/pricing', '/faq']);
});
