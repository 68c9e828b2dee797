import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { accessToken, signUpClient, subscribe } from './advisor-fixtures.ts';
import { withEssentialConsent } from './content-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { expectNoSidewaysScroll } from './layout.ts';
import { createUserWithRole, signInAs, uniqueEmail, verifyLinkFor } from './sign-in-helpers.ts';
import { test } from './test.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function hydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * docs/audit.md end to end: staff open an engagement and invite an auditor by e-mail; the auditor
 * accepts the invitation, flags one request and accepts another; the client answers and resubmits;
 * the auditor downloads the PBC package, whose manifest carries the trail's verification.
 */
test('staff open an engagement, the invited auditor reviews, the client resubmits, the auditor downloads the package', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000); // three people, a checkout and an invitation on a shared 2-core machine
  await withEssentialConsent(page);
  const auditorEmail = uniqueEmail('auditor');
  await signUpClient(page, 'audited-client');
  await subscribe(page);
  const token = await accessToken(page);
  const activation = await page.request.put('/api/v1/frameworks/soc2/activation', {
    headers: { authorization: `Bearer ${token}` },
    data: { targetDate: day(180), auditType: 'type2' },
  });
  expect(activation.status()).toBe(200);
  const mine = (await (await page.request.get('/api/v1/organizations/mine', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    organizations: { id: string }[];
  };
  const organizationId = mine.organizations[0]?.id ?? '';

  const staff = await (await browser.newContext()).newPage();
  await test.step('staff open the engagement and invite the auditor', async () => {
    const staffEmail = uniqueEmail('audit-staff');
    await createUserWithRole(staffEmail, 'administrator');
    await signInAs(staff, staffEmail);
    await hydrated(staff, '/auditor-portal');
    await staff.getByRole('button', { name: 'Open an engagement' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Open an audit engagement' });
    await dialog.getByLabel('Organization').selectOption(organizationId);
    await dialog.getByLabel('Name').fill('SOC 2 Type II fieldwork');
    await dialog.getByLabel('Fieldwork starts').fill(day(-3));
    await dialog.getByLabel('Auditors’ e-mail addresses').fill(auditorEmail);
    await expectNoSeriousA11yViolations(staff, A11Y_SCOPE.dialog);
    await dialog.getByRole('button', { name: 'Open engagement' }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByRole('heading', { name: 'Auditor Dashboard' })).toBeVisible();
    await expectNoSeriousA11yViolations(staff, A11Y_SCOPE.main);
  });

  const auditor = await (await browser.newContext()).newPage();
  await test.step('the auditor accepts the invitation, flags one request and accepts another', async () => {
    await hydrated(auditor, await verifyLinkFor(auditor.request, auditorEmail, '', 'token_hash='));
    await expect(auditor.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
    await auditor.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(auditor).toHaveURL('/auditor-portal');
    await auditor.getByRole('link', { name: 'SOC 2 Type II fieldwork' }).click();
    await expect(auditor.getByRole('heading', { name: 'Auditor Dashboard' })).toBeVisible();
    await auditor.getByRole('tab', { name: 'Evidence review' }).click();
    const requests = auditor.getByRole('list', { name: 'Requests' }).getByRole('button');
    await requests.nth(0).click();
    await expect(auditor.getByText('Human decision required')).toBeVisible();
    await auditor.getByLabel('Flag').check();
    await auditor.getByLabel('What is wrong').fill('The policy is not signed by management.');
    await auditor.getByRole('button', { name: 'Record decision' }).click();
    await expect(requests.nth(0)).toContainText('Flagged');
    await expectNoSeriousA11yViolations(auditor, A11Y_SCOPE.main);
    await requests.nth(1).click();
    await auditor.getByLabel('Accept').check();
    await auditor.getByRole('button', { name: 'Record decision' }).click();
    await expect(requests.nth(1)).toContainText('Accepted');
  });

  await test.step('the client answers the flag and resubmits', async () => {
    // The client's session from the start is still on this page.
    await page.goto('/dashboard-compliancecore?tab=compliance');
    const section = page.getByRole('region', { name: 'Audit requests' });
    await section.getByLabel('Status').selectOption('flagged');
    await section.getByRole('list', { name: 'Requests' }).getByRole('button').first().click();
    await expect(section.getByText('The policy is not signed by management.')).toBeVisible();
    await section.getByLabel('Message').fill('The signed version is attached to the policy set now.');
    await section.getByRole('button', { name: 'Resubmit' }).click();
    await expect(section.getByText('resubmitted', { exact: false }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });

  await test.step('the auditor downloads the PBC package with its manifest', async () => {
    await auditor.getByRole('tab', { name: 'Dashboard' }).click();
    const [download] = await Promise.all([
      auditor.waitForEvent('download'),
      auditor.getByRole('button', { name: 'Download PBC package' }).click(),
    ]);
    const bytes = await download.createReadStream().then(
      (stream) =>
        new Promise<Buffer>((resolve) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        }),
    );
    const manifest = JSON.parse(strFromU8(unzipSync(new Uint8Array(bytes))['manifest.json'] ?? new Uint8Array())) as {
      requests: { status: string }[];
      auditTrailVerification: { ok: boolean };
    };
    expect(manifest.requests.map((request) => request.status)).toEqual(['accepted']);
    expect(manifest.auditTrailVerification.ok).toBe(true);
    await auditor.getByRole('tab', { name: 'Audit trail' }).click();
    await auditor.getByRole('button', { name: 'Verify' }).click();
    await expect(auditor.getByText(/Chain intact/)).toBeVisible();
    await expectNoSeriousA11yViolations(auditor, A11Y_SCOPE.main);
  });

  await test.step('on a phone, the engagement fits the screen and its last tab is in sight', async () => {
    await auditor.setViewportSize({ width: 390, height: 844 });
    await auditor.reload();
    await expect(auditor.getByRole('tab', { name: 'Audit trail' })).toBeInViewport();
    await expectNoSidewaysScroll(auditor);
  });
});
