import { test as base, type Page, type Response } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's, with a `page` whose goto and reload return once the app has
 * hydrated (`<html data-hydrated>`, src/web/lib/hydration.ts). Prerendered pages start the app
 * after their first paint, later than the load event Playwright waits for; a journey that pressed
 * keys on a page not yet hydrated would be testing the HTML, not the product.
 */
async function untilHydrated(page: Page, response: Response | null, appOrigin: string) {
  if (!response || new URL(page.url()).origin !== appOrigin) return;
  if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export const test = base.extend({
  page: async ({ page, baseURL }, runTest) => {
    const appOrigin = new URL(baseURL ?? 'http://invalid').origin;
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilHydrated(page, response, appOrigin);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilHydrated(page, response, appOrigin);
      return response;
    };
    await runTest(page);
  },
});
