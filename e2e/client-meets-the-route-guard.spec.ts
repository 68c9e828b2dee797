import { expect } from '@playwright/test';
import { test } from './test.ts';
import { signOut, signUpAndConfirm, uniqueEmail } from './sign-in-helpers.ts';

test('a signed-out visitor is sent to /auth and back to the page after signing in', async ({ page }) => {
  const email = uniqueEmail('returning');
  await signUpAndConfirm(page, email);
  await signOut(page);

  await page.goto('/task-requests?view=requests');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Ftask-requests%3Fview%3Drequests$/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('Quiet-Harbour-Lantern-42');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/task-requests\?view=requests$/);
});

test('a client opening /admin or /auditor-portal lands on /dashboard-compliancecore', async ({ page }) => {
  const email = uniqueEmail('client');
  await signUpAndConfirm(page, email);

  const denial = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/access-denials'));
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
  const reported = await denial;
  expect(reported.status()).toBe(201);
  expect(await reported.json()).toEqual({ logged: true, confirmedByServer: true });

  await page.goto('/auditor-portal');
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  // The server says the same with the user's own token.
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('cc-auth-token') ?? '{}') as { access_token?: string }).access_token,
  );
  expect(token).toBeTruthy();
  const api = await page.request.get('/api/v1/admin/users', { headers: { authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(403);
  expect(((await api.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
});
