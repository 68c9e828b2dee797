import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/* eslint-disable n/no-process-env -- the test runner's own configuration */
const port = Number(process.env.E2E_PORT ?? 4173);
// Debian's headless shell (package chromium-headless-shell, what Playwright itself runs headless)
// when it is there: the same Blink and V8 as the full browser without its UI layers, at half the
// CPU per page load (20 loads of public pages: ~16 CPU-s against ~34; decision 013). Else Chromium.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
const isCi = Boolean(process.env.CI);
const buildDir = process.env.BUILD_DIR;
// Journeys run on a fresh embedded database of their own. CI exports DATABASE_URL for the unit
// projects; inherited, it put every journey server (and the admin journey's own) on the shared,
// persistent `test` database, where earlier runs' users and permission changes broke them.
delete process.env.DATABASE_URL;
// Chosen once by the runner; its workers inherit it (they load this file again, with their own pid).
// The admin journey creates its administrator with `npm run user:create` against this server's data.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `cc-e2e-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;
// The journey server's origin, for the journeys that check what `user:create` printed about it.
process.env.E2E_ORIGIN = `http://127.0.0.1:${port}`;
/* eslint-enable n/no-process-env */

/**
 * Journeys run against the built app, served exactly as `npm start` serves it, on a fresh
 * embedded database; system Chromium only, never a downloaded browser.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two workers overlap one journey's waits (debounces, timers, polling) with the other's work on a
  // two-core machine; a journey that fails only because the machine was busy gets one more try.
  workers: 2,
  retries: 1,
  reporter: isCi ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_ORIGIN, // eslint-disable-line n/no-process-env -- set above, once
    // A trace is recorded on a failed journey's retry, not on every first try: recording one (DOM
    // snapshots and screencast frames at every step) took about a third of the journeys' CPU
    // (18 journeys: 2.8–2.9 min traced, 1.9–2.4 min not; decision 013).
    trace: 'on-first-retry',
    // Journeys test behaviour, not motion: with the visitor's reduced-motion preference the app's
    // animations and transitions end at once (app.css), which took ~17 % of the visitor journeys' CPU
    // (decision 013). The journeys about motion (landing preview rotation, presentation mode) ask
    // for no preference themselves.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // No GPU here: without GL and GPU compositing Chromium skips SwiftShader and spends less CPU per frame.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        '--use-gl=disabled',
        '--disable-gpu-compositing',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node src/server/main.js',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The API-key journey's webhook receiver listens on loopback (docs/integrations.md, "Webhook targets").
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
      // Every journey's browser calls from 127.0.0.1, so the per-address limits on /auth/v1 count the
      // whole suite's sign-ups, links and sign-ins as one visitor's: 30 sign-ups or verifications in five
      // minutes were reached once the suite ran in five minutes (stop 46's CI: the last sign-ups got 429).
      // The limits themselves are tested in email-flows.test.ts and sessions.test.ts.
      AUTH_RATE_LIMIT_OTP: '1000',
      AUTH_RATE_LIMIT_VERIFY: '1000',
      AUTH_RATE_LIMIT_TOKEN: '3000',
      ...(buildDir ? { BUILD_DIR: buildDir } : {}),
    },
  },
});
