import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { freshTotpCode, signInWithPassword, signOut, signUpAndConfirm, totpCode, uniqueEmail } from './sign-in-helpers.ts';

test('a user turns on an authenticator app on /profile, then signs in with a TOTP code', async ({ page }) => {
  test.setTimeout(90_000); // may wait up to one 30-second TOTP step for a fresh code
  const email = uniqueEmail('totp');
  await signUpAndConfirm(page, email);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add ComplianceCore to your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolations(page);

  const enrollCode = totpCode(secret);
  await page.getByLabel('Code from the app').fill(enrollCode);
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByText('Two-factor authentication is on').first()).toBeVisible();
  const totpCard = page.getByRole('region', { name: 'Two-factor: authenticator app' });
  await expect(totpCard.getByText('Active')).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not correct. Check the code and try again.');

  await page.getByLabel('Verification code').fill(await freshTotpCode(page, secret, enrollCode));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('a user who stops at the second step cannot open the workspace', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('half');
  await signUpAndConfirm(page, email);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByText('Two-factor authentication is on').first()).toBeVisible();
  await signOut(page);

  await signInWithPassword(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.goto('/dashboard-compliancecore');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard-compliancecore$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
});
