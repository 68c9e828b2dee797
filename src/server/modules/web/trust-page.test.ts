import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { trustCenterSettingsSchema, trustDocumentSchema } from '../../../shared/schemas/trust-center.ts';
import { TRUST_ACCESS_DOCUMENT_ATTRIBUTE, TRUST_DATA_ID, type TrustPageData } from '../../../shared/trust-center-page.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { parseEnv } from '../../env.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { seedTestControls } from '../evidence/programme-test-fixture.ts';
import { FALLBACK_FILE } from './page-store.ts';

/**
 * `/trust/<slug>` rendered by the server (trust-page.ts, decision 016): the HTML holds the organization's
 * page and data before any script runs, unknown and switched-off slugs are a 404 page, and nothing an
 * organization types can inject markup. The shell is a small stand-in for the prerendered one; the slot's
 * renderer is the real component (render-trust-slot.tsx), reached through the file the build writes.
 */
const bootScript = 'window.__boot = 1;';
const SHELL =
  '<!DOCTYPE html><html><head><title>Trust center · _shell · ComplianceCore</title>' +
  `<script>${bootScript}</script></head><body><header>Site header</header><main><section>` +
  '<div id="trust-center-slot"></div></section></main><footer>Site footer</footer></body></html>';
// An organization and a document whose names try to close the data script and open markup.
const HOSTILE_NAME = `Evil </script><script>window.__owned = 1</script><img src=x onerror="alert(1)"> & Co`;
const HOSTILE_TITLE = '<img src=x onerror=alert(2)> Pen-test summary';

let buildDir: string;
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const slug = `safe-${randomUUID().slice(0, 8)}`;
const system = { kind: 'all', userId: null } as const;
/** The settings the organization published (switched off again by the last test). */
let published: Record<string, unknown> = {};

