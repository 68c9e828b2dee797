import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts'; // each page's first view is scanned in visitor-opens-every-page
import { jsonLd, withEssentialConsent } from './content-fixtures.ts';

test.beforeEach(async ({ page }) => withEssentialConsent(page));

test('/about states the company figures and describes the organisation to search engines', async ({ page }) => {
  await page.goto('/about');
  const figures = page.getByRole('region', { name: 'At a glance' });
  for (const [value, label] of [
    ['50+', 'organizations served'],
    ['99.5%', 'AI accuracy'],
    ['25+', 'industries'],
    ['10+ years', 'of audit and risk experience'],
    ['up to 80%', 'lower compliance costs'],
  ]) {
    await expect(figures.getByRole('definition').filter({ hasText: value! }).first()).toBeVisible();
    await expect(figures.getByRole('term').filter({ hasText: label! })).toBeVisible();
  }
  const organisation = (await jsonLd(page)).find((block) => block['@type'] === 'Organization');
  expect(organisation).toMatchObject({ '@context': 'https://schema.org', name: 'ComplianceCore' });
});

test('/compliance lists the fourteen frameworks and each opens its own page', async ({ page }) => {
  await page.goto('/compliance');
  const cards = page.getByRole('region', { name: 'The 14 frameworks' }).getByRole('article');
  await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
    'SOC 2',
    'ISO 27001',
    'GDPR',
    'HIPAA',
    'PCI DSS',
    'NIST CSF',
    'ISO 42001',
    'CCPA/CPRA',
    'ISO 27701',
    'NIS2',
    'DORA',
    'EU AI Act',
    'NIST SP 800-53',
    'CIS Controls',
  ]);
  await expect(cards.first().getByRole('term')).toHaveText(['Who needs it', 'How it is assessed']);
  await page.getByRole('link', { name: 'HIPAA in detail' }).click();
  await expect(page).toHaveURL(/\/compliance\/hipaa$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Key requirements' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: '§164.312(b)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Running a HIPAA security risk analysis' })).toHaveAttribute(
    'href',
    '/knowledge-base/hipaa-risk-analysis',
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Frameworks' }).click();
  await expect(page).toHaveURL(/\/compliance$/);
  // A tier-2 framework's page: its own title, description and canonical address, requirements, guide and related frameworks.
  await page.getByRole('link', { name: 'DORA in detail' }).click();
  await expect(page).toHaveURL(/\/compliance\/dora$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('DORA digital operational resilience');
  await expect(page).toHaveTitle(/DORA digital operational resilience/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^The EU regulation on ICT risk in finance/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL('/compliance/dora', page.url()).href);
  await expect(page.getByRole('term').filter({ hasText: 'Art. 30' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'DORA for ICT providers to financial entities' })).toHaveAttribute(
    'href',
    '/knowledge-base/dora-for-ict-providers',
  );
  await expect(page.getByRole('link', { name: 'NIS2', exact: true }).first()).toHaveAttribute('href', '/compliance/nis2');
});

test('/compliance-blueprint walks from onboarding to audit-ready in numbered steps', async ({ page }) => {
  await page.goto('/compliance-blueprint');
  const steps = page.getByRole('region', { name: 'The blueprint' }).getByRole('listitem');
  await expect(steps).toHaveCount(8);
  await expect(steps.first().getByRole('heading', { level: 3 })).toHaveText('Step 1: Kick-off and scoping');
  await expect(steps.last().getByRole('heading', { level: 3 })).toHaveText('Step 8: Stay audit-ready');
});

test('/agent lists the agent families and the guardrails around them', async ({ page }) => {
  await page.goto('/agent');
  await expect(page.getByRole('region', { name: 'The agent families' }).getByRole('listitem')).toHaveCount(6);
  const guardrails = page.getByRole('region', { name: 'The guardrails' });
  await expect(guardrails.getByRole('heading', { name: 'A person reviews every output' })).toBeVisible();
  await expect(guardrails.getByRole('heading', { name: 'Agents never certify, attest or approve' })).toBeVisible();
});

test('/data-security and /compliancecore/success are finished pages with a way forward', async ({ page }) => {
  await page.goto('/data-security');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How we protect your data');
  await expect(page.getByRole('region', { name: 'Our security practices' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Overview' }).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );

  await page.goto('/compliancecore/success');
  const engagements = page.getByRole('region', { name: 'Typical engagements' });
  await expect(engagements.getByText(/composites written to show the work, not testimonials/)).toBeVisible();
  await expect(engagements.getByRole('listitem')).toHaveCount(6);
});

test('an unknown framework shows the not-found page', async ({ page }) => {
  const response = await page.goto('/compliance/iso-9999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the landing page describes the organisation to search engines too', async ({ page }) => {
  await page.goto('/');
  const organisation = (await jsonLd(page)).find((block) => block['@type'] === 'Organization');
  expect(organisation).toMatchObject({ name: 'ComplianceCore', slogan: 'Compliance & Analytics On Demand' });
});
