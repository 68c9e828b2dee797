import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, tenantErrorOf, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { createdApiKeySchema } from '../../../shared/schemas/integrations.ts';
import {
  publicTrustCenterSchema,
  trustAccessReceiptSchema,
  trustAccessRequestListSchema,
  trustAccessRequestSchema,
  trustCenterSettingsSchema,
  trustDocumentSchema,
  type TrustCenterSettings,
} from '../../../shared/schemas/trust-center.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { trustAccessRequests } from '../../db/schema/trust-center.ts';
import { parseEnv } from '../../env.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { addProgrammeControls, seedTestControls } from '../evidence/programme-test-fixture.ts';

/**
 * The trust center through the real routes (docs/trust-center.md): settings and their reach, the public
 * page, public and restricted downloads, access requests decided by the organization or approved for a
 * listed domain, grants that expire and serve one document only, and the trail of all of it.
 */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
const system = { kind: 'all', userId: null } as const;
const slug = `acme-${randomUUID().slice(0, 8)}`;
let soc2Id = '';
let pentestId = '';
let overviewId = '';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n% SOC 2 Type II report of Acme Health\n%%EOF\n');
const auth = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const orgA = () => fixture.orgs.a.id;

function settingsOf(actor: TenantActor, organizationId = orgA()) {
  return app.inject({ method: 'GET', url: `/api/v1/trust-center?organizationId=${organizationId}`, headers: auth(actor) });
}

function save(actor: TenantActor, body: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: '/api/v1/trust-center', headers: auth(actor), payload: body });
}

function upload(actor: TenantActor, fileName: string, bytes: Buffer, type: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/trust-center/documents?fileName=${encodeURIComponent(fileName)}&organizationId=${orgA()}`,
    headers: { ...auth(actor), 'content-type': type },
    payload: bytes,
  });
}

const baseSettings = (documents: TrustCenterSettings['documents'], overrides: Record<string, unknown> = {}) => ({
  organizationId: orgA(),
  enabled: true,
  slug,
  frameworkIds: ['soc2'],
  controlDomains: [],
  autoApproveDomains: ['prospect.example'],
  ndaText: 'Keep it confidential.',
  accessDays: 7,
  documents: documents.map(({ id, title }) => ({
    id,
    title,
    visibility: id === overviewId ? 'public' : 'restricted',
  })),
  ...overrides,
});

const requestAccess = (documentId: string, email: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/trust-centers/${slug}/access-requests`,
    headers: { 'user-agent': 'prospect-browser' },
    payload: { documentId, name: 'Pat Prospect', email, company: 'Prospect Co', ndaAccepted: true, ...extra },
  });

