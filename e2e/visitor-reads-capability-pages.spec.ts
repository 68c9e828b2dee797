import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts'; // each page's first view is scanned in visitor-opens-every-page
import { withEssentialConsent } from './content-fixtures.ts';
import { expectNoSidewaysScroll } from './layout.ts';

const capabilities = [
  { path: '/automated-compliance', heading: 'Certified Audit Reviews and Compliance Readiness', framework: 'SOC 2' },
  { path: '/risk-analytics', heading: 'Risk Analytics & AI Intelligence', framework: 'NIST CSF' },
  { path: '/enterprise-risk', heading: 'Compliance Monitoring', framework: 'PCI DSS' },
  { path: '/enterprise-audit', heading: 'Risk Management', framework: 'ISO 27001' },
  { path: '/advanced-analytics', heading: 'Real-Time Analytics Engine', framework: 'GDPR' },
];

test.beforeEach(async ({ page }) => withEssentialConsent(page));

for (const capability of capabilities) {
  test(`${capability.path} explains the service, the split of work, deliverables, frameworks and a call to action`, async ({ page }) => {
    await page.goto(capability.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(capability.heading);
    await expect(page.getByRole('heading', { level: 2, name: 'What the service does' })).toBeVisible();
    const split = page.getByRole('region', { name: 'How AI agents and reviewers split the work' });
    await expect(split.getByRole('heading', { level: 3, name: 'AI agents' })).toBeVisible();
    await expect(split.getByRole('heading', { level: 3 })).toHaveCount(2);
    const frameworks = page.getByRole('region', { name: 'Frameworks covered' });
    await expect(frameworks.getByRole('link', { name: capability.framework, exact: true })).toBeVisible();
    const cta = page.locator('section[aria-labelledby="cta-heading"]');
    await expect(cta.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(cta.getByRole('link').first()).toHaveAttribute('href', /^\/(pricing|plan-comparison)$/);
  });
}

test('a visitor goes from a capability to a framework and on to pricing', async ({ page }) => {
  await page.goto('/automated-compliance');
  await expect(page.getByRole('region', { name: 'What you receive' }).getByRole('listitem')).toHaveCount(6);
  await page.getByRole('region', { name: 'Frameworks covered' }).getByRole('link', { name: 'ISO 27001', exact: true }).click();
  await expect(page).toHaveURL(/\/compliance\/iso-27001$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ISO/IEC 27001:2022 certification readiness');
  await expect(page.getByRole('term').filter({ hasText: 'Annex A 5.15' })).toBeVisible();
  await page.getByRole('link', { name: 'Get ISO 27001 ready' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('capability pages read well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/risk-analytics');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
