import { expect } from '@playwright/test';
import { test } from './test.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { createUserWithRole, signInAs, uniqueEmail } from './sign-in-helpers.ts';

/**
 * The administrator creates a client organization in /admin → Organizations and assigns a staff
 * member to serve it as reviewer (docs/tenancy.md); the choice survives a reload.
 */
test('the administrator creates an organization and assigns a staff member to it', async ({ page }) => {
  test.setTimeout(90_000);
  const adminEmail = uniqueEmail('org-admin');
  const staffEmail = uniqueEmail('org-staff');
  await createUserWithRole(adminEmail, 'administrator');
  await createUserWithRole(staffEmail, 'consultant');
  const organizationName = `Cobalt Logistics ${staffEmail.slice(10, 18)}`;

  await signInAs(page, adminEmail);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=organizations$/);

  await page.getByRole('button', { name: 'New Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organization' });
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(dialog.getByText('At least 2 characters')).toBeVisible();
  await dialog.getByLabel('Name').fill(organizationName);
  await dialog.getByLabel('Company size').selectOption('51-200');
  await dialog.getByLabel('Country').fill('Germany');
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
  await dialog.getByRole('button', { name: 'Create Organization' }).click();
  await expect(dialog).toBeHidden();

  const organizations = page.getByRole('navigation', { name: 'Organizations' });
  await expect(organizations.getByRole('button', { name: new RegExp(organizationName) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2, name: organizationName })).toBeVisible();
  await expect(page.getByText(/Nobody is assigned yet/)).toBeVisible();

  const form = page.getByRole('form', { name: `Assign staff to ${organizationName}` });
  await form.getByLabel('Staff member').selectOption({ label: staffEmail });
  // Keyboard: the role is chosen and the form sent without the mouse.
  await form.getByLabel('Engagement role').focus();
  await page.keyboard.press('ArrowDown');
  await expect(form.getByLabel('Engagement role')).toHaveValue('reviewer');
  await form.getByRole('button', { name: 'Assign Staff' }).focus();
  await page.keyboard.press('Enter');

  const assigned = page.getByRole('list', { name: `Staff assigned to ${organizationName}` });
  await expect(assigned.getByText(staffEmail)).toBeVisible();
  await expect(assigned.getByText('Reviewer', { exact: true })).toBeVisible();
  await expect(organizations.getByRole('button', { name: new RegExp(organizationName) })).toContainText('1 assigned staff');
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('list', { name: `Staff assigned to ${organizationName}` }).getByText(staffEmail)).toBeVisible();
});
