import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/**
 * Fails on any serious or critical accessibility violation on the page as it is now, or only in
 * the part `within` selects (a dialog, a banner, a widget) when that part is what the step
 * changed and the page around it is scanned by its own journey (visitor-opens-every-page).
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: string): Promise<void> {
  // One `axe.run` in the page. The default (`runPartial` in each frame, then `finishRun` in a new
  // blank page the builder opens, injects axe into again and closes) exists for cross-origin frames;
  // the app has no frames at all, and the extra page cost 2–3× the scan's time (5 scans of the
  // landing page: 9.3–10.5 s each by default, 3.3–4.9 s so; decision 013). The rules are the same.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  if (within) builder.include(within);
  const results = await builder.analyze();
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
