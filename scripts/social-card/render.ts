/**
 * Renders scripts/social-card/card.html to public/social-card.jpg (1200×630, the size Open Graph
 * and X/Twitter large cards use) with the system Chromium. Run by hand after editing the card:
 *   node scripts/social-card/render.ts
 * The image is committed: building the site never needs a browser.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';

const here = import.meta.dirname;
// eslint-disable-next-line n/no-process-env -- which Chromium to drive, as in the journeys
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.goto(`file://${path.join(here, 'card.html')}`);
  await page.screenshot({ path: path.join(here, '../../public/social-card.jpg'), type: 'jpeg', quality: 88 });
} finally {
  await browser.close();
}
console.log('wrote public/social-card.jpg');
