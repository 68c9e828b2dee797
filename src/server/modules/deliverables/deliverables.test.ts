import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, type TenantOrg } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { deliverableDetailSchema, deliverableListSchema } from '../../../shared/schemas/deliverables.ts';
import type { WorkKind } from '../../../shared/schemas/task-requests.ts';
import { buildApp } from '../../app.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { parseEnv } from '../../env.ts';
import { readZipEntry, zipEntries } from '../../platform/files/zip-entries.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { type SeededRequest, publishApprovedOutput, submitSeededRequest } from '../../../../tests/task-request-fixture.ts';

/** Deliverables through the real routes on a real database; fixtures are made by the pipeline itself. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
const enqueued: string[] = [];
const recordingJobs: Jobs = {
  async enqueue(_tx, name) {
    enqueued.push(name);
    return null;
  },
};

const asSystem = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(database.db, { kind: 'all', userId: null }, work);

/** A submitted request (and so a pending deliverable) in an organization. */
const submit = (
  org: TenantOrg,
  input: { title: string; description?: string; frameworks?: string[]; kind?: WorkKind; submittedAt?: Date },
): Promise<SeededRequest> =>
  submitSeededRequest(database.db, recordingJobs, {
    organizationId: fixture.orgs[org].id,
    requestedBy: fixture.userIds[org === 'a' ? 'clientOfA' : 'clientOfB'],
    ...input,
  });

/** An approved output version of the request, published as the deliverable's next version. */
const publish = (seeded: SeededRequest, input: { version: number; title: string; body: string }) =>
  publishApprovedOutput(database.db, seeded, { ...input, publishedBy: fixture.userIds.staffOfA });

const POLICY_V2 = [
  '# Information Security Policy',
  '',
  'This policy applies to **all staff** and _contractors_ of the company. See [the standard](https://www.iso.org/standard/27001).',
  '',
  '## Access control',
  '',
  '- Access is granted on least privilege',
  '- Reviews happen quarterly',
  '  1. Managers confirm their team',
  '  2. Security removes stale accounts',
  '',
  '| Control | Owner | Frequency |',
  '| --- | --- | --- |',
  '| Access review | IT | Quarterly |',
  '| Backup test | Ops | Monthly → yearly ✓ |',
  '',
  '```',
  'allow read: if request.auth != null;',
  '```',
  '',
  '> Exceptions need the CISO’s written approval.',
  '',
  '---',
  '',
  'Approved by the board.',
].join('\n');

let completed: SeededRequest;
let overdue: SeededRequest;
let pending: SeededRequest;
let inReview: SeededRequest;
let otherOrg: SeededRequest;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-deliverables-'));
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }) });
  fixture = await createTenantFixture(app, database);
  completed = await submit('a', {
    title: 'Information security policy',
    description: 'Our ISMS policy',
    frameworks: ['ISO 27001', 'SOC 2'],
  });
  await publish(completed, { version: 1, title: 'Information Security Policy', body: '# Information Security Policy\n\nFirst draft.' });
  await publish(completed, { version: 2, title: 'Information Security Policy', body: POLICY_V2 });
  overdue = await submit('a', {
    title: 'Vendor review of Payroll Co',
    description: 'Review the payroll vendor',
    frameworks: ['SOC 2'],
    kind: 'vendor_review',
    submittedAt: new Date('2024-01-02T09:00:00Z'),
  });
  pending = await submit('a', { title: 'Risk register for the new office', frameworks: ['ISO 27001'], kind: 'risk_register' });
  inReview = await submit('a', {
    title: 'GDPR gap assessment',
    description: 'Article by article',
    frameworks: ['GDPR'],
    kind: 'gap_assessment',
  });
  await asSystem((tx) => tx.update(deliverables).set({ status: 'in_review' }).where(eq(deliverables.id, inReview.deliverableId)));
  otherOrg = await submit('b', { title: 'Borealis business continuity plan', frameworks: ['DORA'] });
  await publish(otherOrg, { version: 1, title: 'Business Continuity Plan', body: '# Business Continuity Plan\n\nBorealis only.' });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const as = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const list = async (actor: TenantActor, query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/v1/deliverables${query}`, headers: as(actor) });
  expect(response.statusCode, response.body).toBe(200);
  return readJson(response, deliverableListSchema);
};
const download = (actor: TenantActor, id: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/v1/deliverables/${id}/download${query}`, headers: as(actor) });

