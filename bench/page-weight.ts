/**
 * `npm run bench`: the JavaScript each prerendered public page makes a visitor download, in
 * transferred bytes (brotli, as the app serves them) and script requests, measured in Chromium:
 *  - after the page settles without interaction (hydrated, then no request for a while);
 *  - after an interaction: the pointer rests on the header's search button, the button takes
 *    focus, then it is pressed (the search dialog opens) and the page settles again.
 * Beside them, the bare framework measured the same way: a one-route React Router app
 * (bench/baseline) built like ours (prerendered, bootstrap rewritten, precompressed) and served
 * by our own server.
 *
 *   node bench/page-weight.ts                  every prerendered public page
 *   node bench/page-weight.ts / /auth          some pages
 *
 * Uses the system Chromium (CHROME_PATH, default /usr/bin/chromium); never downloads one.
 * Run `npm run build` first (BUILD_DIR selects another build folder).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { openPglite } from '../src/server/db/client.ts';
import { webBuildDirFromEnv } from '../src/server/env.ts';
import { prerenderedPaths } from '../src/shared/routes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASELINE_BUILD = path.join(ROOT, '.builds/baseline');
const QUIET_MS = 1500;
// eslint-disable-next-line n/no-process-env -- bench tooling: which Chromium to drive
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Weight {
  bytes: number;
  requests: number;
}

/** Builds bench/baseline exactly as `npm run build` builds the product. */
function buildBaseline() {
  // eslint-disable-next-line n/no-process-env -- the build scripts read BUILD_DIR from the environment
  const env = { ...process.env, BUILD_DIR: BASELINE_BUILD };
  const run = (args: string[], cwd = ROOT) => execFileSync(process.execPath, args, { cwd, env, stdio: 'ignore' });
  fs.rmSync(BASELINE_BUILD, { recursive: true, force: true });
  run([path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'], path.join(ROOT, 'bench/baseline'));
  run(['scripts/rewrite-bootstraps.ts']);
  run(['scripts/precompress.ts']);
}

async function serve(webDir: string) {
  const database = await openPglite();
  await database.migrate();
  const app = await buildApp({ database, webDir });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    origin,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Counts the page's script responses (their encoded body, as transferred) and waits for quiet. */
function trackScripts(page: Page) {
  const weight: Weight = { bytes: 0, requests: 0 };
  let inFlight = 0;
  let lastActivity = Date.now();
  const pending: Promise<void>[] = [];
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfailed', done);
  page.on('requestfinished', (request) => {
    done();
    if (!/\.m?js(\?|$)/.test(new URL(request.url()).pathname)) return;
    pending.push(
      request.sizes().then((sizes) => {
        weight.bytes += sizes.responseBodySize;
        weight.requests += 1;
      }),
    );
  });
  return {
    async settle(): Promise<Weight> {
      while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
      await Promise.all(pending);
      return { ...weight };
    },
  };
}

async function measure(browser: Browser, url: string, interact: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const tracker = trackScripts(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 }).catch(() => undefined);
  const settled = await tracker.settle();
  await interact(page);
  const interacted = await tracker.settle();
  await context.close();
  return { settled, interacted };
}

async function openSearch(page: Page) {
  const button = page.getByRole('button', { name: 'Search', exact: true }).first();
  if ((await button.count()) === 0) return;
  await button.hover();
  await button.focus();
  await page.waitForTimeout(300);
  await button.click();
  await page.getByRole('dialog').first().waitFor({ timeout: 10_000 });
}

async function pressButton(page: Page) {
  const button = page.getByRole('button').first();
  await button.hover();
  await button.click();
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const row = (result: { settled: Weight; interacted: Weight }) => ({
  'JS KB (settled)': kb(result.settled.bytes),
  'scripts (settled)': result.settled.requests,
  'JS KB (after search opened)': kb(result.interacted.bytes),
  'scripts (after)': result.interacted.requests,
});

const requested = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const pages = requested.length > 0 ? requested : [...new Set(prerenderedPaths())];

buildBaseline();
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const results: Record<string, ReturnType<typeof row>> = {};
let largest = 0;

const baseline = await serve(path.join(BASELINE_BUILD, 'client'));
results['(bare React Router baseline)'] = row(await measure(browser, `${baseline.origin}/`, pressButton));
await baseline.close();

const product = await serve(webBuildDirFromEnv());
for (const page of pages) {
  const result = await measure(browser, `${product.origin}${page}`, openSearch);
  largest = Math.max(largest, result.settled.bytes);
  results[page] = row(result);
}
await product.close();
await browser.close();

console.log('\nJavaScript per prerendered public page (transferred, brotli; Chromium, fresh cache)');
console.table(results);
console.log(`largest page after settling: ${kb(largest)} KB (goal ≤ 150 KB)`);
