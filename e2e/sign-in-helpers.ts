import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import * as OTPAuth from 'otpauth';

/** Shared steps of the sign-in journeys: real sign-up, the e-mail from /dev/mailbox, TOTP codes. */

export const PASSWORD = 'Quiet-Harbour-Lantern-42';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A confirmed user with a staff role, made as an operator makes one: `npm run user:create`, which
 * goes through the admin API of the journey server holding the embedded database.
 */
export async function createUserWithRole(
  email: string,
  role: string,
  flags: ('--approver' | '--integration-admin' | '--data-ai-admin')[] = [],
): Promise<void> {
  /* eslint-disable n/no-process-env -- the data folder and origin playwright.config.ts gave the journey server */
  const env = { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'test' };
  const origin = process.env.E2E_ORIGIN;
  /* eslint-enable n/no-process-env */
  const args = ['scripts/user-create.ts', '--email', email, '--password', PASSWORD, '--role', role, ...flags];
  const { stdout } = await promisify(execFile)(process.execPath, args, { env });
  expect(stdout).toContain(`through the server running at ${origin}`);
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
