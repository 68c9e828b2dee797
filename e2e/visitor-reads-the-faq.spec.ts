import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { jsonLd, withEssentialConsent } from './content-fixtures.ts';
import { expectNoSidewaysScroll } from './layout.ts';

test.beforeEach(async ({ page }) => withEssentialConsent(page));

test('the FAQ accordion works by keyboard alone', async ({ page }) => {
  await page.goto('/faq');
  const triggers = page.getByRole('main').getByRole('button');
  expect(await triggers.count()).toBeGreaterThanOrEqual(20);
  const first = page.getByRole('button', { name: 'What does "unlimited tasks" actually mean?' });
  const answer = page.getByText(/^You can raise as many task requests as you need/);
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();

  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Arrow keys move between questions; Space opens the focused one.
  await page.keyboard.press('ArrowDown');
  const second = page.getByRole('button', { name: 'How much does ComplianceCore cost?' });
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/^Essential is \$2,500\/month, Growth \$5,000\/month/)).toBeVisible();

  // Enter again closes the first, leaving the second open.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
});

test('a link to a question opens its answer', async ({ page }) => {
  await page.goto('/faq#do-you-use-our-data-to-train-ai-models');
  const trigger = page.getByRole('button', { name: 'Do you use our data to train AI models?' });
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/^No\. Your documents and evidence are never used to train AI models/)).toBeVisible();
});

test('answers are in the prerendered page and described to search engines as an FAQPage', async ({ page, request }) => {
  const html = await (await request.get('/faq')).text();
  expect(html).toContain('Standard turnaround is five business days on Essential');
  await page.goto('/faq');
  const faq = (await jsonLd(page)).find((block) => block['@type'] === 'FAQPage') as
    { mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] } | undefined;
  expect(faq?.mainEntity.length).toBeGreaterThanOrEqual(20);
  expect(faq?.mainEntity[0]).toEqual({
    '@type': 'Question',
    name: 'What does "unlimited tasks" actually mean?',
    acceptedAnswer: { '@type': 'Answer', text: expect.stringMatching(/^You can raise as many task requests as you need/) },
  });
});

test('the FAQ reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Which frameworks do you support?' }).click();
  await expect(page.getByRole('main').getByRole('link', { name: 'frameworks page' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
