import { type Locator, type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { accessToken, signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

/**
 * A client runs their programme from the compliance tab: SOC 2 is activated for them (by our staff,
 * who hold frameworks:manage), they upload evidence for a control and see readiness move, see an
 * item about to expire, and add a risk that lands on the heat map. One sign-up for the whole spec.
 */

const TAB = '/dashboard-compliancecore?tab=compliance';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

interface ControlRow {
  id: string;
  title: string;
  freshnessDays: number;
  requirementCount: number;
}

/** A count on the SOC 2 readiness card ("Met", "Partly met"…). */
function readinessCount(card: Locator, label: string): Locator {
  return card
    .locator('dl > div')
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .locator('dd');
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${await accessToken(page)}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test('a client runs the compliance programme: SOC 2 readiness moves with evidence, an item expires soon, a risk lands on the heat map', async ({
  page,
}) => {
  // A sign-up, a checkout and four sections on a shared 2-core machine (not a speed check).
  test.setTimeout(300_000);
  await test.step('SOC 2 is activated and the tab shows its readiness', async () => {
    await signUpClient(page, 'programme-client');
    await subscribe(page);
    await page.goto(TAB);
    await expect(page.getByRole('heading', { name: 'Compliance', level: 2 })).toBeVisible();
    await expect(page.getByText('No framework is active yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

    // The client activates SOC 2 Type II for their own organization (they run their own programme).
    const activation = await page.request.put('/api/v1/frameworks/soc2/activation', {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data: { targetDate: isoDay(new Date(Date.now() + 180 * 86_400_000)), auditType: 'type2' },
    });
    expect(activation.status()).toBe(200);
    expect(((await activation.json()) as { controlsAdded: number }).controlsAdded).toBeGreaterThan(0);

    await page.reload();
    const card = page.getByRole('list', { name: 'Active frameworks' }).getByRole('listitem').filter({ hasText: 'SOC 2' });
    await expect(card.getByText(/% ready/)).toBeVisible();
    await expect(card.getByText('Type II', { exact: false })).toBeVisible();
    await expect(readinessCount(card, 'Met')).toHaveText('0');
    await expect(readinessCount(card, 'Partly met')).toHaveText('0');
    await card.getByRole('button', { name: 'Open SOC 2 requirements' }).click();
    const requirements = page.getByRole('list', { name: 'SOC 2 requirements' });
    await expect(requirements.getByText('Not met').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Controls by status' }).getByRole('link', { name: /^Not started/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });

  await test.step('evidence uploaded for a control moves readiness', async () => {
    const { controls } = await apiGet<{ controls: ControlRow[] }>(page, '/api/v1/controls');
    const [target] = [...controls].sort((a, b) => b.requirementCount - a.requirementCount);
    if (!target) throw new Error('No control in scope after activation');

    // The evidence register, opened on the control: upload a PDF for it.
    await page.goto(`${TAB}&section=evidence&control=${target.id}`);
    await expect(page.getByText('No evidence matches')).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await page.getByRole('button', { name: 'Add evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add evidence' });
    await dialog.getByLabel(/^File/).setInputFiles({ name: 'access-review.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(dialog.getByLabel(/^Title/)).toHaveValue('access-review');
    await expect(dialog.getByRole('checkbox', { name: new RegExp(target.id) })).toBeChecked();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await dialog.getByRole('button', { name: 'Add evidence' }).click();
    await expect(dialog).toBeHidden();
    const evidence = page.getByRole('list', { name: 'Evidence' });
    await expect(evidence.getByText('access-review')).toBeVisible();
    await expect(evidence.getByText('Current', { exact: true })).toBeVisible();

    // Readiness has moved: requirements the control serves are now at least partly met.
    await page.goto(TAB);
    const card = page.getByRole('list', { name: 'Active frameworks' }).getByRole('listitem').filter({ hasText: 'SOC 2' });
    await expect(readinessCount(card, 'Partly met')).not.toHaveText('0');

    // The controls register (a page of 25 at a time): the control, found by its id, given an owner and
    // marked implemented through its dialog.
    await page.goto(`${TAB}&section=controls`);
    await page.getByLabel('Search controls').fill(target.id);
    const register = page.getByRole('table');
    await expect(register.getByText(target.title)).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await page.getByRole('button', { name: `Edit ${target.id}` }).click();
    const edit = page.getByRole('dialog', { name: new RegExp(`Edit ${target.id}`) });
    await edit.getByLabel('Owner').selectOption({ index: 1 }); // the signed-in client
    await edit.getByLabel('Status').selectOption('implemented');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await edit.getByRole('button', { name: 'Save control' }).click();
    await expect(edit).toBeHidden();

    await expect(page.getByRole('table').getByRole('row').filter({ hasText: target.title }).getByText('Implemented')).toBeVisible();
  });

  await test.step('evidence collected long ago shows as expiring', async () => {
    const { controls } = await apiGet<{ controls: ControlRow[] }>(page, '/api/v1/controls');
    const [target] = [...controls].sort((a, b) => a.freshnessDays - b.freshnessDays);
    if (!target) throw new Error('No control in scope');
    // Collected freshnessDays − 10 days ago: it expires in about ten days, inside the 30-day window.
    const collected = isoDay(new Date(Date.now() - (target.freshnessDays - 10) * 86_400_000));

    await page.goto(`${TAB}&section=evidence&control=${target.id}`);
    await page.getByRole('button', { name: 'Add evidence' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add evidence' });
    await dialog.getByRole('radio', { name: 'A link' }).check();
    await dialog.getByLabel(/^Address/).fill('https://wiki.example.com/security/quarterly-access-review');
    await dialog.getByLabel(/^Title/).fill('Quarterly access review (old)');
    await dialog.getByLabel('Collected on').fill(collected);
    await dialog.getByRole('button', { name: 'Add evidence' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Evidence' }).getByText('Expiring soon')).toBeVisible();

    await page.goto(TAB);
    await expect(page.getByRole('list', { name: 'Expiring in the next 30 days' }).getByText('Quarterly access review (old)')).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });

  await test.step('a new risk lands on the heat map', async () => {
    await page.goto(`${TAB}&section=risks`);
    await expect(page.getByText('No open risks')).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await page.getByRole('button', { name: 'Add a risk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a risk' });
    await dialog.getByLabel(/^Risk/).fill('A stolen laptop exposes customer data');
    await dialog.getByLabel('Category').selectOption('security');
    await dialog.getByLabel('Likelihood', { exact: true }).selectOption('5');
    await dialog.getByLabel('Impact', { exact: true }).selectOption('4');
    await expect(dialog.getByText('Inherent 80 · High Risk')).toBeVisible();
    await dialog.getByLabel('Residual likelihood').selectOption('2');
    await dialog.getByLabel('Treatment', { exact: true }).selectOption('mitigate');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await dialog.getByRole('button', { name: 'Add risk' }).click();
    await expect(dialog).toBeHidden();

    const risks = page.getByRole('list', { name: 'Risks' });
    await expect(risks.getByText('R-001')).toBeVisible();
    await expect(risks.getByText('Inherent 80 · High Risk')).toBeVisible();
    const inherent = page.getByTestId('risk-heat-map').first();
    await expect(inherent.getByLabel('Likelihood 5, impact 4 (High Risk): 1 risk')).toHaveText('1');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });
});
