import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, tenantErrorOf } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { type Evidence, evidenceListSchema, evidenceSchema } from '../../../shared/schemas/evidence.ts';
import { EVIDENCE_MAX_BYTES } from '../../../shared/schemas/programme-statuses.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { evidence, evidenceNotices } from '../../db/schema/evidence.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { parseEnv } from '../../env.ts';
import { sha256Of } from '../../platform/files/file-store.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { runEvidenceExpiry } from './evidence-expiry.ts';
import {
  addProgrammeControls,
  evidenceUpload,
  freshnessOf,
  programmeControl,
  seedTestControls,
  type TestControlId,
} from './programme-test-fixture.ts';

/** Evidence through the real routes: upload (hash, sniffing, limits), download tenancy, sign-off, and the expiry job. */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
let freshness: Record<TestControlId, number>;
const system = { kind: 'all', userId: null } as const;
const DAY_MS = 86_400_000;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% quarterly access review, signed\n%%EOF\n');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-evidence-'));
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  await seedTestControls(database.db);
  freshness = await freshnessOf(database.db);
  await addProgrammeControls(database.db, fixture.orgs.a.id, ['GOV-01', 'IAM-02', 'IAM-03'], { status: 'implemented' });
  await addProgrammeControls(database.db, fixture.orgs.b.id, ['GOV-01']);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const auth = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const upload = (actor: TenantActor, fields: object, file: { name: string; bytes: Buffer; type?: string }) => {
  const body = evidenceUpload(fields, file);
  return app.inject({ method: 'POST', url: '/api/v1/evidence', headers: { ...auth(actor), ...body.headers }, payload: body.payload });
};
const fields = (overrides: object = {}) => ({ title: 'Quarterly access review', controlIds: ['IAM-02', 'GOV-01'], ...overrides });

