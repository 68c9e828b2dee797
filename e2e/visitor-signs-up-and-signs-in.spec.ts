import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signInWithPassword, signOut, signUpAndConfirm, uniqueEmail } from './sign-in-helpers.ts';

test('a visitor signs up, confirms from the email and lands signed in on the dashboard', async ({ page }) => {
  test.setTimeout(90_000); // a sign-up or a created account, e-mail and several pages, beside the heavier journeys on a shared 2-core machine
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to ComplianceCore');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await expectNoSeriousA11yViolations(page);

  const email = uniqueEmail('new-client');
  await signUpAndConfirm(page, email);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard-compliancecore');
  await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
});

test('sign-in and sign-up failures are explained in plain words', async ({ page }) => {
  await signInWithPassword(page, uniqueEmail('nobody'));
  await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/auth?mode=sign-up');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByLabel('Confirm password').fill('different');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByText('Use at least 8 characters')).toBeVisible();
  await expect(form.getByText('The passwords do not match')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Email').fill(uniqueEmail('common'));
  await form.getByLabel('Password', { exact: true }).fill('password123');
  await form.getByLabel('Confirm password').fill('password123');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose a stronger password');
});

test('a confirmation link that was already used explains itself on /auth', async ({ page }) => {
  const email = uniqueEmail('twice');
  await signUpAndConfirm(page, email);
  await signOut(page);
  const response = await page.request.get('/dev/mailbox');
  const { mails } = (await response.json()) as { mails: { to: string; links: string[] }[] };
  const link = mails.find((mail) => mail.to === email)!.links.find((candidate) => candidate.includes('/auth/v1/verify'))!;
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByRole('alert')).toContainText('That link did not work');
});

test('a magic link signs the user in and returns to the page they asked for', async ({ page }) => {
  test.setTimeout(90_000); // a sign-up or a created account, e-mail and several pages, beside the heavier journeys on a shared 2-core machine
  const email = uniqueEmail('magic');
  await signUpAndConfirm(page, email);
  await signOut(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const form = page.getByRole('form', { name: 'Email me a sign-in link' });
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Email Me a Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      const { mails } = (await (await page.request.get('/dev/mailbox')).json()) as {
        mails: { to: string; subject: string; links: string[] }[];
      };
      link = mails.filter((mail) => mail.to === email)[0]?.links.find((candidate) => candidate.includes('/auth/v1/verify')) ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
});
