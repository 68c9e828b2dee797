import { expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';

// This journey is about motion: it runs without the reduced-motion preference the others use.
test.use({ reducedMotion: 'no-preference' });

// Several page loads and accessibility scans per journey, on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

test('Alt+P pauses animations, hides the cookie banner, and is remembered across reloads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  const html = page.locator('html');

  await page.keyboard.press('Alt+KeyP');
  await expect(page.getByTestId('toast').filter({ hasText: 'Presentation Mode enabled (animations paused)' })).toBeVisible();
  await expect(html).toHaveClass(/(^|\s)presentation-mode(\s|$)/);
  await expect(page.getByTestId('cookie-banner')).toBeHidden();
  // CSS animations really stop: anything animated reports a paused play state.
  const playState = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.animation = 'probe-spin 1s infinite';
    document.body.append(probe);
    const state = getComputedStyle(probe).animationPlayState;
    probe.remove();
    return state;
  });
  expect(playState).toBe('paused');
  expect(await page.evaluate(() => window.localStorage.getItem('presentation-mode'))).toBe('true');
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveClass(/(^|\s)presentation-mode(\s|$)/);
  await expect(page.getByTestId('cookie-banner')).toBeHidden();

  await page.keyboard.press('Alt+KeyP');
  await expect(page.getByTestId('toast').filter({ hasText: 'Presentation Mode disabled' })).toBeVisible();
  await expect(html).not.toHaveClass(/(^|\s)presentation-mode(\s|$)/);
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('presentation-mode'))).toBe('false');
});