describe('uploadEvidence', () => {
  let uploaded: Evidence;

  it('stores the file under its SHA-256, sniffs its type from the bytes, and expires by the strictest control', async () => {
    const collectedAt = '2026-10-01T09:00:00.000Z';
    const response = await upload('clientOfA', fields({ collectedAt, periodStart: '2026-07-01', periodEnd: '2026-09-30' }), {
      name: 'access-review-q3.pdf',
      bytes: PDF,
      type: 'image/png', // the browser's claim is ignored
    });
    expect(response.statusCode, response.body).toBe(201);
    uploaded = readJson(response, evidenceSchema);
    const strictest = Math.min(freshness['IAM-02'], freshness['GOV-01']);
    expect(uploaded).toMatchObject({
      kind: 'file',
      fileName: 'access-review-q3.pdf',
      mediaType: 'application/pdf',
      sizeBytes: PDF.length,
      sha256: sha256Of(PDF),
      collectedAt,
      expiresAt: new Date(Date.parse(collectedAt) + strictest * DAY_MS).toISOString(),
      controlIds: ['GOV-01', 'IAM-02'],
      periodStart: '2026-07-01',
      periodEnd: '2026-09-30',
      uploadedBy: { id: fixture.userIds.clientOfA },
      reviewedBy: null,
    });
    const stored = await fs.readFile(path.join(dataDir, 'files', uploaded.sha256!.slice(0, 2), uploaded.sha256!));
    expect(stored.equals(PDF)).toBe(true);
  });

  it('downloads the bytes as an attachment to the organization, and answers another tenant like a missing item', async () => {
    const own = await app.inject({ method: 'GET', url: `/api/v1/evidence/${uploaded.id}/download`, headers: auth('staffOfA') });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('attachment; filename="access-review-q3.pdf"');
    const absent = await app.inject({ method: 'GET', url: `/api/v1/evidence/${randomUUID()}/download`, headers: auth('clientOfB') });
    for (const actor of ['clientOfB', 'staffUnassigned'] as const) {
      const other = await app.inject({ method: 'GET', url: `/api/v1/evidence/${uploaded.id}/download`, headers: auth(actor) });
      expect(other.statusCode).toBe(404);
      expect(tenantErrorOf(other.body)).toEqual(tenantErrorOf(absent.body));
    }
  });

  it('refuses files over the limit, of a type not accepted, empty, or for controls outside the programme', async () => {
    const tooBig = await upload('clientOfA', fields(), { name: 'huge.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(EVIDENCE_MAX_BYTES)]) });
    expect(tooBig.statusCode).toBe(413);
    expect(tenantErrorOf(tooBig.body).code).toBe('PAYLOAD_TOO_LARGE');

    const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.from([0xff, 0xfe, 0x00, 0x01])]);
    const refused = await upload('clientOfA', fields(), { name: 'report.pdf', bytes: program, type: 'application/pdf' });
    expect(refused.statusCode).toBe(415);
    expect(tenantErrorOf(refused.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const empty = await upload('clientOfA', fields(), { name: 'empty.txt', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);

    const outside = await upload('clientOfA', fields({ controlIds: ['RSK-01'] }), { name: 'notes.txt', bytes: Buffer.from('risk notes') });
    expect(outside.statusCode).toBe(400);
    expect((outside.json() as { error: { issues: { path: string }[] } }).error.issues[0]?.path).toBe('body.controlIds');

    const invalid = await upload('clientOfA', { controlIds: [] }, { name: 'notes.txt', bytes: Buffer.from('notes') });
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as { error: { issues: { path: string }[] } }).error.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['body.title', 'body.controlIds']),
    );

    const json = await app.inject({ method: 'POST', url: '/api/v1/evidence', headers: auth('clientOfA'), payload: fields() });
    expect(json.statusCode).toBe(415);

    const listed = readJson(await app.inject({ method: 'GET', url: '/api/v1/evidence', headers: auth('clientOfA') }), evidenceListSchema);
    expect(listed.total).toBe(1);
  });

  it('lets a reviewer sign off, but never the uploader', async () => {
    const own = await app.inject({ method: 'POST', url: `/api/v1/evidence/${uploaded.id}/sign-off`, headers: auth('clientOfA') });
    expect(own.statusCode).toBe(403);
    expect(tenantErrorOf(own.body).code).toBe('SEGREGATION_OF_DUTIES');
    const reviewed = await app.inject({ method: 'POST', url: `/api/v1/evidence/${uploaded.id}/sign-off`, headers: auth('staffOfA') });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(readJson(reviewed, evidenceSchema).reviewedBy?.id).toBe(fixture.userIds.staffOfA);
  });

  it('brings a stale control back to implemented when fresh evidence arrives; a link has nothing to download', async () => {
    await withTenant(database.db, system, (tx) => tx.update(organizationControls).set({ status: 'stale' }));
    const link = await app.inject({
      method: 'POST',
      url: '/api/v1/evidence/links',
      headers: auth('clientOfA'),
      payload: { title: 'MFA settings page', controlIds: ['IAM-03'], url: 'https://idp.example.com/settings/mfa' },
    });
    expect(link.statusCode, link.body).toBe(201);
    expect((await programmeControl(database.db, fixture.orgs.a.id, 'IAM-03'))?.status).toBe('implemented');
    expect((await programmeControl(database.db, fixture.orgs.a.id, 'GOV-01'))?.status).toBe('stale');
    // The control came back through controls' restoreControlsWithFreshEvidence: on the trail, by the uploader.
    const trail = await controlTrail(fixture.orgs.a.id, 'IAM-03');
    expect(trail.at(-1)).toMatchObject({
      actorId: fixture.userIds.clientOfA,
      before: expect.objectContaining({ status: 'stale' }),
      after: expect.objectContaining({ status: 'implemented' }),
    });
    const download = await app.inject({
      method: 'GET',
      url: `/api/v1/evidence/${readJson(link, evidenceSchema).id}/download`,
      headers: auth('clientOfA'),
    });
    expect(download.statusCode).toBe(404);
  });
});

function controlTrail(organizationId: string, controlId: string) {
  return withTenant(database.db, system, (tx) =>
    tx
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, organizationId), eq(auditEvents.action, 'control.update'), eq(auditEvents.entityId, controlId)),
      )
      .orderBy(auditEvents.seq),
  );
}

