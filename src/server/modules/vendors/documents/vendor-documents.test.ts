import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { confirmedDocumentBriefLines } from './vendor-document-facts.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, tenantErrorOf } from '../../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { type ApiKeyScopes, createdApiKeySchema } from '../../../../shared/schemas/integrations.ts';
import { riskSchema } from '../../../../shared/schemas/risks.ts';
import {
  type ConfirmVendorDocumentInput,
  type VendorDocumentExtraction,
  vendorDocumentExtractionSchema,
  vendorDocumentListSchema,
  vendorDocumentSchema,
} from '../../../../shared/schemas/vendor-documents.ts';
import { vendorSchema } from '../../../../shared/schemas/vendors.ts';
import { buildApp } from '../../../app.ts';
import { userRoles } from '../../../db/schema/access.ts';
import { auditEvents } from '../../../db/schema/audit.ts';
import { controlMappings } from '../../../db/schema/controls.ts';
import { taskRequests } from '../../../db/schema/task-requests.ts';
import { parseEnv } from '../../../env.ts';
import { withTenant } from '../../../platform/tenancy/tenant.ts';
import { addProgrammeControls, evidenceUpload } from '../../evidence/programme-test-fixture.ts';
import type { CorpusDocument, ReadableTruth } from '../reader/corpus/corpus-types.ts';
import { SOC2_SPECS } from '../reader/corpus/soc2-specs.ts';
import { documentExpiresOn, raisedResidualRisk } from './vendor-document-consequences.ts';
import { writeOtherDocuments } from '../reader/corpus/write-other-documents.ts';
import { writeSoc2Report } from '../reader/corpus/write-soc2-report.ts';
import { runVendorDocumentExpiry } from './vendor-document-expiry.ts';
import { readUploadedVendorDocument } from './vendor-document-reading.ts';

/**
 * Issue 35 items 2–3 through the real app on PGlite: a vendor's documents uploaded (bad files kept with
 * their status), read by the job's own function (workers are off, so the test runs it where the worker
 * would), confirmed field by field (a race and a stale reading refused), and what a confirmed qualified
 * report with exceptions means: CUECs on the client's controls or a task, a finding, a higher residual
 * risk, a renewal task on the owner; the daily expiry check. Tenancy 404, a key's scope 403.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
let vendorId = '';
let report: CorpusDocument;
let others: CorpusDocument[];
let cc61Controls: string[] = [];

const auth = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const documentsUrl = (id = vendorId) => `/api/v1/vendors/${id}/documents`;

async function upload(headers: Record<string, string>, file: { name: string; bytes: Buffer | Uint8Array }, id = vendorId) {
  const body = evidenceUpload({}, { name: file.name, bytes: Buffer.from(file.bytes), type: 'application/pdf' });
  return app.inject({ method: 'POST', url: documentsUrl(id), headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function uploadRead(file: { name: string; bytes: Buffer | Uint8Array }): Promise<VendorDocumentExtraction> {
  const response = await upload(auth('clientOfA'), file);
  expect(response.statusCode, response.body).toBe(201);
  const document = readJson(response, vendorDocumentSchema);
  if (document.status === 'reading') await readUploadedVendorDocument(database.db, app.fileStore, document.id);
  return extraction(document.id);
}

async function extraction(documentId: string, actor: TenantActor = 'clientOfA') {
  const response = await app.inject({ method: 'GET', url: `${documentsUrl()}/${documentId}/extraction`, headers: auth(actor) });
  expect(response.statusCode, response.body).toBe(200);
  return readJson(response, vendorDocumentExtractionSchema);
}

/** The reviewer's body confirming everything the reader found, as it found it. */
function confirmAll(read: VendorDocumentExtraction): ConfirmVendorDocumentInput {
  const reading = read.extraction;
  if (!reading) throw new Error('nothing read');
  return {
    expectedUpdatedAt: read.document.updatedAt,
    kind: reading.kind,
    fields: reading.fields.map(({ key, value, page }) => ({ key, value, page })),
    exceptions: reading.exceptions,
    cuecs: reading.cuecs,
    subserviceOrganizations: reading.subserviceOrganizations,
  };
}

const confirm = (documentId: string, body: object, headers: Record<string, string> = auth('clientOfA')) =>
  app.inject({ method: 'POST', url: `${documentsUrl()}/${documentId}/confirmation`, headers, payload: body });

