import { type Page, expect } from '@playwright/test';
import { STORAGE_KEYS } from '../src/shared/constants.ts';
import { signUpAs, uniqueEmail } from './sign-in-helpers.ts';

/** Shared steps of the advisor journeys. */

/** The access token auth-js keeps for the signed-in page. */
export async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authSession);
  const token = stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined;
  if (!token) throw new Error('No session in local storage');
  return token;
}

/** A new client, signed up and confirmed through the auth API the sign-up form uses, on the dashboard. */
export async function signUpClient(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUpAs(page, email);
  return email;
}

/** Buys Growth through the real (manual) checkout API, as the subscription page would. */
export async function subscribe(page: Page): Promise<void> {
  const response = await page.request.post('/api/v1/billing/checkout', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {
      plan: 'growth',
      company: { name: 'Northwind Health Ltd', size: '51-200', country: 'United Kingdom' },
      billingContact: { name: 'Grace Hopper', email: 'finance@northwind.example', address: '1 Harbour Street, London' },
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
}

/** Opens the widget the way any page may: the 'open-csquare' window event with a context string. */
export async function openAdvisor(page: Page, context: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Open the compliance advisor' })).toBeVisible();
  await page.evaluate((detail) => window.dispatchEvent(new CustomEvent('open-csquare', { detail })), context);
  await expect(page.getByRole('region', { name: 'Compliance advisor' })).toBeVisible();
}

/** Asks a question with Enter and waits for the answer (every answer ends with the disclaimer). */
export async function ask(page: Page, question: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Ask the compliance advisor' });
  await input.fill(question);
  await input.press('Enter');
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(question)).toBeVisible();
  await expect(log.getByText('This is guidance, not legal advice.', { exact: false }).last()).toBeVisible({ timeout: 15_000 });
}
