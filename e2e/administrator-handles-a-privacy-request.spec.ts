import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createUserWithRole, signInAs, uniqueEmail } from './sign-in-helpers.ts';
import { test } from './test.ts';

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
  // The cookie banner sits over the bottom of the page on first visit; this journey is not about it.
  await page.getByRole('button', { name: 'Essential Only' }).click();
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

  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 2 })).toBeVisible();
});
