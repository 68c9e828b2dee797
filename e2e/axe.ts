import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

declare global {
  interface Window {
    axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Fails on any serious or critical accessibility violation on the page as it is now, or only in
 * the part `within` selects (a dialog, a banner, a widget) when that part is what the step
 * changed and the page around it is scanned by its own journey (visitor-opens-every-page).
 *
 * One `axe.run` in the page, with axe-core's whole default rule set. axe is put into a document
 * once and kept there: the app navigates client-side, so a journey's later scans of the same
 * document reuse it instead of parsing and compiling 550 kB of script each time (~0.5 s a scan on
 * CI's cores; decision 013). A full page load starts a new document, which gets axe again.
 * (`@axe-core/playwright` injected it on every scan and, by default, opened a blank page per scan
 * to combine frame results — for cross-origin frames the app does not have.)
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: string): Promise<void> {
  // The source is evaluated as a script in the page, as @axe-core/playwright does; a <script> tag
  // would be refused by the app's Content-Security-Policy.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    async ({ selector }) => {
      if (!window.axe) throw new Error('axe-core did not load into the page');
      return window.axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    },
    { selector: within },
  );
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** Selectors for `within`. */
export const A11Y_SCOPE = {
  dialog: '[role="dialog"]',
  cookieBanner: '[data-testid="cookie-banner"]',
  advisor: '[data-testid="advisor-widget"]',
  main: 'main',
} as const;
