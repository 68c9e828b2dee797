import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { readLocalAdminEndpoint } from '../src/server/local-admin-endpoint.ts';
import { createUserWithRole as createThroughAdminApi } from '../src/server/modules/auth/admin/create-user-with-role.ts';
import { STORAGE_KEYS } from '../src/shared/constants.ts';

/**
 * Shared steps of the sign-in journeys: real sign-up, the e-mail from /dev/mailbox, TOTP codes.
 *
 * Signing up and signing in through the forms is what `visitor-signs-up-and-signs-in`,
 * `client-meets-the-route-guard`, `user-signs-in-with-totp` and the administrator's journey test.
 * Every other journey starts from an account and a session made by the same HTTP calls the forms
 * make (`signUpClient`, `signInAs`): the same server paths, without the page loads of forms they do
 * not test (docs/decisions/013-ci-under-fifteen-minutes.md).
 */

export const PASSWORD = 'Quiet-Harbour-Lantern-42';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

type StaffFlag = '--approver' | '--integration-admin' | '--data-ai-admin';

/* eslint-disable n/no-process-env -- the data folder and origin playwright.config.ts gave the journey server */
const journeyDataDir = () => process.env.E2E_DATA_DIR ?? '';
const journeyOrigin = () => process.env.E2E_ORIGIN ?? '';
/* eslint-enable n/no-process-env */

/**
 * A confirmed user with a staff role, made through the admin APIs of the journey server (the
 * address and service-role key it leaves beside its data folder), as `npm run user:create` makes
 * one, without starting a process for it.
 */
export async function createUserWithRole(email: string, role: string, flags: StaffFlag[] = []): Promise<void> {
  const endpoint = readLocalAdminEndpoint(journeyDataDir());
  if (!endpoint) throw new Error(`No journey server has left its admin endpoint beside ${journeyDataDir()}`);
  await createThroughAdminApi(
    { url: endpoint.url, serviceRoleKey: endpoint.serviceRoleKey, fetch },
    {
      email,
      password: PASSWORD,
      role,
      isApprover: flags.includes('--approver'),
      isIntegrationAdmin: flags.includes('--integration-admin'),
      isDataAiAdmin: flags.includes('--data-ai-admin'),
    },
  );
}

/** The same, made as an operator makes one: `npm run user:create` (the administrator's journey tests the tool itself). */
export async function createUserWithTheCli(email: string, role: string, flags: StaffFlag[] = []): Promise<void> {
  const env = { ...process.env, DATA_DIR: journeyDataDir(), NODE_ENV: 'test' }; // eslint-disable-line n/no-process-env -- passed through to the tool
  const args = ['scripts/user-create.ts', '--email', email, '--password', PASSWORD, '--role', role, ...flags];
  const { stdout } = await promisify(execFile)(process.execPath, args, { env });
  expect(stdout).toContain(`through the server running at ${journeyOrigin()}`);
}

interface MailboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** The newest link mailed to `email` containing `contains` (by default /auth/v1/verify), once the mail worker has sent it. */
export async function verifyLinkFor(request: APIRequestContext, email: string, origin = '', contains = '/auth/v1/verify'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${origin}/dev/mailbox`);
        const { mails } = (await response.json()) as { mails: MailboxEntry[] };
        link = mails.find((mail) => mail.to === email)?.links.find((candidate) => candidate.includes(contains));
        return link ?? null;
      },
      { message: `a link with ${contains} mailed to ${email}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return link!;
}

/** Signs up through /auth, opens the confirmation link, and lands signed in on the dashboard. */
export async function signUpAndConfirm(page: Page, email: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/auth?mode=sign-up`);
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = await verifyLinkFor(page.request, email, origin);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard-compliancecore$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

export async function signInWithPassword(page: Page, email: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/auth`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function anonKey(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/v1/public-config');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { anonKey: string }).anonKey;
}

/** The session `POST /auth/v1/token?grant_type=password` hands out, as the sign-in form receives it. */
async function passwordSession(request: APIRequestContext, email: string): Promise<unknown> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: await anonKey(request) },
    data: { email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * Signs `email` in as the sign-in form does (the password grant), keeps the session where the auth
 * client keeps it, and opens `path` (by default the dashboard) signed in.
 */
export async function signInAs(page: Page, email: string, path = '/dashboard-compliancecore'): Promise<void> {
  const session = await passwordSession(page.request, email);
  // A same-origin document that is not the app, to write the app's storage before the app starts.
  await page.goto('/robots.txt');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: STORAGE_KEYS.authSession,
    value: JSON.stringify(session),
  });
  await page.goto(path);
  // The auth client loads on demand once it finds a stored session (docs/decisions/012): on a busy
  // machine that can take longer than one expectation's 10 s.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 });
}

/**
 * A new confirmed account made as the sign-up form makes it (`POST /auth/v1/signup`, then the
 * confirmation link from the mailbox), then signed in on the dashboard.
 */
export async function signUpAs(page: Page, email: string): Promise<void> {
  const signup = await page.request.post('/auth/v1/signup', {
    headers: { apikey: await anonKey(page.request) },
    data: { email, password: PASSWORD },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const link = await verifyLinkFor(page.request, email);
  const confirmed = await page.request.get(link, { maxRedirects: 0 });
  expect(confirmed.status(), `the confirmation link answered ${confirmed.status()}`).toBeLessThan(400);
  await signInAs(page, email);
}

export function totpCode(secret: string, timestamp = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });
}

/** A code different from `used`: waits for the next 30-second step if needed (codes are single-use). */
export async function freshTotpCode(page: Page, secret: string, used: string): Promise<string> {
  let code = totpCode(secret);
  while (code === used) {
    await page.waitForTimeout(1_000);
    code = totpCode(secret);
  }
  return code;
}
