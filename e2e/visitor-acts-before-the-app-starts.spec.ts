import { type Page, type Route, expect, test } from '@playwright/test';
import { mailbox, withStoredConsent } from './landing-fixtures.ts';

// Playwright's own `test` on purpose: these journeys act on the page before the app has hydrated.

test.beforeEach(({ page }) => withStoredConsent(page));

/** Holds every request for the app's JavaScript until `release` is called. */
async function holdAppCode(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : held.push(route)));
  return {
    requested: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

test('the page is drawn from its HTML before any of the app’s code is requested, and starts after', async ({ page, request }) => {
  const html = await (await request.get('/pricing')).text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script type="module" async/);

  const code = await holdAppCode(page);
  await page.goto('/pricing');
  // Readable without the app: the prices are in the HTML.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Growth' })).toContainText('$5,000/month');
  await expect.poll(code.requested).toBeGreaterThan(0);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);

  await code.release();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
});

test('a tap on a button while the app is starting is answered once it has started', async ({ page }) => {
  const code = await holdAppCode(page);
  await page.goto('/');
  const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Capabilities' });
  await trigger.click();
  await expect(page.getByRole('menu')).toHaveCount(0);

  await code.release();
  await expect(page.getByRole('menuitem', { name: 'Compliance Monitoring' })).toBeVisible();
});

test('a form sent while the app is starting is sent by the app, never natively', async ({ page }) => {
  const code = await holdAppCode(page);
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const email = `early-${Date.now()}@example.com`;
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Early');
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Bird');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Company', exact: true }).fill('Dawn Ltd');
  await form.getByRole('button', { name: 'Send Message' }).click();
  // Not submitted by the browser: no navigation, the fields never reach the URL.
  expect(new URL(page.url()).search).toBe('');

  await code.release();
  await expect
    .poll(async () => (await mailbox(page)).some((mail) => mail.kind === 'leads.contact.notification' && mail.text.includes(email)))
    .toBe(true);
  expect(new URL(page.url()).search).toBe('');
});
