import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { PASSWORD, signInWithPassword, signOut, signUpAndConfirm, uniqueEmail } from './sign-in-helpers.ts';

/**
 * An administrator can only be made outside the browser (`npm run user:create`), and the shared
 * journey server's embedded database is open in that server's process. So this journey runs its
 * own server on a database of its own, with an administrator created before it starts.
 */
test.describe.configure({ mode: 'serial' });

const adminEmail = uniqueEmail('admin');
let server: ChildProcess | undefined;
let origin = '';
let dataDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-admin-'));
  // eslint-disable-next-line n/no-process-env -- the journey's own server gets the runner's environment
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  await promisify(execFile)(process.execPath, ['scripts/user-create.ts', '--email', adminEmail, '--password', PASSWORD, '--role', 'administrator'], { env });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['src/server/main.ts'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  await expect
    .poll(async () => fetch(`${origin}/health`).then((response) => response.status, () => 0), { timeout: 90_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a client is turned away from /admin and the administrator sees it in the security events', async ({ page }) => {
  test.setTimeout(60_000);
  const clientEmail = uniqueEmail('client');
  await signUpAndConfirm(page, clientEmail, origin);
  await page.goto(`${origin}/admin`);
  await expect(page).toHaveURL(`${origin}/dashboard-compliancecore`);
  await signOut(page);

  await signInWithPassword(page, adminEmail, origin);
  await expect(page).toHaveURL(`${origin}/dashboard-compliancecore`);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administration');

  const users = page.getByRole('list', { name: 'Users' });
  await page.getByLabel('Search by email').fill(clientEmail);
  await expect(users.getByText(clientEmail)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Security events' }).click();
  const events = page.getByRole('list', { name: 'Security events' });
  await expect(events.getByText(clientEmail).first()).toBeVisible();
  await expect(events.getByText('Access denied').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the administrator makes a user an auditor, who may then open the auditor portal', async ({ page }) => {
  test.setTimeout(120_000); // two accounts, two axe passes over a 216-checkbox matrix
  const auditorEmail = uniqueEmail('auditor');
  await signUpAndConfirm(page, auditorEmail, origin);
  await signOut(page);

  await signInWithPassword(page, adminEmail, origin);
  await expect(page).toHaveURL(`${origin}/dashboard-compliancecore`);
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Search by email').fill(auditorEmail);
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await users.getByRole('button', { name: `Edit access of ${auditorEmail}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit access' });
  await dialog.getByLabel('Staff (our team)').check();
  await dialog.getByRole('checkbox', { name: 'Client', exact: true }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Auditor', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Approver' }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save Access' }).click();
  await expect(dialog).toBeHidden();
  await expect(users.getByText('Auditor', { exact: true })).toBeVisible();
  await expect(users.getByText('Approver', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Role permissions' }).click();
  const matrix = page.getByRole('region', { name: 'Role permission matrix' });
  await expect(matrix.getByRole('checkbox', { name: 'Auditor: audit:read' })).toBeChecked();
  await matrix.getByRole('checkbox', { name: 'Auditor: security:read' }).check();
  await expect(page.getByText('Unsaved changes for Auditor.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('No unsaved changes.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Role permission matrix' }).getByRole('checkbox', { name: 'Auditor: security:read' })).toBeChecked();

  await signOut(page);
  await signInWithPassword(page, auditorEmail, origin);
  await expect(page).toHaveURL(`${origin}/dashboard-compliancecore`);
  await page.goto(`${origin}/auditor-portal`);
  await expect(page).toHaveURL(`${origin}/auditor-portal`);
  await page.goto(`${origin}/admin`);
  await expect(page).toHaveURL(`${origin}/dashboard-compliancecore`);
});
