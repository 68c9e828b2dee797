import { type Page, expect } from '@playwright/test';
import { test } from './test.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';

// Several page loads and accessibility scans per journey, on a shared two-core machine.
test.describe.configure({ timeout: 60_000 });

/** Dialog journeys start with the cookie choice made, so the banner is not part of them. */
async function visit(page: Page, path: string, consent: 'all' | 'essential' = 'essential') {
  await page.goto(path);
  await page
    .getByTestId('cookie-banner')
    .getByRole('button', { name: consent === 'all' ? 'Accept All' : 'Essential Only' })
    .click();
}

function dialog(page: Page) {
  return page.getByRole('dialog', { name: 'Search the product' });
}

test('keyboard only: Ctrl+K, type, arrows, Enter opens the result; Escape closes', async ({ page }) => {
  await visit(page, '/about');
  await page.keyboard.press('Control+k');
  const search = dialog(page);
  await expect(search).toBeVisible();
  const input = search.getByPlaceholder('Search anything...');
  await expect(input).toBeFocused();
  await expect(search.getByText('Type to search documentation, features, and support articles')).toBeVisible();
  for (const hint of ['Enter to select', 'Esc to close', 'Ctrl/Cmd+K to search']) await expect(search).toContainText(hint);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await page.keyboard.press('Meta+k');
  await expect(search).toBeVisible();

  // The last query's answer, not an earlier debounced one's, is what the arrows move through: on a busy
  // machine the typing outlasts the debounce, and a late list replacing an early one moves the selection.
  const finalAnswer = page.waitForResponse(
    (response) =>
      response.url().includes('/functions/v1/search-content') && new URL(response.url()).searchParams.get('q') === 'soc 2 readi',
  );
  await page.keyboard.type('soc 2 readi');
  await finalAnswer;
  const results = search.getByTestId('search-result');
  await expect(results.first()).toContainText('SOC 2 readiness and audit support');
  expect(await results.count()).toBeLessThanOrEqual(8);
  // The match is highlighted with <mark>, from text, never from server HTML.
  await expect(results.first().locator('mark').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  // The list selects its first result once it has rendered; arrows pressed before that start from nothing.
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(results.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(search).toBeHidden();
  await expect(page).toHaveURL(/\/compliance\/soc-2$/);
});

test('one character does nothing, a blank query clears, unknown words say so, the clear button empties', async ({ page }) => {
  await visit(page, '/about');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const search = dialog(page);
  const input = search.getByPlaceholder('Search anything...');
  await expect(input).toBeFocused();

  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/search-content')) requests += 1;
  });
  await input.fill('s');
  await page.waitForTimeout(600); // longer than the 300 ms pause: still no request for one character
  expect(requests).toBe(0);

  await input.fill('zzqxjv');
  await expect(search.getByText('No results found for "zzqxjv"')).toBeVisible();
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  await input.fill('compliance');
  await expect(search.getByTestId('search-result').first()).toBeVisible();
  await input.fill('   ');
  await expect(search.getByTestId('search-result')).toHaveCount(0);
  await expect(search.getByText(/No results found/)).toHaveCount(0);

  await input.fill('audit');
  await expect(search.getByTestId('search-result').first()).toBeVisible();
  await search.getByRole('button', { name: 'Clear search' }).click();
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(search.getByTestId('search-result')).toHaveCount(0);
  await expect(search.getByText('Type to search documentation, features, and support articles')).toBeVisible();
});

test('recent searches and suggestions: newest first, kept across reloads with functional consent', async ({ page }) => {
  await visit(page, '/about', 'all');
  for (const query of ['soc 2', 'privacy']) {
    await page.keyboard.press('Control+k');
    await dialog(page).getByPlaceholder('Search anything...').fill(query);
    await dialog(page).getByTestId('search-result').first().click();
    await expect(dialog(page)).toBeHidden();
  }
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Control+k');
  const search = dialog(page);
  await expect(search.getByText('Recent searches:')).toBeVisible();
  const chips = search.getByRole('list', { name: 'Recent searches:' }).getByRole('button');
  await expect(chips).toHaveText(['privacy', 'soc 2']);
  // Suggestions: history first, then the fixed terms, 5 at most.
  const suggestions = search.getByRole('group', { name: 'Suggestions' }).getByRole('option');
  await expect(suggestions).toHaveText(['privacy', 'soc 2', 'compliance', 'security', 'audit']);
  await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);

  await chips.first().click();
  await expect(search.getByPlaceholder('Search anything...')).toHaveValue('privacy');
  await expect(search.getByTestId('search-result').first()).toBeVisible();
});

test('a failed search logs "Search failed: 500" and shows nothing', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await visit(page, '/about');
  // The server failing is the one thing a journey cannot cause for real.
  await page.route('**/functions/v1/search-content*', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.keyboard.press('Control+k');
  await dialog(page).getByPlaceholder('Search anything...').fill('compliance');
  await expect.poll(() => errors).toContain('Search failed: 500');
  await expect(dialog(page).getByTestId('search-result')).toHaveCount(0);
  await expect(dialog(page).getByText(/No results found|Searching\.\.\./)).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});
