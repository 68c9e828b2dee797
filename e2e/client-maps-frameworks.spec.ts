import { type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';

/**
 * A client maps their programme onto the catalogue: activates SOC 2 (Type II, with a target date) and
 * ISO 27001 from the frameworks tab, reads ISO 27001's requirements with the controls mapped to them,
 * finds a requirement from the search dialog, and asks what ISO 27001 adds to SOC 2.
 */

test.beforeEach(async ({ page }) => {
  test.slow(); // a sign-up and a checkout on a shared 2-core machine (not a speed check)
  await withStoredConsent(page);
});

const RELATION_TITLES = /^(Equal|Subset|Superset|Intersect): /;

function card(page: Page, name: string) {
  return page.getByRole('list', { name: 'Framework catalogue' }).getByRole('listitem', { name, exact: true });
}

async function activate(page: Page, name: string, options: { auditType?: 'Type I' | 'Type II'; targetDate?: string }) {
  await card(page, name)
    .getByRole('button', { name: `Activate ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Activate ${name}` });
  await expect(dialog).toBeVisible();
  if (options.auditType) await dialog.getByRole('radio', { name: new RegExp(`^${options.auditType}\\b`) }).check();
  if (options.targetDate) await dialog.getByLabel('Target date').fill(options.targetDate);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
  await dialog.getByRole('button', { name: `Activate ${name}` }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, name).getByText('Active', { exact: true })).toBeVisible();
  await expect(card(page, name).getByText(/^\d+% ready$/)).toBeVisible();
}