describe('runEvidenceExpiry', () => {
  it('tells the owner at 30 and 7 days and at staleness, once each, flips the control, and opens one renewal request', async () => {
    const org = fixture.orgs.a.id;
    await addProgrammeControls(database.db, org, ['RSK-01']);
    await withTenant(database.db, system, async (tx) => {
      await tx
        .update(organizationControls)
        .set({ status: 'implemented', ownerId: fixture.userIds.staffOfA })
        .where(and(eq(organizationControls.organizationId, org), eq(organizationControls.controlId, 'RSK-01')));
    });
    const now = new Date();
    const collectedAt = new Date(now.getTime() - (freshness['RSK-01'] - 20) * DAY_MS).toISOString();
    const created = await upload(
      'clientOfA',
      { title: 'Risk assessment 2026', controlIds: ['RSK-01'], collectedAt },
      {
        name: 'risk-assessment.txt',
        bytes: Buffer.from('The annual risk assessment.'),
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const item = readJson(created, evidenceSchema);
    expect(item.state).toBe('expiring');
    const expiresAt = Date.parse(item.expiresAt);

    const run = (at: number) => runEvidenceExpiry(database.db, app.jobs, new Date(at));
    const mails = () =>
      withTenant(database.db, system, (tx) =>
        // In the order they were queued: without an order PostgreSQL may return them in any (seen on a busy machine).
        tx
          .select()
          .from(outboundEmails)
          .where(like(outboundEmails.subject, '%Risk assessment 2026%'))
          .orderBy(asc(outboundEmails.createdAt)),
      );
    const renewals = () =>
      withTenant(database.db, system, (tx) =>
        tx
          .select()
          .from(taskRequests)
          .where(and(eq(taskRequests.organizationId, org), eq(taskRequests.source, 'evidence_renewal'))),
      );

    expect((await run(now.getTime())).notices.expiring_30).toBe(1);
    expect((await run(now.getTime() + 60_000)).notices.expiring_30).toBe(0);
    const afterThirty = await mails();
    expect(afterThirty.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ['evidence-expiring-30', (await userEmail(fixture.userIds.staffOfA)) ?? ''],
    ]);

    expect((await run(expiresAt - 5 * DAY_MS)).notices.expiring_7).toBe(1);
    expect((await run(expiresAt - 4 * DAY_MS)).notices.expiring_7).toBe(0);

    const stale = await run(expiresAt + 3_600_000);
    expect(stale).toMatchObject({ notices: { stale: 1 }, markedStale: 1, controlsStale: 1, renewalRequests: 1 });
    const again = await run(expiresAt + 2 * DAY_MS);
    expect(again).toMatchObject({ notices: { stale: 0 }, markedStale: 0, renewalRequests: 0 });

    expect((await mails()).map((mail) => mail.kind)).toEqual(['evidence-expiring-30', 'evidence-expiring-7', 'evidence-stale']);
    expect((await programmeControl(database.db, org, 'RSK-01'))?.status).toBe('stale');
    // Flipped by the job through controls' markControlsStale: on the trail once, by the system.
    const flips = (await controlTrail(org, 'RSK-01')).filter((row) => (row.after as { status?: string } | null)?.status === 'stale');
    expect(flips.map((row) => [row.actorId, (row.before as { status?: string } | null)?.status])).toEqual([[null, 'implemented']]);
    const requests = await renewals();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      department: 'compliance',
      workKind: 'evidence_checklist',
      title: 'Renew evidence: Risk assessment 2026',
    });
    const [notice] = await withTenant(database.db, system, (tx) =>
      tx
        .select()
        .from(evidenceNotices)
        .where(and(eq(evidenceNotices.evidenceId, item.id), eq(evidenceNotices.kind, 'stale'))),
    );
    expect(notice?.taskRequestId).toBe(requests[0]?.id);
    const [row] = await withTenant(database.db, system, (tx) => tx.select().from(evidence).where(eq(evidence.id, item.id)));
    expect(row?.staleAt).not.toBeNull();
  });
});

async function userEmail(id: string): Promise<string | null> {
  const [row] = await database.db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, id));
  return row?.email ?? null;
}