describe('listDeliverables', () => {
  it('lists the organization’s deliverables with computed statuses, versions and sizes', async () => {
    const result = await list('clientOfA');
    const byId = new Map(result.deliverables.map((item) => [item.id, item]));
    expect(result.deliverables).toHaveLength(4);
    expect(byId.get(completed.deliverableId)).toMatchObject({
      title: 'Information Security Policy',
      type: 'policy_draft',
      typeLabel: 'Policy draft',
      status: 'completed',
      version: 'v2',
      size: Buffer.byteLength(POLICY_V2),
      assignedTo: 'Riley Reviewer',
      tags: ['ISO 27001', 'SOC 2'],
      downloadCount: 0,
      taskRequestId: completed.taskRequestId,
      organization: { id: fixture.orgs.a.id, name: fixture.orgs.a.name },
    });
    expect(byId.get(completed.deliverableId)?.completedDate).not.toBeNull();
    expect(byId.get(overdue.deliverableId)).toMatchObject({
      status: 'overdue',
      version: null,
      size: null,
      completedDate: null,
      typeLabel: 'Vendor security review',
    });
    expect(byId.get(pending.deliverableId)?.status).toBe('pending');
    expect(byId.get(inReview.deliverableId)?.status).toBe('in_review');
    expect(result.counts).toEqual({ all: 4, completed: 1, in_review: 1, pending: 1, overdue: 1 });
    expect(result.tags).toEqual(['GDPR', 'ISO 27001', 'SOC 2']);
  });

  it('searches titles, descriptions and tags, and filters by status, tag and type', async () => {
    const ids = (result: { deliverables: { id: string }[] }) => result.deliverables.map((item) => item.id).sort();
    expect(ids(await list('clientOfA', '?q=payroll'))).toEqual([overdue.deliverableId]);
    expect(ids(await list('clientOfA', '?q=article%20by'))).toEqual([inReview.deliverableId]);
    expect(ids(await list('clientOfA', '?q=iso%2027001'))).toEqual([completed.deliverableId, pending.deliverableId].sort());
    expect(ids(await list('clientOfA', '?q=100%25'))).toEqual([]);
    expect(ids(await list('clientOfA', '?status=overdue'))).toEqual([overdue.deliverableId]);
    expect(ids(await list('clientOfA', '?status=pending'))).toEqual([pending.deliverableId]);
    expect(ids(await list('clientOfA', '?tag=SOC%202'))).toEqual([completed.deliverableId, overdue.deliverableId].sort());
    expect(ids(await list('clientOfA', '?type=risk_register'))).toEqual([pending.deliverableId]);
    // The chips count what the search matches, whatever status is chosen.
    const soc2 = await list('clientOfA', '?tag=SOC%202&status=completed');
    expect(ids(soc2)).toEqual([completed.deliverableId]);
    expect(soc2.counts).toEqual({ all: 2, completed: 1, in_review: 0, pending: 0, overdue: 1 });
  });

  it('sorts by due date and by title', async () => {
    const byDue = await list('clientOfA', '?sort=due');
    expect(byDue.deliverables[0]?.id).toBe(overdue.deliverableId);
    const byTitle = await list('clientOfA', '?sort=title');
    expect(byTitle.deliverables.map((item) => item.title)).toEqual([
      'GDPR gap assessment',
      'Information Security Policy',
      'Risk register for the new office',
      'Vendor review of Payroll Co',
    ]);
  });

  it('shows each tenant only its own, and nothing to staff assigned nowhere', async () => {
    const b = await list('clientOfB');
    expect(b.deliverables.map((item) => item.id)).toEqual([otherOrg.deliverableId]);
    expect(b.tags).toEqual(['DORA']);
    expect(JSON.stringify(b)).not.toContain(fixture.orgs.a.name);
    const staffOfA = await list('staffOfA');
    expect(staffOfA.deliverables.every((item) => item.organization.id === fixture.orgs.a.id)).toBe(true);
    const unassigned = await list('staffUnassigned');
    expect(unassigned).toEqual({ deliverables: [], counts: { all: 0, completed: 0, in_review: 0, pending: 0, overdue: 0 }, tags: [] });
    const admin = await list('administrator');
    expect(admin.counts.all).toBeGreaterThanOrEqual(5);
  });
});

