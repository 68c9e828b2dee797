import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { test } from './test.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { createUserWithRole, PASSWORD, uniqueEmail } from './sign-in-helpers.ts';

/**
 * A prospect opens an organization's trust center, asks for its SOC 2 report under the NDA, is approved
 * at once (their e-mail domain is on the organization's list) and downloads the report with the e-mailed,
 * expiring link, which opens that report only (docs/trust-center.md). The organization's side is set up
 * through the API: the journey is the prospect's.
 */

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n% SOC 2 Type II report\n%%EOF\n');

async function bearer(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const config = (await (await request.get('/api/v1/public-config')).json()) as { anonKey: string };
  const session = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: config.anonKey },
    data: { email, password: PASSWORD },
  });
  expect(session.status()).toBe(200);
  return { authorization: `Bearer ${((await session.json()) as { access_token: string }).access_token}` };
}

/** An organization with a trust center: the SOC 2 report restricted, an overview public, prospect.example approved at once. */
async function publishTrustCenter(request: APIRequestContext, slug: string): Promise<{ soc2: string; pentest: string }> {
  const admin = uniqueEmail('trust-admin');
  await createUserWithRole(admin, 'administrator');
  const headers = await bearer(request, admin);
  const organization = await request.post('/api/v1/admin/organizations', { headers, data: { name: `Acme Health ${slug.slice(-6)}` } });
  expect(organization.status()).toBe(201);
  const organizationId = ((await organization.json()) as { id: string }).id;
  const upload = async (fileName: string, type: string, body: Buffer) => {
    const response = await request.post(
      `/api/v1/trust-center/documents?fileName=${encodeURIComponent(fileName)}&organizationId=${organizationId}`,
      {
        headers: { ...headers, 'content-type': type },
        data: body,
      },
    );
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const soc2 = await upload('SOC 2 Type II report.pdf', 'application/pdf', PDF);
  const pentest = await upload('Pen-test summary.pdf', 'application/pdf', PDF);
  const overview = await upload('Security overview.txt', 'text/plain', Buffer.from('We encrypt data at rest and in transit.\n'));
  const saved = await request.put('/api/v1/trust-center', {
    headers,
    data: {
      organizationId,
      enabled: true,
      slug,
      frameworkIds: [],
      controlDomains: [],
      autoApproveDomains: ['prospect.example'],
      ndaText: 'I will keep what Acme Health shares with me confidential.',
      accessDays: 3,
      documents: [
        { id: soc2, title: 'SOC 2 Type II report', visibility: 'restricted' },
        { id: pentest, title: 'Pen-test summary', visibility: 'restricted' },
        { id: overview, title: 'Security overview', visibility: 'public' },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  return { soc2, pentest };
}

test('a prospect gets an expiring link to the SOC 2 report from the trust center', async ({ page }) => {
  test.setTimeout(60_000); // an organization set up through the API, an axe pass, then the app started on the same page
  const slug = `acme-${randomUUID().slice(0, 8)}`;
  const email = `pat-${randomUUID().slice(0, 6)}@prospect.example`;
  const documents = await publishTrustCenter(page.request, slug);

  // The server sends the page itself (decision 016): its heading and documents are in the HTML, before any script runs.
  const html = await (await page.request.get(`/trust/${slug}`)).text();
  expect(html).toMatch(/<h1[^>]*>Acme Health[^<]*<\/h1>/);
  expect(html).toContain('aria-label="Download Security overview"');
  // Its own small client hydrates it as it is, and later the app too: React reports a mismatch as an error
  // (minified #418/#423/#425).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The page is served by its own client, not the app (decision 016): the app's modules (React Router's
  // entry, the framework chunk, the root route) are fetched only when something outside the page's content is pressed.
  const appModules: string[] = [];
  page.on('request', (request) => {
    if (/^\/assets\/(entry\.client|framework|root)-/.test(new URL(request.url()).pathname)) appModules.push(request.url());
  });

  await page.goto(`/trust/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Acme Health');
  expect(errors).toEqual([]);
  const list = page.getByRole('region', { name: 'Documents' });
  await expect(list.getByRole('link', { name: 'Download Security overview' })).toBeVisible();
  await list.getByRole('button', { name: 'Request access to SOC 2 Type II report' }).click();

  const dialog = page.getByRole('dialog', { name: 'Request access to SOC 2 Type II report' });
  await expect(dialog).toContainText('Access lasts 3 days');
  await dialog.getByLabel('Your name').fill('Pat Prospect');
  await dialog.getByLabel('Work e-mail').fill(email);
  await dialog.getByLabel('Company').fill('Prospect Co');
  await dialog.getByLabel('I accept the non-disclosure agreement').check();
  await dialog.getByRole('button', { name: 'Request access' }).click();
  await expect(dialog.getByRole('status')).toContainText('Access granted: check your inbox');
  await expectNoSeriousA11yViolations(page);
  expect(appModules).toEqual([]);

  let mail: { to: string; text: string; links: string[] } | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = (await (await page.request.get('/dev/mailbox')).json()) as {
          mails: { to: string; text: string; links: string[] }[];
        };
        mail = mails.find((candidate) => candidate.to === email);
        return mail?.links.find((candidate) => candidate.includes('/download?token=')) ?? '';
      },
      { timeout: 15_000 },
    )
    .toContain(`/documents/${documents.soc2}/download`);
  const link = mail?.links.find((candidate) => candidate.includes('/download?token=')) ?? '';
  // The grant expires with the access duration the organization chose (3 days).
  const until = /until (\d{4}-\d{2}-\d{2}) /.exec(mail?.text ?? '')?.[1] ?? '';
  const days = (Date.parse(until) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(2);
  expect(days).toBeLessThanOrEqual(3);

  const report = await page.request.get(link);
  expect(report.status()).toBe(200);
  expect(report.headers()['content-disposition']).toContain('SOC 2 Type II report.pdf');
  expect(
    Buffer.from(await report.body())
      .subarray(0, 8)
      .toString(),
  ).toBe('%PDF-1.7');
  // The link opens that report only: with another document's address it is refused.
  const other = await page.request.get(link.replace(documents.soc2, documents.pentest));
  expect(other.status()).toBe(403);

  // The rest of the page is the site's: the header's menu starts the app, which takes the page over (the
  // content as the server sent it) and opens the menu that was pressed.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Capabilities' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(appModules.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Acme Health');
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Request access to Pen-test summary' }).click();
  await expect(page.getByRole('dialog', { name: 'Request access to Pen-test summary' })).toBeVisible();
  expect(errors).toEqual([]);
});
