import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { test } from './test.ts';
import { accessToken, signUpClient, subscribe } from './advisor-fixtures.ts';
import { A11Y_SCOPE, expectNoSeriousA11yViolations } from './axe.ts';
import { withStoredConsent } from './landing-fixtures.ts';
import { expectNoSidewaysScroll } from './layout.ts';

/**
 * A client's administrator (client_manager, their organization's integration admin) opens
 * tab=integrations, creates an API key (evidence read-write, task requests read), copies it from the
 * shown-once view, lists task requests and uploads evidence with it as a CI pipeline would, sees
 * "Last used" after a reload, revokes it (401 from then on), then subscribes a small receiver started
 * here to task request changes, sees the signed delivery in the log and redelivers it; then makes the
 * organization's SCIM token, provisions a person with it as an identity provider would, and revokes it.
 */

const TAB = '/dashboard-compliancecore?tab=integrations';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% nightly restore test passed\n%%EOF\n');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The webhook receiver, on loopback: records each POST and answers 204. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

/** The receiver's check, from the documented scheme with node:crypto alone. */
function signatureHolds(secret: string, body: string, header: string): boolean {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${fields.t}.${body}`).digest();
  const given = Buffer.from(fields.v1 ?? '', 'hex');
  return Math.abs(Date.now() / 1000 - Number(fields.t)) < 300 && given.length === expected.length && timingSafeEqual(given, expected);
}

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test('a client manager creates an API key, uses it like curl, revokes it, and watches a signed webhook delivery', async ({
  page,
  context,
  request,
}) => {
  // A sign-up, a checkout and a webhook through the job queue, on a shared two-core machine.
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  const bearer = async () => ({ authorization: `Bearer ${await accessToken(page)}` });
  let key = '';
  let taskId = '';

  await test.step('the client’s administrator has an organization with a programme and a request', async () => {
    await signUpClient(page, 'integrations-client');
    // The buyer of the subscription is their organization's client manager (docs/tenancy.md).
    await subscribe(page);
    const me = (await (await page.request.get('/api/v1/me/access', { headers: await bearer() })).json()) as { roles: string[] };
    expect(me.roles).toContain('client_manager');
    const activation = await page.request.put('/api/v1/frameworks/soc2/activation', {
      headers: await bearer(),
      data: { targetDate: new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10), auditType: 'type2' },
    });
    expect(activation.status()).toBe(200);
    const task = await page.request.post('/api/v1/task-requests', {
      headers: await bearer(),
      data: { title: 'Restore test evidence for SOC 2', department: 'operations' },
    });
    expect(task.status()).toBe(201);
    taskId = ((await task.json()) as { id: string }).id;
  });

  await test.step('creates a key and copies it from the shown-once view', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(TAB);
    await expect(page.getByRole('heading', { level: 2, name: 'Integrations' })).toBeVisible();
    await expect(page.getByText('No API keys yet')).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await page.getByText('How to use an API key').click();
    await expect(page.getByText('-H "X-API-Key: $COMPLIANCECORE_API_KEY"').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/reference/');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByText('Name the key').or(dialog.getByText('At least 2 characters'))).toBeVisible();
    await dialog.getByLabel(/^Name/).fill('CI pipeline');
    await dialog.getByLabel('Evidence').selectOption('read_write');
    await dialog.getByLabel('Task requests').selectOption('read');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(shown.getByText('This is the only time the key is shown')).toBeVisible();
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^cck_[a-z0-9]{8}_/);
    await expect(shown.getByLabel('API key')).toHaveValue(key);
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'CI pipeline' });
    await expect(row.getByText('Task requests: read · Evidence: read and write')).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();
    await expect(row.locator('dd').nth(2)).toHaveText('never');
    // The key itself is never listed again.
    await expect(page.getByText(key)).toHaveCount(0);
  });

  await test.step('uses the key like curl: lists task requests and uploads evidence', async () => {
    const headers = { 'x-api-key': key };
    const list = await request.get('/api/v1/task-requests', { headers });
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { requests: { id: string }[] }).requests.map((item) => item.id)).toContain(taskId);

    const { controls } = (await (await request.get('/api/v1/controls', { headers: await bearer() })).json()) as {
      controls: { id: string }[];
    };
    const upload = await request.post('/api/v1/evidence', {
      headers,
      multipart: {
        fields: JSON.stringify({ title: 'Nightly restore test', controlIds: [controls[0]?.id] }),
        file: { name: 'restore-test.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    expect(((await upload.json()) as { sha256: string }).sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    // A task request it may only read is not its to create.
    expect((await request.post('/api/v1/task-requests', { headers, data: { title: 'By key', department: 'operations' } })).status()).toBe(
      403,
    );

    await page.reload();
    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'CI pipeline' });
    await expect(row.locator('dd').nth(2)).toHaveText(/UTC$/);
  });

  await test.step('revokes the key, and the next request is 401', async () => {
    await page.getByRole('button', { name: 'Revoke CI pipeline' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “CI pipeline”?' });
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(confirm).toBeHidden();
    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'CI pipeline' });
    await expect(row.getByText('Revoked', { exact: true }).first()).toBeVisible();
    await expect(row.getByRole('button', { name: 'Revoke CI pipeline' })).toHaveCount(0);
    expect((await request.get('/api/v1/task-requests', { headers: { 'x-api-key': key } })).status()).toBe(401);
  });

  await test.step('a webhook receives a signed delivery, logged, and Redeliver sends it again', async () => {
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await dialog.getByLabel(/^URL/).fill(receiver.url);
    await dialog.getByLabel('Description').fill('Our receiver');
    await dialog.getByRole('checkbox', { name: 'Task request status changed' }).check();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const added = page.getByRole('dialog', { name: 'Webhook added' });
    const secret = await added.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole('button', { name: 'Done' }).click();

    // The client cancels their request: a task_request.status_changed event.
    expect((await page.request.post(`/api/v1/task-requests/${taskId}/cancel`, { headers: await bearer() })).status()).toBe(200);
    await expect.poll(() => receiver.received.some((entry) => entry.body.includes('"to":"cancelled"')), { timeout: 30_000 }).toBe(true);
    const delivery = receiver.received.find((entry) => entry.body.includes('"to":"cancelled"'));
    expect(signatureHolds(secret, delivery?.body ?? '', String(delivery?.headers['compliancecore-signature']))).toBe(true);
    const deliveryId = String(delivery?.headers['compliancecore-delivery']);

    await page.getByRole('button', { name: 'Open delivery log of Our receiver' }).click();
    // The log shows each delivery's id, the one the receiver got in ComplianceCore-Delivery.
    const item = page.getByRole('list', { name: 'Deliveries to Our receiver' }).getByRole('listitem').filter({ hasText: deliveryId });
    await expect(item.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
    await expect(item.getByText('Task request status changed')).toBeVisible();
    await expect(item.locator('dd').nth(1)).toHaveText('204');
    await expect(item.locator('dd').nth(2)).toHaveText('1');
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);

    const sent = () => receiver.received.filter((entry) => entry.headers['compliancecore-delivery'] === deliveryId).length;
    expect(sent()).toBe(1);
    await item.getByRole('button', { name: /^Redeliver/ }).click();
    await expect(page.getByText('Task request status changed: sent again')).toBeVisible();
    await expect.poll(sent, { timeout: 30_000 }).toBe(2);
    await expect(item.locator('dd').nth(2)).toHaveText('2', { timeout: 15_000 });
  });

  await test.step('creates a SCIM token that the identity provider’s requests are accepted with, then revokes it', async () => {
    const scim = page.getByRole('region', { name: 'User provisioning (SCIM)' });
    await expect(scim.getByText('No SCIM token yet')).toBeVisible();
    const baseUrl = await scim.getByRole('textbox', { name: 'SCIM base URL' }).inputValue();
    expect(baseUrl).toBe(new URL('/scim/v2', page.url()).toString());
    await scim.getByRole('button', { name: 'Create SCIM token' }).click();
    const shown = page.getByRole('dialog', { name: 'Your SCIM token' });
    await expect(shown.getByText('This is the only time the token is shown')).toBeVisible();
    await shown.getByRole('button', { name: 'Copy' }).click();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^ccscim_[a-z0-9]{8}_/);
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.dialog);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    // What Okta or Entra does with it: create a user, then find it.
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
    const created = await request.post(`${baseUrl}/Users`, {
      headers,
      data: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'robin.ops@example.com',
        name: { givenName: 'Robin', familyName: 'Ops' },
        emails: [{ value: 'robin.ops@example.com', primary: true }],
        active: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const found = await request.get(`${baseUrl}/Users?filter=${encodeURIComponent('userName eq "robin.ops@example.com"')}`, { headers });
    expect(((await found.json()) as { totalResults: number }).totalResults).toBe(1);

    await page.reload();
    await expect(scim.getByText('1 person, 0 groups')).toBeVisible();
    await expect(scim.getByText(/UTC$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, A11Y_SCOPE.main);
    await scim.getByRole('button', { name: 'Revoke token' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the SCIM token?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect(scim.getByText('No SCIM token yet')).toBeVisible();
    expect((await request.get(`${baseUrl}/Users`, { headers })).status()).toBe(401);
  });

  await test.step('the screen fits a phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: 'Create API key' })).toBeVisible();
    // Nothing pushes the page wider than the phone (long URLs and ids wrap, code samples scroll in their box).
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('integrations-phone.png'), fullPage: true });
  });

  await new Promise((resolve) => receiver.server.close(resolve));
});