describe('getDeliverable', () => {
  it('gives one deliverable with its versions, newest first', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/deliverables/${completed.deliverableId}`, headers: as('clientOfA') });
    expect(response.statusCode).toBe(200);
    const detail = readJson(response, deliverableDetailSchema);
    expect(detail.versions.map((version) => [version.version, version.sizeBytes])).toEqual([
      [2, Buffer.byteLength(POLICY_V2)],
      [1, Buffer.byteLength('# Information Security Policy\n\nFirst draft.')],
    ]);
  });

  it('answers 404 for another organization’s deliverable, exactly as for none', async () => {
    const other = await app.inject({ method: 'GET', url: `/api/v1/deliverables/${completed.deliverableId}`, headers: as('clientOfB') });
    const none = await app.inject({ method: 'GET', url: `/api/v1/deliverables/${crypto.randomUUID()}`, headers: as('clientOfB') });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(none.json().error.message);
    expect(other.body).not.toContain('Information Security Policy');
  });
});

describe('downloadDeliverable', () => {
  it('downloads the Markdown as written, with a safe file name, and counts each download', async () => {
    const response = await download('clientOfA', completed.deliverableId, '?format=md');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="information-security-policy-v2.md"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(POLICY_V2);
    const older = await download('clientOfA', completed.deliverableId, '?version=1');
    expect(older.body).toBe('# Information Security Policy\n\nFirst draft.');
    expect(older.headers['content-disposition']).toContain('information-security-policy-v1.md');
    const [row] = await asSystem((tx) => tx.select().from(deliverables).where(eq(deliverables.id, completed.deliverableId)));
    expect(row?.downloadCount).toBe(2);
  });

  it('makes a PDF document', async () => {
    const response = await download('clientOfA', completed.deliverableId, '?format=pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="information-security-policy-v2.pdf"');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(bytes.length).toBeGreaterThan(2000);
  });

  it('makes a Word document whose text holds the headings, list items and table cells', async () => {
    const response = await download('clientOfA', completed.deliverableId, '?format=docx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers['content-disposition']).toContain('filename="information-security-policy-v2.docx"');
    const bytes = response.rawPayload;
    expect(zipEntries(bytes)?.map((entry) => entry.name)).toContain('word/document.xml');
    const xml = readZipEntry(bytes, 'word/document.xml')?.toString('utf8') ?? '';
    expect(xml).toContain('Access control');
    expect(xml).toContain('Heading2');
    expect(xml).toContain(`${fixture.orgs.a.name} · Version 2`);
    expect(xml).toContain('Managers confirm their team');
    expect(xml).toContain('Backup test');
    expect(xml).toContain('allow read: if request.auth != null;');
    expect(readZipEntry(bytes, 'word/numbering.xml')?.toString('utf8')).toContain('w:numFmt w:val="decimal"');
    const [row] = await asSystem((tx) => tx.select().from(deliverables).where(eq(deliverables.id, completed.deliverableId)));
    expect(row?.downloadCount).toBe(4);
  });

  it('refuses before anything is published (409), an unknown version (404) and another tenant (404)', async () => {
    const early = await download('clientOfA', pending.deliverableId, '?format=pdf');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('CONFLICT');
    expect((await download('clientOfA', completed.deliverableId, '?version=9')).statusCode).toBe(404);
    const other = await download('clientOfB', completed.deliverableId, '?format=pdf');
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('NOT_FOUND');
    expect((await download('staffUnassigned', completed.deliverableId)).statusCode).toBe(404);
    expect((await download('clientOfA', completed.deliverableId, '?format=exe')).statusCode).toBe(400);
    const [row] = await asSystem((tx) => tx.select().from(deliverables).where(eq(deliverables.id, completed.deliverableId)));
    expect(row?.downloadCount).toBe(4);
  });
});

describe('publishDeliverable', () => {
  it('publishes each approval as the next version and completes the deliverable', async () => {
    const seeded = await submit('a', { title: 'Acceptable use policy' });
    expect(await publish(seeded, { version: 1, title: 'Acceptable Use Policy', body: '# AUP\n\nOne.' })).toEqual({
      deliverableId: seeded.deliverableId,
      version: 1,
    });
    expect(await publish(seeded, { version: 2, title: 'Acceptable Use Policy v2', body: '# AUP\n\nTwo.' })).toEqual({
      deliverableId: seeded.deliverableId,
      version: 2,
    });
    const detail = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/deliverables/${seeded.deliverableId}`, headers: as('clientOfA') }),
      deliverableDetailSchema,
    );
    expect(detail).toMatchObject({ status: 'completed', version: 'v2', title: 'Acceptable Use Policy v2', assignedTo: 'Riley Reviewer' });
    expect(detail.versions.map((version) => version.version)).toEqual([2, 1]);
    expect(enqueued.filter((name) => name === 'agent-run').length).toBeGreaterThanOrEqual(6);
  });
});

describe('the status a deliverable shows', () => {
  it('is overdue only while still pending past its due date; in review stays in review, a cancelled request’s is not listed', async () => {
    const past = new Date('2024-03-04T09:00:00Z');
    const reviewedLate = await submit('a', { title: 'Late access review', kind: 'gap_assessment', submittedAt: past });
    await asSystem((tx) => tx.update(deliverables).set({ status: 'in_review' }).where(eq(deliverables.id, reviewedLate.deliverableId)));
    const cancelledLate = await submit('a', { title: 'Withdrawn vendor review', kind: 'vendor_review', submittedAt: past });
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/task-requests/${cancelledLate.taskRequestId}/cancel`,
      headers: as('clientOfA'),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const result = await list('clientOfA');
    const byId = new Map(result.deliverables.map((item) => [item.id, item.status]));
    expect(byId.get(reviewedLate.deliverableId)).toBe('in_review');
    expect(byId.has(cancelledLate.deliverableId)).toBe(false);
    expect(result.counts).toMatchObject({ in_review: 2, overdue: 1 });
    const inReview = await list('clientOfA', '?status=in_review');
    expect(inReview.deliverables.map((item) => item.id)).toContain(reviewedLate.deliverableId);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/v1/task-requests/${cancelledLate.taskRequestId}`,
      headers: as('clientOfA'),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json() as { deliverable: unknown }).deliverable).toBeNull();
  });
});
