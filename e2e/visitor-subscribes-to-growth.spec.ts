import { randomUUID } from 'node:crypto';
import { type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { STORAGE_KEYS } from '../src/shared/constants.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { mailbox, withStoredConsent } from './landing-fixtures.ts';

test.beforeEach(async ({ page }) => {
  // Several axe passes on a shared 2-core machine: give the journey room (not a speed check).
  test.slow();
  await withStoredConsent(page);
});

/** The access token auth-js keeps for the signed-in page. */
async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authSession);
  const token = stored ? (JSON.parse(stored) as { access_token?: string }).access_token : undefined;
  if (!token) throw new Error('No session in local storage');
  return token;
}

async function confirmationLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailbox(page)).find((entry) => entry.to === email) as { links?: string[] } | undefined;
      link = mail?.links?.find((candidate) => candidate.includes('/auth/v1/verify'));
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('a visitor picks Growth on /pricing, creates an account, subscribes, and check-subscription returns it', async ({ page }) => {
  const email = `cto-${randomUUID()}@growth.example`;
  const password = `Audit-ready-${randomUUID()}`;

  await page.goto('/pricing');
  await expect(page.getByRole('listitem', { name: 'Growth' })).toContainText('$5,000/month');
  await page.getByRole('link', { name: 'Choose Growth' }).click();
  await expect(page).toHaveURL(/\/subscription\?plan=growth$/);
  await expect(page.getByRole('heading', { name: 'First, your account' })).toBeVisible();
  await expect(page.getByText('You have chosen Growth ($5,000/month)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Signed out: through /auth, with the way back to the chosen plan.
  await page.getByRole('link', { name: 'Sign in or create an account' }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsubscription%3Fplan%3Dgrowth$/);
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const signUp = page.getByRole('form', { name: 'Create account' });
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password', { exact: true }).fill(password);
  await signUp.getByLabel('Confirm password').fill(password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await confirmationLink(page, email));

  // The confirmation signs the visitor in and brings them back to the plan they chose.
  await expect(page).toHaveURL(/\/subscription\?plan=growth$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start your subscription', { timeout: 15_000 });
  const form = page.getByRole('form', { name: 'Start your subscription' });
  await expect(form.getByRole('radio', { name: /^Growth/ })).toBeChecked();
  await expect(form.getByLabel('Billing e-mail')).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);

  // Nothing filled in: every problem is shown next to its field.
  await form.getByLabel('Billing e-mail').fill('');
  await form.getByRole('button', { name: 'Start subscription' }).click();
  await expect(form.getByText('Company name is required')).toBeVisible();
  await expect(form.getByText('Choose your company size')).toBeVisible();
  await expect(form.getByText('Accept the terms of service to continue')).toBeVisible();
  await expect(form.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel('Company name').fill('Northwind Health Ltd');
  await form.getByLabel('Website').fill('https://northwind.example');
  await form.getByLabel('Company size').selectOption('51-200');
  await form.getByLabel('Country').fill('United Kingdom');
  await form.getByLabel('Full name').fill('Grace Hopper');
  await form.getByLabel('Billing e-mail').fill('finance@northwind.example');
  await form.getByLabel('Billing address').fill('1 Harbour Street\nLondon E1 6AN');
  await form.getByLabel('Purchase order number').fill('PO-2026-114');
  await form.getByRole('checkbox', { name: /I accept the terms of service/ }).check();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('$5,000/month');
  await form.getByRole('button', { name: 'Start subscription' }).click();

  await expect(page).toHaveURL(/\/subscription-success\?subscription=[\da-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription is confirmed');
  await expect(page.getByTestId('purchase-plan')).toHaveText('Growth — $5,000/month');
  await expect(page.getByTestId('purchase-status')).toHaveText('Active');
  await expect(page.getByTestId('purchase-seats')).toHaveText('15 seats');
  await expect(page.getByTestId('purchase-first-invoice')).toContainText(/^INV-\d{4}-\d{6}, due /);
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const subscriptionId = new URL(page.url()).searchParams.get('subscription');
  const checked = await page.request.post('/functions/v1/check-subscription', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {},
  });
  expect(checked.status()).toBe(200);
  const { subscription } = (await checked.json()) as { subscription: { id: string; plan: string; status: string; seats: number } };
  expect(subscription).toMatchObject({ id: subscriptionId, plan: 'growth', status: 'active', seats: 15 });

  const confirmation = (await mailbox(page)).find((mail) => mail.to === 'finance@northwind.example');
  expect(confirmation?.subject).toBe('Your ComplianceCore Growth subscription is active');

  // The buyer runs their company's account: from their profile they invite a colleague.
  await page.goto('/profile');
  const team = page.getByRole('region', { name: 'Your team at Northwind Health Ltd' });
  await expect(team.getByRole('listitem').filter({ hasText: email })).toContainText('Owner');
  await team.getByLabel('Invite a colleague by e-mail').fill(`colleague-${randomUUID()}@northwind.example`);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByRole('status')).toHaveText('Invitation sent.');
  await expect(team.getByRole('listitem').filter({ hasText: 'colleague-' })).toContainText('Invited');

  // A second visit to the screen (here through the /subscribe alias) does not sell a second plan.
  await page.goto('/subscribe?plan=scale');
  await expect(page.getByText('You already have an active Growth subscription')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('check-subscription refuses a request without a token', async ({ request }) => {
  const response = await request.post('/functions/v1/check-subscription', { data: {} });
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
});

test('an Enterprise link points to a consultation, and a canceled checkout says nothing was charged', async ({ page }) => {
  await page.goto('/subscription?plan=enterprise&canceled=1');
  await expect(page.getByText('Enterprise is agreed in a consultation')).toBeVisible();
  await expect(page.getByText('Checkout canceled')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a consultation', exact: true })).toHaveAttribute('href', '/#contact');
  // Enterprise cannot be bought online: the visitor continues with Growth if they wish.
  await expect(page.getByText('You have chosen Growth ($5,000/month)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
