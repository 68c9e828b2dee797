import { type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';

// Several page loads and accessibility scans per journey, on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

async function storedConsent(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('cookie-consent');
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  });
}

/** Hydrated and idle: a banner that were going to appear would be on screen by now. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

function banner(page: Page) {
  return page.getByTestId('cookie-banner');
}

test('a first visit shows the banner with the policy links; Accept All survives a reload', async ({ page }) => {
  await page.goto('/about');
  const simple = page.getByRole('region', { name: 'We value your privacy' });
  await expect(simple).toBeVisible();
  await expect(simple.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  await expect(simple.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.cookieBanner);

  await simple.getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ essential: true, functional: true, analytics: true, marketing: true });
  expect(Number.isNaN(Date.parse(String((await storedConsent(page))?.timestamp)))).toBe(false);

  await page.reload();
  await settled(page);
  await expect(banner(page)).toBeHidden();
  await page.goto('/pricing');
  await settled(page);
  await expect(banner(page)).toBeHidden();
});

test('Essential Only, by keyboard alone, stores only essential and survives a reload', async ({ page }) => {
  await page.goto('/about');
  const essentialOnly = banner(page).getByRole('button', { name: 'Essential Only' });
  await expect(essentialOnly).toBeVisible();
  await essentialOnly.focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ essential: true, functional: false, analytics: false, marketing: false });
  await page.reload();
  await settled(page);
  await expect(banner(page)).toBeHidden();
});

test('the close X means essential only', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Close and allow essential cookies only' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ functional: false, analytics: false, marketing: false });
});

test('Customize saves the chosen set on a phone, and it survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await banner(page).getByRole('button', { name: 'Customize' }).click();
  const customize = page.getByRole('region', { name: 'Cookie preferences' });
  await expect(customize.getByText('Always Active')).toBeVisible();
  await expect(customize.getByRole('switch')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Cookie preferences' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.cookieBanner);

  await customize.getByRole('switch', { name: 'Functional' }).click();
  await customize.getByRole('switch', { name: 'Marketing' }).click();
  await customize.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ essential: true, functional: true, analytics: false, marketing: true });

  await page.reload();
  await settled(page);
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ functional: true, analytics: false, marketing: true });
});

test("'Cookie settings' in the footer reopens Customize with the stored choice, changeable by keyboard", async ({ page }) => {
  await page.addInitScript(() => {
    if (window.localStorage.getItem('cookie-consent')) return;
    window.localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ essential: true, functional: true, analytics: false, marketing: true, timestamp: '2026-01-05T09:00:00.000Z' }),
    );
  });
  await page.goto('/about');
  await settled(page);
  await expect(banner(page)).toBeHidden();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  const reopened = page.getByRole('region', { name: 'Cookie preferences' });
  await expect(page.getByRole('heading', { name: 'Cookie preferences' })).toBeFocused();
  await expect(reopened.getByRole('switch', { name: 'Functional' })).toHaveAttribute('aria-checked', 'true');
  await expect(reopened.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'false');
  await expect(reopened.getByRole('switch', { name: 'Marketing' })).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.cookieBanner);

  // Change of mind, keyboard only: analytics on, marketing off.
  await reopened.getByRole('switch', { name: 'Analytics' }).press('Space');
  await reopened.getByRole('switch', { name: 'Marketing' }).press('Space');
  await reopened.getByRole('button', { name: 'Save Preferences' }).press('Enter');
  await expect(banner(page)).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ functional: true, analytics: true, marketing: false });
  await page.reload();
  await settled(page);
  expect(await storedConsent(page)).toMatchObject({ functional: true, analytics: true, marketing: false });
});