beforeAll(async () => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-trust-page-'));
  const webDir = path.join(buildDir, 'client');
  fs.mkdirSync(path.join(webDir, 'trust', '_shell'), { recursive: true });
  fs.mkdirSync(path.join(buildDir, 'trust-page'));
  fs.writeFileSync(path.join(webDir, 'trust', '_shell', 'index.html'), SHELL);
  fs.writeFileSync(path.join(webDir, FALLBACK_FILE), '<!DOCTYPE html><html><body><p>Loading</p></body></html>');
  const renderer = path.resolve(import.meta.dirname, '../../../web/features/trust-center/render-trust-slot.tsx');
  fs.writeFileSync(
    path.join(buildDir, 'trust-page', 'render-trust-slot.js'),
    // The marker says when the server loaded the renderer (at the first trust page, not at start).
    `export { renderTrustSlot } from ${JSON.stringify(renderer)};\nglobalThis.trustRendererLoads = (globalThis.trustRendererLoads ?? 0) + 1;\n`,
  );

  database = await createTestDatabase();
  app = await buildApp({ database, webDir, env: parseEnv({ NODE_ENV: 'test' }) });
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  const organizationId = fixture.orgs.a.id;
  await withTenant(database.db, system, (tx) =>
    tx.update(organizations).set({ name: HOSTILE_NAME }).where(eq(organizations.id, organizationId)),
  );
  const headers = { authorization: `Bearer ${fixture.tokens.staffOfA}` };
  const activated = await app.inject({
    method: 'PUT',
    url: '/api/v1/frameworks/soc2/activation',
    headers,
    payload: { organizationId, auditType: 'type2' },
  });
  expect(activated.statusCode, activated.body).toBeLessThan(300);
  const upload = (fileName: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/trust-center/documents?fileName=${encodeURIComponent(fileName)}&organizationId=${organizationId}`,
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'We encrypt everything.\n',
    });
  const overview = readJson(await upload('overview.txt'), trustDocumentSchema);
  const pentest = readJson(await upload('pentest.txt'), trustDocumentSchema);
  const draft = readJson(
    await app.inject({ method: 'GET', url: `/api/v1/trust-center?organizationId=${organizationId}`, headers }),
    trustCenterSettingsSchema,
  );
  expect(draft.available.frameworks.map((framework) => framework.id)).toContain('soc2');
  published = {
    organizationId,
    enabled: true,
    slug,
    frameworkIds: ['soc2'],
    controlDomains: [],
    autoApproveDomains: [],
    ndaText: 'Keep it confidential.',
    accessDays: 7,
    documents: [
      { id: overview.id, title: 'Security overview', visibility: 'public' },
      { id: pentest.id, title: HOSTILE_TITLE, visibility: 'restricted' },
    ],
  };
  const saved = await app.inject({ method: 'PUT', url: '/api/v1/trust-center', headers, payload: published });
  expect(saved.statusCode, saved.body).toBe(200);
}, 300_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
});

/** The data the page embeds for the app's first render. */
function embedded(html: string): TrustPageData {
  const match = new RegExp(`<script type="application/json" id="${TRUST_DATA_ID}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no embedded data');
  return JSON.parse(match[1]) as TrustPageData;
}

const rendererLoads = () => (globalThis as { trustRendererLoads?: number }).trustRendererLoads ?? 0;

describe('the server-rendered trust page', () => {
  it('loads the renderer (React on the server) at the first trust page served, not when the server starts, and once', async () => {
    expect(rendererLoads()).toBe(0);
    const pages = await Promise.all([1, 2].map(() => app.inject({ method: 'GET', url: `/trust/${slug}` })));
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200]);
    expect(rendererLoads()).toBe(1);
  });

  it("holds the organization's name, frameworks and documents in the HTML, inside the site's shell", async () => {
    const response = await app.inject({ method: 'GET', url: `/trust/${slug}`, headers: { 'user-agent': 'page-test' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('Site header');
    expect(html).toContain('<h2 id="trust-frameworks"');
    expect(html).toMatch(/SOC 2[^<]*<\/span>/);
    expect(html).toContain('Security overview');
    expect(html).toContain(`href="/api/v1/trust-centers/${slug}/documents/`);
    expect(html).toContain('Request access');
    expect(html).toContain('<title>Trust center · Evil &lt;/script&gt;&lt;script&gt;');
    expect(html).not.toContain('_shell');
    const data = embedded(html);
    expect(data.slug).toBe(slug);
    expect(data.center?.organizationName).toBe(HOSTILE_NAME);
    expect(data.center?.documents.map((document) => document.title)).toEqual(['Security overview', HOSTILE_TITLE]);
    // The restricted document's button names its document, which is how the page's own client (no app, no
    // hydration: trust-page-island.ts) finds what to ask for; the public one is a plain link.
    const restricted = data.center?.documents.find((document) => document.visibility === 'restricted');
    expect(html).toMatch(new RegExp(`<button[^>]*${TRUST_ACCESS_DOCUMENT_ATTRIBUTE}="${restricted?.id}"`));
    expect(html.split(`${TRUST_ACCESS_DOCUMENT_ATTRIBUTE}=`)).toHaveLength(2);
    // The shell's own inline script keeps its hash in the page's CSP; the data block needs none but is inert.
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .find((part) => part.trim().startsWith('script-src'));
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('escapes what the organization wrote: no markup of theirs reaches the page', async () => {
    const html = (await app.inject({ method: 'GET', url: `/trust/${slug}` })).body;
    // Only the shell's script and the data block: the name did not close the data block or open a script.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toContain('window.__owned = 1</script>');
    expect(html).not.toMatch(/<img\b/);
    expect(html).toContain(
      'Evil &lt;/script&gt;&lt;script&gt;window.__owned = 1&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co',
    );
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt; Pen-test summary');
  });

  it('records one view on the trail per visitor and hour, as the API does', async () => {
    const views = async () =>
      (
        await withTenant(database.db, system, (tx) =>
          tx.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, fixture.orgs.a.id)),
        )
      ).filter((event) => event.action === 'trust_center.view').length;
    const before = await views();
    await app.inject({ method: 'GET', url: `/trust/${slug}`, headers: { 'user-agent': 'another-visitor' } });
    await app.inject({ method: 'GET', url: `/trust/${slug}`, headers: { 'user-agent': 'another-visitor' } });
    expect(await views()).toBe(before + 1);
  });

  it('answers an unknown or switched-off slug with a 404 page, not the shell or a crash', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/trust/no-such-organization' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('No trust center here');
    expect(unknown.body).toContain('<title>No trust center here · ComplianceCore</title>');
    expect(embedded(unknown.body)).toEqual({ slug: 'no-such-organization', center: null });

    const off = await app.inject({
      method: 'PUT',
      url: '/api/v1/trust-center',
      headers: { authorization: `Bearer ${fixture.tokens.staffOfA}` },
      payload: { ...published, enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const switchedOff = await app.inject({ method: 'GET', url: `/trust/${slug}` });
    expect(switchedOff.statusCode).toBe(404);
    expect(switchedOff.body).toContain('No trust center here');
    expect(switchedOff.body).not.toContain('Evil');
  });

  it('never serves the shell itself as a page', async () => {
    const shell = await app.inject({ method: 'GET', url: '/trust/_shell' });
    expect(shell.statusCode).toBe(404);
    expect(shell.body).not.toContain('trust-center-slot');
  });
});