async function createKey(scopes: Partial<ApiKeyScopes>): Promise<Record<string, string>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/integrations/api-keys',
    headers: auth('staffOfA'),
    payload: { organizationId: fixture.orgs.a.id, name: `Vendor sync ${Object.keys(scopes).join()}`, scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { 'x-api-key': readJson(response, createdApiKeySchema).key };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vendor-documents-'));
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off', DATA_DIR: dataDir }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds.staffOfA));
  // The catalogue's controls mapped to SOC 2 CC6.1, in organization A's programme: CUECs naming CC6.1 map to them.
  const mapped = await database.db
    .select({ controlId: controlMappings.controlId })
    .from(controlMappings)
    .where(eq(controlMappings.requirementId, 'soc2:CC6.1'));
  cc61Controls = [...new Set(mapped.map((row) => row.controlId))].sort();
  await addProgrammeControls(database.db, fixture.orgs.a.id, cc61Controls);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/vendors',
    headers: auth('clientOfA'),
    payload: { name: 'Bluefin Payroll', tier: 1, ownerId: fixture.userIds.clientOfA },
  });
  vendorId = readJson(created, vendorSchema).id;
  // A qualified Type II report with two exceptions, three CUECs, a bridge letter, long expired by now.
  const spec = SOC2_SPECS.find((candidate) => candidate.name === 'soc2-02-type2-qualified-prose');
  if (!spec) throw new Error('corpus spec missing');
  report = await writeSoc2Report(spec);
  others = await writeOtherDocuments();
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const other = (name: string) => {
  const found = others.find((document) => document.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('uploading and reading a vendor document', () => {
  let read: VendorDocumentExtraction;

  beforeAll(async () => {
    read = await uploadRead({ name: 'bluefin-soc2.pdf', bytes: report.bytes });
  });

  it('keeps the PDF under its hash and reads it off the request: every field with the page it is stated on', () => {
    expect(read.document).toMatchObject({
      status: 'read',
      kind: 'soc2_report',
      mediaType: 'application/pdf',
      fileName: 'bluefin-soc2.pdf',
    });
    const truth = report.truth as ReadableTruth;
    const found = new Map(read.extraction?.fields.map((field) => [field.key, field]));
    for (const field of truth.fields) expect(found.get(field.key), field.key).toMatchObject({ value: field.value, page: field.page });
    expect(read.extraction?.exceptions.map((exception) => exception.criterion)).toEqual(['CC6.3', 'CC8.1']);
    expect(read.extraction?.cuecs).toHaveLength(3);
    expect(read.confirmed).toBeNull();
    expect(read.consequences).toBeNull();
  });

  it('queued one reader job for the upload, and none for a file kept unread', async () => {
    const queued = (await database.db.execute(
      sql`select data from pgboss.job where name = 'vendor-document-read' and data->>'documentId' = ${read.document.id}`,
    )) as unknown as { rows: { data: { organizationId: string } }[] };
    expect(queued.rows.map((row) => row.data.organizationId)).toEqual([fixture.orgs.a.id]);
  });

  it('lists the vendor’s documents and gives the file back as it was uploaded', async () => {
    const list = readJson(await app.inject({ method: 'GET', url: documentsUrl(), headers: auth('clientOfA') }), vendorDocumentListSchema);
    expect(list.documents.map((document) => document.id)).toContain(read.document.id);
    const file = await app.inject({ method: 'GET', url: `${documentsUrl()}/${read.document.id}/file`, headers: auth('clientOfA') });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(Buffer.from(report.bytes))).toBe(true);
  });

  it('keeps a file that is not a PDF, too large, encrypted or corrupt, with a status a person can act on, never a crash', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notPdf = await uploadRead({ name: 'report.pdf', bytes: png });
    expect(notPdf.document).toMatchObject({ status: 'not_pdf', mediaType: 'image/png' });
    expect(notPdf.document.message).toMatch(/not a PDF/);
    const oversized = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(26 * 1024 * 1024, 0x20)]);
    const large = await uploadRead({ name: 'huge.pdf', bytes: oversized });
    expect(large.document).toMatchObject({ status: 'too_large', sizeBytes: oversized.length });
    expect(large.document.message).toMatch(/25 MB/);
    const encrypted = await uploadRead({ name: 'locked.pdf', bytes: other('bad-encrypted').bytes });
    expect(encrypted.document.status).toBe('encrypted');
    expect(encrypted.document.message).toMatch(/password/i);
    const corrupt = await uploadRead({ name: 'cut.pdf', bytes: other('bad-corrupt').bytes });
    expect(corrupt.document.status).toBe('corrupt');
    const refused = await confirm(corrupt.document.id, { ...confirmAll(read), expectedUpdatedAt: corrupt.document.updatedAt });
    expect(refused.statusCode).toBe(409);
    expect(tenantErrorOf(refused.body).code).toBe('VENDOR_DOCUMENT_NOT_READ');
    const kept = await app.inject({ method: 'GET', url: `${documentsUrl()}/${notPdf.document.id}/file`, headers: auth('clientOfA') });
    expect(kept.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a body past the upload cap with 413, and a request that is not multipart with 415', async () => {
    const tooBig = await upload(auth('clientOfA'), { name: 'x.pdf', bytes: Buffer.alloc(51 * 1024 * 1024, 0x20) });
    expect(tooBig.statusCode).toBe(413);
    const json = await app.inject({ method: 'POST', url: documentsUrl(), headers: auth('clientOfA'), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('is another organization’s 404 and a key’s scope 403; confirming is never a key’s', async () => {
    for (const actor of ['clientOfB', 'staffUnassigned'] as const) {
      const get = await app.inject({ method: 'GET', url: `${documentsUrl()}/${read.document.id}/extraction`, headers: auth(actor) });
      expect(get.statusCode, actor).toBe(404);
      expect((await upload(auth(actor), { name: 'a.pdf', bytes: report.bytes })).statusCode, actor).toBe(404);
      expect((await confirm(read.document.id, confirmAll(read), auth(actor))).statusCode, actor).toBe(404);
    }
    expect((await extraction(read.document.id, 'staffOfA')).document.id).toBe(read.document.id);
    const reader = await createKey({ vendors: 'read' });
    expect((await app.inject({ method: 'GET', url: `${documentsUrl()}/${read.document.id}/extraction`, headers: reader })).statusCode).toBe(
      200,
    );
    const upByReader = await upload(reader, { name: 'a.pdf', bytes: report.bytes });
    expect(upByReader.statusCode).toBe(403);
    expect(tenantErrorOf(upByReader.body).code).toBe('API_KEY_SCOPE_MISSING');
    const writer = await createKey({ vendors: 'read_write' });
    const confirmedByKey = await confirm(read.document.id, confirmAll(read), writer);
    expect(confirmedByKey.statusCode).toBe(403);
  });
});

describe('confirming an extraction', () => {
  let read: VendorDocumentExtraction;
  let confirmed: VendorDocumentExtraction;

  beforeAll(async () => {
    read = await uploadRead({ name: 'bluefin-soc2-copy.pdf', bytes: report.bytes });
  });

  it('asks for every field the reader found, and refuses a value out of its form', async () => {
    const body = confirmAll(read);
    const missing = await confirm(read.document.id, { ...body, fields: body.fields.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(tenantErrorOf(missing.body).message).toBeTruthy();
    const badDate = body.fields.map((field) => (field.key === 'periodEnd' ? { ...field, value: '31/03/2025' } : field));
    expect((await confirm(read.document.id, { ...body, fields: badDate })).statusCode).toBe(400);
  });

  it('refuses a confirmation of an older reading (409)', async () => {
    const stale = await confirm(read.document.id, { ...confirmAll(read), expectedUpdatedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect(tenantErrorOf(stale.body).code).toBe('CONFLICT');
  });

  it('lets one of two racing confirmations through and answers the other 409', async () => {
    const body = confirmAll(read);
    body.fields = body.fields.map((field) => (field.key === 'serviceAuditor' ? { ...field, value: 'Meridian Assurance Partners' } : field));
    const [first, second] = await Promise.all([confirm(read.document.id, body), confirm(read.document.id, body)]);
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = [first, second].find((response) => response?.statusCode === 409);
    expect(tenantErrorOf(loser?.body ?? '').code).toBe('VENDOR_DOCUMENT_ALREADY_CONFIRMED');
    confirmed = readJson(
      [first, second].find((response) => response?.statusCode === 200)!,
      vendorDocumentExtractionSchema,
    );
    expect(confirmed.document).toMatchObject({ status: 'confirmed', confirmedBy: { id: fixture.userIds.clientOfA } });
    const auditor = confirmed.confirmed?.fields.find((field) => field.key === 'serviceAuditor');
    expect(auditor).toMatchObject({ value: 'Meridian Assurance Partners', corrected: true });
    expect(confirmed.confirmed?.fields.filter((field) => field.corrected)).toHaveLength(1);
  });

  it('makes each CUEC a requirement on the client’s mapped controls, or one task for a person', async () => {
    const requirements = confirmed.consequences?.cuecRequirements ?? [];
    expect(requirements).toHaveLength(3);
    const onCc61 = requirements.filter((requirement) => requirement.criteria.includes('CC6.1'));
    expect(onCc61.length).toBeGreaterThanOrEqual(1);
    for (const requirement of onCc61) {
      expect(requirement.controlIds).toEqual(cc61Controls);
      expect(requirement.taskRequestId).toBeNull();
    }
    const unmapped = requirements.filter((requirement) => requirement.controlIds.length === 0);
    expect(unmapped.map((requirement) => requirement.criteria)).toEqual([['PI1.2']]);
    const taskId = unmapped[0]?.taskRequestId ?? '';
    const [task] = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select().from(taskRequests).where(eq(taskRequests.id, taskId)),
    );
    expect(task).toMatchObject({ source: 'vendor_document', organizationId: fixture.orgs.a.id, requestedBy: fixture.userIds.clientOfA });
    expect(task?.description).toContain('accuracy and completeness');
  });

  it('opens a finding linked to the vendor and raises its residual risk for a qualified opinion with exceptions', async () => {
    const finding = confirmed.consequences?.finding;
    expect(finding?.title).toBe('Bluefin Payroll: SOC 2 report with a qualified opinion');
    const risk = readJson(await app.inject({ method: 'GET', url: `/api/v1/risks/${finding?.id}`, headers: auth('clientOfA') }), riskSchema);
    expect(risk).toMatchObject({ category: 'vendor', treatment: 'mitigate', status: 'open' });
    expect(risk.description).toContain('CC6.3');
    expect(confirmed.consequences?.residualRisk).toEqual({ from: null, to: 'high' });
    const vendor = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/vendors/${vendorId}`, headers: auth('clientOfA') }),
      vendorSchema,
    );
    expect(vendor.residualRisk).toBe('high');
    expect(vendor.risks.map((linked) => linked.id)).toContain(finding?.id);
  });

  it('gives the vendor-review agent what was confirmed, each item with its page, and nothing the reader guessed', async () => {
    const lines = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      confirmedDocumentBriefLines(tx, fixture.orgs.a.id, vendorId),
    );
    const text = lines.join('\n');
    // The reviewer's correction, not the reader's value; the opinion and every exception and CUEC with its page.
    expect(text).toContain('Meridian Assurance Partners');
    for (const field of confirmed.confirmed?.fields ?? []) if (field.value) expect(text).toContain(`${field.value} (p. ${field.page})`);
    for (const exception of confirmed.confirmed?.exceptions ?? [])
      expect(text).toContain(`${exception.criterion} — ${exception.description} (p. ${exception.page})`);
    for (const cuec of confirmed.confirmed?.cuecs ?? []) expect(text).toContain(`${cuec.text} (p. ${cuec.page})`);
    // A document read but not confirmed says nothing to the agent.
    const unconfirmed = await uploadRead({ name: 'bluefin-soc2-unconfirmed.pdf', bytes: report.bytes });
    const after = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      confirmedDocumentBriefLines(tx, fixture.orgs.a.id, vendorId),
    );
    expect(after.join('\n')).not.toContain(unconfirmed.document.fileName);
  });

  it('opens a renewal task on the vendor’s owner for an expired report and records the confirmation on the trail', async () => {
    // Period end 2025-03-31, bridge letter 2025-06-15: counts until 2026-06-15.
    expect(confirmed.document.expiresOn).toBe('2026-06-15');
    const renewalId = confirmed.consequences?.renewalTaskRequestId ?? '';
    const [task] = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select().from(taskRequests).where(eq(taskRequests.id, renewalId)),
    );
    expect(task).toMatchObject({
      source: 'vendor_document',
      requestedBy: fixture.userIds.clientOfA,
      title: 'Renew Bluefin Payroll’s SOC 2 report (V-001)',
    });
    const entries = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, read.document.id), eq(auditEvents.action, 'vendor_document.confirm'))),
    );
    expect(entries).toHaveLength(1);
  });

  it('sends vendor.document_expiring once per date and opens no second renewal', async () => {
    const first = await runVendorDocumentExpiry(database.db, app.jobs);
    expect(first.expiring).toBeGreaterThanOrEqual(1);
    expect(first.renewals).toBe(0);
    expect(await runVendorDocumentExpiry(database.db, app.jobs)).toEqual({ expiring: 0, renewals: 0 });
  });
});

const jobsOf = async (type: string, documentId: string) =>
  (
    (await database.db.execute(
      sql`select data from pgboss.job where name = 'domain-event' and data->>'type' = ${type} and data->'data'->>'documentId' = ${documentId}`,
    )) as unknown as { rows: { data: { data: { expired: boolean } } }[] }
  ).rows.map((row) => row.data.data.expired);

describe('a certificate that expires after it was confirmed', () => {
  it('is announced 30 days before, then gets a renewal task on the owner once it expires, each once', async () => {
    const read = await uploadRead({ name: 'iso-certificate.pdf', bytes: other('iso-01-labels').bytes });
    expect(read.document).toMatchObject({ status: 'read', kind: 'iso27001_certificate' });
    const now = new Date();
    const in10Days = new Date(now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const body = confirmAll(read);
    const validUntil = body.fields.find((field) => field.key === 'validUntil');
    if (!validUntil) throw new Error('the reader found no validUntil');
    validUntil.value = in10Days;
    const confirmed = readJson(await confirm(read.document.id, body), vendorDocumentExtractionSchema);
    expect(confirmed.document.expiresOn).toBe(in10Days);
    expect(confirmed.consequences).toMatchObject({ cuecRequirements: [], finding: null, renewalTaskRequestId: null });

    expect((await runVendorDocumentExpiry(database.db, app.jobs, now)).renewals).toBe(0);
    expect(await jobsOf('vendor.document_expiring', read.document.id)).toEqual([false]);
    const later = new Date(now.getTime() + 11 * 86_400_000);
    expect(await runVendorDocumentExpiry(database.db, app.jobs, later)).toEqual({ expiring: 1, renewals: 1 });
    expect(await runVendorDocumentExpiry(database.db, app.jobs, later)).toEqual({ expiring: 0, renewals: 0 });
    expect((await jobsOf('vendor.document_expiring', read.document.id)).sort()).toEqual([false, true]);
    const after = await extraction(read.document.id);
    const [task] = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .select()
        .from(taskRequests)
        .where(eq(taskRequests.id, after.consequences?.renewalTaskRequestId ?? '')),
    );
    expect(task).toMatchObject({ source: 'vendor_document', requestedBy: fixture.userIds.clientOfA });
  });
});

describe('the rules of a confirmed document', () => {
  const soc2 = (fields: Record<string, string>, exceptions = 0) => ({
    kind: 'soc2_report' as const,
    fields: Object.entries(fields).map(([key, value]) => ({ key: key as 'opinion', value, page: 1, corrected: false })),
    exceptions: Array.from({ length: exceptions }, () => ({ criterion: 'CC6.1', description: 'x', page: 2 })),
    cuecs: [],
    subserviceOrganizations: [],
  });

  it('counts a SOC 2 report twelve months past its period, or a later bridge letter; a Type I past its date', () => {
    expect(documentExpiresOn(soc2({ periodEnd: '2026-02-28' }))).toBe('2027-02-28');
    expect(documentExpiresOn(soc2({ periodEnd: '2025-12-31', bridgeLetterDate: '2026-03-31' }))).toBe('2027-03-31');
    expect(documentExpiresOn(soc2({ asOfDate: '2026-05-31' }))).toBe('2027-05-31');
    expect(documentExpiresOn(soc2({ opinion: 'unqualified' }))).toBeNull();
  });

  it('raises the residual risk a step for exceptions, to high for a qualified opinion, to critical for adverse or a disclaimer', () => {
    expect(raisedResidualRisk(null, soc2({ opinion: 'unqualified' }))).toBeNull();
    expect(raisedResidualRisk('low', soc2({ opinion: 'unqualified' }, 2))).toBe('medium');
    expect(raisedResidualRisk(null, soc2({ opinion: 'unqualified' }, 1))).toBe('medium');
    expect(raisedResidualRisk('medium', soc2({ opinion: 'qualified' }))).toBe('high');
    expect(raisedResidualRisk('high', soc2({ opinion: 'qualified' }))).toBe('critical');
    expect(raisedResidualRisk('low', soc2({ opinion: 'adverse' }))).toBe('critical');
    expect(raisedResidualRisk('critical', soc2({ opinion: 'disclaimer' }))).toBeNull();
  });
});