test('a client activates SOC 2 and ISO 27001, reads ISO 27001 with its mapped controls, and runs the SOC 2 → ISO 27001 and SOC 2 + ISO 27001 → NIS2 crosswalks, then activates NIS2', async ({
  page,
}) => {
  test.setTimeout(180_000); // one sign-up, a checkout and the catalogue seeded at start, on a shared 2-core machine
  await signUpClient(page, 'frameworks-client');
  await subscribe(page);

  await test.step('the catalogue: fourteen frameworks (tier 1 and 2) as cards, none active yet', async () => {
    await page.goto('/dashboard-compliancecore?tab=frameworks');
    await expect(page.getByRole('heading', { level: 2, name: 'Frameworks' })).toBeVisible();
    const catalogue = page.getByRole('list', { name: 'Framework catalogue' });
    await expect(catalogue.getByRole('listitem')).toHaveCount(14);
    await expect(card(page, 'ISO 27001').getByText(/our own words/)).toBeVisible();
    await expect(card(page, 'GDPR').getByText('Official text (public)')).toBeVisible();
    await expect(page.getByText(/No framework is active yet/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });

  await test.step('activate SOC 2 (Type II, a target date) and ISO 27001', async () => {
    // SOC 2 asks for the audit type: the dialog refuses to go on without it.
    await card(page, 'SOC 2').getByRole('button', { name: 'Activate SOC 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate SOC 2' });
    await dialog.getByRole('button', { name: 'Activate SOC 2' }).click();
    await expect(dialog.getByText('Choose Type I or Type II')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const inSixMonths = new Date(Date.now() + 182 * 86_400_000).toISOString().slice(0, 10);
    await activate(page, 'SOC 2', { auditType: 'Type II', targetDate: inSixMonths });
    await expect(card(page, 'SOC 2').getByText(/^Type II · target /)).toBeVisible();
    await activate(page, 'ISO 27001', {});
    await expect(page.getByText('Active: SOC 2, ISO 27001.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });

  await test.step('ISO 27001: the requirement tree with mapped controls, relation badges and status', async () => {
    await card(page, 'ISO 27001').getByRole('link', { name: 'Open ISO 27001' }).click();
    await expect(page).toHaveURL(/tab=frameworks&framework=iso27001$/);
    await expect(page.getByRole('heading', { level: 2, name: /ISO 27001/ })).toBeVisible();
    const tree = page.getByRole('list', { name: 'Requirements' });
    // Groups start closed: the clauses and Annex A themes, each a button that opens its requirements.
    await expect(tree.getByRole('button', { expanded: false }).first()).toBeVisible();

    await page.getByLabel('Filter requirements').fill('A.8.11');
    const masking = tree.getByRole('article', { name: /A\.8\.11/ });
    await expect(masking).toBeVisible();
    // Just activated: no control is implemented, so the requirement is not met, with the reason why.
    await expect(masking.getByText('Not met', { exact: true })).toBeVisible();
    const mapped = masking.getByRole('list', { name: 'Controls mapped to A.8.11' }).getByRole('listitem');
    await expect(mapped.first()).toBeVisible();
    await expect(mapped.first().locator('[title]').first()).toHaveAttribute('title', RELATION_TITLES);
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

    // Readable on a phone: nothing runs off the side of a 375 px screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(masking).toBeVisible();
    const box = await tree.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the search dialog finds the requirement and opens the framework page at it', async () => {
    await page.goto('/dashboard-compliancecore?tab=frameworks');
    await page.keyboard.press('Control+k');
    const search = page.getByRole('dialog', { name: 'Search the product' });
    await expect(search).toBeVisible();
    await page.keyboard.type('data masking');
    const hit = search.getByTestId('search-result').filter({ hasText: /ISO 27001 A\.8\.11/ });
    await expect(hit.getByText(/^Requirement · ISO 27001/)).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(/tab=frameworks&framework=iso27001#A\.8\.11$/);
    await expect(page.locator('[id="A.8.11"]')).toBeFocused();
  });

  await test.step('the crosswalk: what ISO 27001 adds to SOC 2, with the new controls and their evidence', async () => {
    const picker = page.getByRole('form', { name: 'Crosswalk' });
    await picker.getByLabel('We already have').selectOption('soc2');
    await picker.getByRole('button', { name: 'Show what ISO 27001 adds' }).click();
    await expect(page).toHaveURL(/framework=iso27001&from=soc2$/);
    await expect(page.getByRole('heading', { name: 'You have SOC 2; what ISO 27001 adds' })).toBeVisible();
    await expect(page.getByText(/^\d+%$/).first()).toBeVisible();
    const added = page.getByRole('list', { name: 'New controls' }).getByRole('listitem').filter({ hasText: 'Evidence:' });
    await expect(added.first()).toBeVisible();
    expect(await added.count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
  });

  await test.step('what a tier-2 framework adds to SOC 2 and ISO 27001 together: the NIS2 card, then its crosswalk', async () => {
    await page.goto('/dashboard-compliancecore?tab=frameworks');
    const delta = card(page, 'NIS2').getByRole('region', { name: 'Adds to SOC 2 + ISO 27001' });
    await expect(delta.getByText(/^\d+ requirements? of \d+ need new work/)).toBeVisible();
    await expect(card(page, 'SOC 2').getByRole('region')).toHaveCount(0);
    await delta.getByRole('link', { name: 'See what NIS2 adds' }).click();
    await expect(page).toHaveURL(/framework=nis2&from=soc2%2Ciso27001$/);
    await expect(page.getByRole('heading', { name: 'You have SOC 2 and ISO 27001; what NIS2 adds' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Crosswalk' }).getByLabel('We already have')).toHaveValue('soc2,iso27001');
    // Readable on a phone.
    await page.setViewportSize({ width: 390, height: 800 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

    // Activated like tier 1: its readiness shows, and it no longer "adds" to itself.
    await page.goto('/dashboard-compliancecore?tab=frameworks');
    await activate(page, 'NIS2', {});
    await expect(card(page, 'NIS2').getByRole('region')).toHaveCount(0);
    await expect(card(page, 'DORA').getByRole('region', { name: 'Adds to SOC 2 + ISO 27001 + NIS2' })).toBeVisible();
  });
});