const download = (documentId: string, token?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/trust-centers/${slug}/documents/${documentId}/download${token ? `?token=${token}` : ''}`,
  });

/** The token in the latest grant e-mail to `email`. */
async function grantToken(email: string): Promise<{ token: string; documentId: string }> {
  const [mail] = await withTenant(database.db, system, (tx) =>
    tx
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.toAddress, email), eq(outboundEmails.kind, 'trust.access-granted')))
      .orderBy(desc(outboundEmails.createdAt))
      .limit(1),
  );
  const match = /\/documents\/([0-9a-f-]{36})\/download\?token=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`No grant e-mail to ${email}`);
  return { documentId: match[1], token: match[2] };
}

const trail = (entityId: string) =>
  withTenant(database.db, system, (tx) =>
    tx
      .select({ action: auditEvents.action, actorId: auditEvents.actorId, organizationId: auditEvents.organizationId })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, entityId))
      .orderBy(auditEvents.seq),
  );

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-trust-'));
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }) });
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  const activated = await app.inject({
    method: 'PUT',
    url: '/api/v1/frameworks/soc2/activation',
    headers: auth('staffOfA'),
    payload: { organizationId: orgA(), auditType: 'type2' },
  });
  expect(activated.statusCode, activated.body).toBeLessThan(300);
  await addProgrammeControls(database.db, orgA(), ['GOV-01']);
  await withTenant(database.db, system, (tx) =>
    tx
      .update(organizationControls)
      .set({ status: 'implemented' })
      .where(and(eq(organizationControls.organizationId, orgA()), eq(organizationControls.controlId, 'GOV-01'))),
  );

  soc2Id = readJson(await upload('staffOfA', 'SOC 2 Type II report.pdf', PDF, 'application/pdf'), trustDocumentSchema).id;
  pentestId = readJson(await upload('staffOfA', 'Pen-test summary.pdf', PDF, 'application/pdf'), trustDocumentSchema).id;
  overviewId = readJson(
    await upload('staffOfA', 'Security overview.txt', Buffer.from('We encrypt everything.\n'), 'text/plain'),
    trustDocumentSchema,
  ).id;
  const draft = readJson(await settingsOf('staffOfA'), trustCenterSettingsSchema);
  const saved = await save('staffOfA', baseSettings(draft.documents));
  expect(saved.statusCode, saved.body).toBe(200);
}, 300_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('trust-center settings', () => {
  it('keeps what was saved, documents restricted until made public', async () => {
    const settings = readJson(await settingsOf('staffOfA'), trustCenterSettingsSchema);
    expect(settings).toMatchObject({
      enabled: true,
      slug,
      frameworkIds: ['soc2'],
      autoApproveDomains: ['prospect.example'],
      accessDays: 7,
    });
    expect(settings.documents.map((document) => [document.title, document.visibility])).toEqual([
      ['SOC 2 Type II report', 'restricted'],
      ['Pen-test summary', 'restricted'],
      ['Security overview', 'public'],
    ]);
    expect(settings.available.frameworks.map((framework) => framework.id)).toContain('soc2');
  });

  it('reaches only the organizations the caller serves, and only a client manager or staff', async () => {
    const results = await Promise.all(
      (['clientOfA', 'clientOfB', 'staffOfA', 'staffUnassigned', 'administrator'] as const).map(async (actor) => {
        const response = await settingsOf(actor);
        return [
          actor,
          response.statusCode,
          tenantErrorOf(response.statusCode === 200 ? '{"error":{"code":"","message":""}}' : response.body).code,
        ];
      }),
    );
    expect(results).toEqual([
      ['clientOfA', 403, 'FORBIDDEN'], // a client (not their organization's manager) may not publish documents
      ['clientOfB', 404, 'NOT_FOUND'], // another organization's: as if it did not exist
      ['staffOfA', 200, ''],
      ['staffUnassigned', 404, 'NOT_FOUND'],
      ['administrator', 200, ''],
    ]);
    // A client manager's own organization; writing into another's is 404 too.
    expect((await settingsOf('clientOfB', fixture.orgs.b.id)).statusCode).toBe(200);
    const intrusion = await save('clientOfB', baseSettings([], { slug: `b-${slug}` }));
    expect(intrusion.statusCode).toBe(404);
  });

  it('refuses API keys: publishing documents is a person’s decision', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/integrations/api-keys',
      headers: auth('clientOfB'),
      payload: { organizationId: fixture.orgs.b.id, name: 'CI', scopes: { programme: 'read_write', evidence: 'read_write' } },
    });
    const { key } = readJson(created, createdApiKeySchema);
    const url = `/api/v1/trust-center?organizationId=${fixture.orgs.b.id}`;
    expect((await app.inject({ method: 'GET', url, headers: auth('clientOfB') })).statusCode).toBe(200);
    const response = await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
    expect(response.statusCode).toBe(403);
    expect(tenantErrorOf(response.body).code).toBe('API_KEY_SCOPE_MISSING');
  });

  it('refuses a taken address (409 on slug) and a malformed one (400)', async () => {
    const taken = await save('clientOfB', { ...baseSettings([]), organizationId: fixture.orgs.b.id });
    expect(taken.statusCode).toBe(409);
    expect(JSON.parse(taken.body)).toMatchObject({ error: { code: 'CONFLICT', issues: [{ path: 'slug' }] } });
    const malformed = await save('staffOfA', baseSettings([], { slug: 'Not a slug!' }));
    expect(malformed.statusCode).toBe(400);
    expect(tenantErrorOf(malformed.body).code).toBe('VALIDATION_FAILED');
  });
});

describe('the public trust center', () => {
  it('shows frameworks with their computed status, the control summary and the documents, and logs one view per visitor per hour', async () => {
    const first = await app.inject({ method: 'GET', url: `/api/v1/trust-centers/${slug}`, headers: { 'user-agent': 'visitor-1' } });
    const page = readJson(first, publicTrustCenterSchema);
    expect(page.frameworks).toEqual([expect.objectContaining({ id: 'soc2', status: 'in_progress' })]);
    expect(page.controlDomains).toContainEqual(expect.objectContaining({ domain: 'Governance', implemented: 1 }));
    expect(page.subProcessors).toEqual([]);
    expect(page.documents.map((document) => document.visibility)).toEqual(['restricted', 'restricted', 'public']);
    await app.inject({ method: 'GET', url: `/api/v1/trust-centers/${slug}`, headers: { 'user-agent': 'visitor-1' } });
    await app.inject({ method: 'GET', url: `/api/v1/trust-centers/${slug}`, headers: { 'user-agent': 'visitor-2' } });
    const views = (await trail(orgA())).filter((entry) => entry.action === 'trust_center.view');
    expect(views).toEqual([
      { action: 'trust_center.view', actorId: null, organizationId: orgA() },
      { action: 'trust_center.view', actorId: null, organizationId: orgA() },
    ]);
  });

  it('answers 404 for an unknown address and for a trust center switched off', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/trust-centers/nobody-here' })).statusCode).toBe(404);
    const other = `off-${slug}`;
    expect(
      (await save('clientOfB', { ...baseSettings([]), organizationId: fixture.orgs.b.id, slug: other, enabled: false })).statusCode,
    ).toBe(200);
    const off = await app.inject({ method: 'GET', url: `/api/v1/trust-centers/${other}` });
    expect(off.statusCode).toBe(404);
    expect(tenantErrorOf(off.body).message).toBe('No trust center at this address.');
  });

  it('serves public documents directly and restricted ones only with a grant', async () => {
    const open = await download(overviewId);
    expect(open.statusCode).toBe(200);
    expect(open.body).toBe('We encrypt everything.\n');
    const locked = await download(soc2Id);
    expect(locked.statusCode).toBe(403);
    expect((await download(soc2Id, 'x'.repeat(43))).statusCode).toBe(403);
    expect((await trail(overviewId)).map((entry) => entry.action)).toContain('trust_document.download');
  });
});

describe('access requests and grants', () => {
  it('approves a listed domain at once and e-mails a single-document, expiring grant; every step is on the trail', async () => {
    const receipt = readJson(await requestAccess(soc2Id, 'pat@prospect.example'), trustAccessReceiptSchema);
    expect(receipt).toMatchObject({ status: 'approved', autoApproved: true });
    const { token, documentId } = await grantToken('pat@prospect.example');
    expect(documentId).toBe(soc2Id);

    const granted = await download(soc2Id, token);
    expect(granted.statusCode).toBe(200);
    expect(granted.rawPayload.equals(PDF)).toBe(true);
    expect(granted.headers['content-disposition']).toContain('SOC 2 Type II report.pdf');

    const elsewhere = await download(pentestId, token);
    expect(elsewhere.statusCode).toBe(403);
    expect(tenantErrorOf(elsewhere.body).message).toBe('This link grants access to another document only.');

    expect((await trail(receipt.id)).map(({ action, actorId }) => [action, actorId])).toEqual([
      ['trust_access.request', null],
      ['trust_access.grant', null],
    ]);
    const downloads = (await trail(soc2Id)).filter((entry) => entry.action === 'trust_document.download');
    expect(downloads).toHaveLength(1);

    // Past its expiry the same link is refused, for good.
    await withTenant(database.db, system, (tx) =>
      tx
        .update(trustAccessRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(trustAccessRequests.id, receipt.id)),
    );
    const expired = await download(soc2Id, token);
    expect(expired.statusCode).toBe(410);
    expect(tenantErrorOf(expired.body).code).toBe('GRANT_EXPIRED');
  });

  it('waits for the organization otherwise; it approves once (a second decision is 409), another tenant sees nothing', async () => {
    const receipt = readJson(await requestAccess(pentestId, 'sam@elsewhere.example'), trustAccessReceiptSchema);
    expect(receipt).toMatchObject({ status: 'pending', autoApproved: false });
    await expect(grantToken('sam@elsewhere.example')).rejects.toThrow('No grant e-mail');

    const decide = (actor: TenantActor, decision: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/trust-center/access-requests/${receipt.id}/decision`,
        headers: auth(actor),
        payload: { decision },
      });
    expect((await decide('clientOfB', 'approved')).statusCode).toBe(404);
    expect((await decide('clientOfA', 'approved')).statusCode).toBe(403);
    const approved = readJson(await decide('staffOfA', 'approved'), trustAccessRequestSchema);
    expect(approved).toMatchObject({ status: 'approved', autoApproved: false, documentTitle: 'Pen-test summary' });
    expect(new Date(approved.expiresAt ?? 0).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await decide('staffOfA', 'denied')).statusCode).toBe(409);

    const { token } = await grantToken('sam@elsewhere.example');
    expect((await download(pentestId, token)).statusCode).toBe(200);
    expect((await trail(receipt.id)).map(({ action, actorId }) => [action, actorId])).toEqual([
      ['trust_access.request', null],
      ['trust_access.grant', fixture.userIds.staffOfA],
    ]);
    const listed = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/trust-center/access-requests?organizationId=${orgA()}`, headers: auth('staffOfA') }),
      trustAccessRequestListSchema,
    );
    expect(listed.requests.map((request) => request.email)).toContain('sam@elsewhere.example');
  });

  it('refuses requests without the NDA, for public documents, or for another organization’s document', async () => {
    const noNda = await requestAccess(soc2Id, 'pat@prospect.example', { ndaAccepted: false });
    expect(noNda.statusCode).toBe(400);
    expect((await requestAccess(overviewId, 'pat@prospect.example')).statusCode).toBe(400);
    expect((await requestAccess(randomUUID(), 'pat@prospect.example')).statusCode).toBe(404);
  });
});
