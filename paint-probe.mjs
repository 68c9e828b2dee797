import { chromium } from '@playwright/test';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--use-gl=disabled', '--disable-gpu-compositing'] });
for (const js of [false, true]) {
  const ctx = await browser.newContext({ javaScriptEnabled: js });
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((e) => `${e.name}=${Math.round(e.startTime)}`).join(' '));
  const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0]; return `dcl=${Math.round(n.domContentLoadedEventEnd)} load=${Math.round(n.loadEventEnd)}`; });
  console.log(js ? 'js  ' : 'nojs', paints, nav);
  await ctx.close();
}
await browser.close();
