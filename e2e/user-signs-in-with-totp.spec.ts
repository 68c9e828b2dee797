import { type Page, expect } from '@playwright/test';
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

/**
 * Signs a new user up, gives the page a Chromium virtual authenticator of `transport` (`internal`: the
 * device's own, as Touch ID or Windows Hello; `usb`: a security key), adds a passkey kept on `place`,
 * then signs out and back in with the passkey as the second step.
 */
async function addPasskeyAndSignInWithIt(page: Page, transport: 'internal' | 'usb', place: string) {
  const email = uniqueEmail(`passkey-${transport}`);
  await signUpAndConfirm(page, email);
  // WebAuthn needs a domain as the relying party, never an IP address: the rest happens on localhost.
  const origin = new URL(page.url()).origin.replace('127.0.0.1', 'localhost');
  await signInWithPassword(page, email, origin);
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await page.goto(`${origin}/profile`);
  const card = page.getByRole('region', { name: 'Two-factor: passkeys' });
  await card.getByLabel(place).check();
  await card.getByLabel('Name (optional)').fill('Work laptop');
  await card.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(page.getByText('Passkey added').first()).toBeVisible();
  await expect(card.getByRole('list', { name: 'Your passkeys' }).getByText('Active')).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
  await expectNoSeriousA11yViolations(page);

  await signOut(page);
  await signInWithPassword(page, email, origin);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Use Your Passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
  return { origin, card };
}

test('a user adds a passkey on a security key on /profile, signs in with it as the second step, and removes it', async ({ page }) => {
  test.setTimeout(90_000);
  const { origin, card } = await addPasskeyAndSignInWithIt(page, 'usb', 'A security key (USB or NFC)');
  await page.goto(`${origin}/profile`);
  await card.getByRole('button', { name: 'Remove Work laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
});

test('a user keeps a passkey on this device (a built-in authenticator, transport internal) and signs in with it', async ({ page }) => {
  test.setTimeout(90_000);
  // auth-js alone asks for a roaming key, which a built-in authenticator never answers: the choice on
  // /profile asks for the platform authenticator, and signing in asks for the device (hints: client-device).
  await addPasskeyAndSignInWithIt(page, 'internal', 'This device (Touch ID, Face ID, Windows Hello)');
});
