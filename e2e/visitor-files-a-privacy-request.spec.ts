import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { mailbox, withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  // Several axe passes on a shared 2-core machine: give the journey room (not a speed check).
  test.slow();
  await withStoredConsent(page);
});

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

test('a visitor files a correction request and sees its reference and the date we answer by', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Request', exact: true }).click();
  await expect(page).toHaveURL(/\/dsar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a privacy request');
  const form = page.getByRole('form', { name: 'Privacy request' });
  await expect(form.getByRole('radio')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);

  // A correction needs to say what is wrong; an agent must name the person.
  await form.getByRole('radio', { name: /Correct my data/ }).check();
  await form.getByRole('radio', { name: 'As an authorised agent for someone else' }).check();
  await form.getByRole('button', { name: 'Send privacy request' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Tell us what is wrong and what it should say')).toBeVisible();
  await expect(form.getByText('Enter the name of the person you act for')).toBeVisible();
  await expect(form.getByText('Confirm that the information is accurate')).toBeVisible();
  await expect(form.getByLabel('Tell us about your request')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel('Your full name').fill('Margaret Hamilton');
  await form.getByLabel('Your email').fill('margaret@example.org');
  await form.getByLabel('Name of the person you act for').fill('Lauren Hamilton');
  await form.getByLabel('Country or state of residence').fill('California');
  await form
    .getByLabel('Tell us about your request')
    .fill('The job title on her newsletter profile is wrong: it should read "Flight software lead".');
  await form.getByRole('checkbox', { name: /I confirm the information above is accurate/ }).check();
  const filedAt = new Date();
  await form.getByRole('button', { name: 'Send privacy request' }).click();

  const receipt = page.getByRole('region', { name: 'We have received your request' });
  await expect(receipt).toBeVisible();
  await expect(page.getByRole('heading', { name: 'We have received your request' })).toBeFocused();
  const reference = (await page.getByTestId('dsar-reference').textContent()) ?? '';
  expect(reference).toMatch(new RegExp(`^DSAR-${filedAt.getUTCFullYear()}-\\d{6}$`));
  const due = new Date(filedAt.getTime() + 30 * 24 * 60 * 60 * 1000);
  await expect(page.getByTestId('dsar-due-date')).toHaveText(longDate.format(due));
  await expect(receipt.getByText('Correct my data')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Stored in the same transaction as its acknowledgement, which is already queued.
  const acknowledgement = (await mailbox(page)).find((mail) => mail.to === 'margaret@example.org');
  expect(acknowledgement?.subject).toBe(`We received your privacy request (${reference})`);
  expect(acknowledgement?.text).toContain(
    `We will respond by ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(due)}`,
  );

  await page.getByRole('button', { name: 'Make another request' }).click();
  await expect(form.getByRole('radio', { name: /Access my data/ })).toBeChecked();
});
