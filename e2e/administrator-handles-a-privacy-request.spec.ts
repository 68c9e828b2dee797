import { type Locator, type Page, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createUserWithRole, signInAs, uniqueEmail } from './sign-in-helpers.ts';
import { test } from './test.ts';

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/**
 * On a phone, with the cookie banner open and the advisor's launcher shown, the page scrolled to its end:
 * everything in <main> ends above both (nothing the administrator needs stays hidden under them).
 */
async function expectLastContentClearOfWhatFloats(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const banner = page.getByTestId('cookie-banner');
  const launcher = page.getByRole('button', { name: 'Open the compliance advisor' });
  await expect(banner).toBeVisible();
  await expect(launcher).toBeVisible();
  // The banner has measured itself at this size (it publishes its height for the page to keep room).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--cookie-banner-space')))
    .toBe(`${Math.ceil((await boxOf(banner)).height)}px`);
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect
    .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight))
    .toBe(true);
  // The lowest box in <main>, whatever it is: the page's last content ends there.
  const lastBottom = await page.getByRole('main').evaluate((main) =>
    Math.max(
      ...[...main.querySelectorAll('*')]
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.height > 0)
        .map((box) => box.bottom),
    ),
  );
  const [bannerBox, launcherBox] = await Promise.all([boxOf(banner), boxOf(launcher)]);
  expect(lastBottom, 'the page scrolled: its last content is on screen').toBeGreaterThan(0);
  expect(lastBottom, 'the last content ends above the cookie banner').toBeLessThanOrEqual(bannerBox.y);
  expect(lastBottom, 'the last content ends above the advisor launcher').toBeLessThanOrEqual(launcherBox.y);
  expect(launcherBox.y + launcherBox.height, 'the launcher stands on the banner').toBeLessThanOrEqual(bannerBox.y);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an administrator finds a privacy request in /admin, marks it handled with a note, and the clock stays', async ({ page, request }) => {
  test.slow(); // an administrator made by `npm run user:create` (a process of its own) and a full-page axe scan of /admin
  const requester = uniqueEmail('requester');
  const filed = await request.post('/api/v1/dsar-requests', {
    data: {
      requestType: 'deletion',
      fullName: 'Ada Lovelace',
      email: requester,
      relationship: 'self',
      country: 'France',
      details: 'Delete my newsletter data.',
      confirmAccurate: true,
    },
  });
  expect(filed.status()).toBe(201);
  const { reference } = (await filed.json()) as { reference: string };

  const adminEmail = uniqueEmail('dsar-admin');
  await createUserWithRole(adminEmail, 'administrator');
  await signInAs(page, adminEmail);
  await page.goto('/admin?tab=privacy');
  // A first visit: the cookie banner stays open all along, and the page keeps room for it.
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  await page.getByLabel('Reference, name or e-mail').fill(reference);
  const list = page.getByRole('list', { name: 'Privacy requests' });
  await expect(list.getByText(/Due in (29|30) days/)).toBeVisible();
  await list.getByRole('button', { name: `Open ${reference}` }).click();
  await expect(page.getByText('Delete my newsletter data.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/What was done/).fill('Deleted the newsletter record and told the requester.');
  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByTestId('dsar-resolution')).toContainText('Deleted the newsletter record and told the requester.');
  await page.getByLabel('Status').selectOption('all');
  await expect(list.getByText(/Handled (29|30) days before the deadline/)).toBeVisible();
  await expectLastContentClearOfWhatFloats(page);

  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 2 })).toBeVisible();
});
