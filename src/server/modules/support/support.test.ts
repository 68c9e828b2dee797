import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, tenantErrorOf, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { ATTACHMENT_MAX_BYTES } from '../../../shared/schemas/deliverables.ts';
import { searchResponseSchema } from '../../../shared/schemas/search.ts';
import {
  supportAttachmentSchema,
  supportRequestDetailSchema,
  supportRequestListSchema,
  type SupportRequestDetail,
} from '../../../shared/schemas/support.ts';
import { buildApp } from '../../app.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { supportRequests } from '../../db/schema/support.ts';
import { parseEnv } from '../../env.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { sha256Of } from '../../platform/files/file-store.ts';

/** Support requests through the real routes: create, thread, status, e-mail, attachments, tenancy and the queue. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
const emails = new Map<TenantActor, string>();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('…a screenshot of the error')]);

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-support-'));
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }) });
  fixture = await createTenantFixture(app, database);
  const rows = await database.db
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(inArray(authUsers.id, Object.values(fixture.userIds)));
  for (const [actor, id] of Object.entries(fixture.userIds))
    emails.set(actor as TenantActor, rows.find((row) => row.id === id)?.email ?? '');
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const auth = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const call = (actor: TenantActor, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: auth(actor), ...(payload ? { payload } : {}) });
const upload = (actor: TenantActor, bytes: Buffer, contentType: string, query = 'fileName=screenshot.png') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/support-attachments?${query}`,
    headers: { ...auth(actor), 'content-type': contentType },
    payload: bytes,
  });

async function open(actor: TenantActor, overrides: Record<string, unknown> = {}): Promise<SupportRequestDetail> {
  const response = await call(actor, 'POST', '/api/v1/support-requests', {
    subject: 'Cannot export the risk register',
    category: 'technical_problem',
    priority: 'urgent',
    message: 'The CSV export button spins forever since this morning.',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, supportRequestDetailSchema);
}

const mailsTo = (address: string) =>
  database.db
    .select({ subject: outboundEmails.subject, text: outboundEmails.textBody, kind: outboundEmails.kind })
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, address));

describe('opening a support request and its thread', () => {
  it('opens with an attachment hashed, e-mails the assigned staff, records the audit trail and starts the SLA clock', async () => {
    const uploaded = await upload('clientOfA', PNG, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = readJson(uploaded, supportAttachmentSchema);
    expect(file.sha256).toBe(sha256Of(PNG));

    const before = Date.now();
    const created = await open('clientOfA', { attachmentIds: [file.id], subject: 'Quarantined zebra export' });
    expect(created).toMatchObject({ status: 'open', priority: 'urgent', category: 'technical_problem', organizationId: fixture.orgs.a.id });
    expect(created.sla.state).toBe('due');
    const dueIn = new Date(created.sla.dueAt).getTime() - new Date(created.createdAt).getTime();
    expect(dueIn).toBe(4 * 60 * 60 * 1000);
    expect(created.sla.remainingMs).toBeLessThanOrEqual(4 * 60 * 60 * 1000);
    expect(new Date(created.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(created.messages).toHaveLength(1);
    expect(created.messages[0]?.attachments.map((attachment) => attachment.sha256)).toEqual([sha256Of(PNG)]);

    const staffMails = await mailsTo(emails.get('staffOfA') ?? '');
    expect(
      staffMails.some((mail) => mail.subject === 'New support request: “Quarantined zebra export”' && mail.kind === 'support-reply'),
    ).toBe(true);
    // Nobody outside organization A's staff hears of it.
    expect((await mailsTo(emails.get('staffUnassigned') ?? '')).some((mail) => mail.subject.includes('zebra'))).toBe(false);

    const trail = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.entityId, created.id)),
    );
    expect(trail.map((event) => event.action)).toEqual(['support_request.create']);

    const download = await call('clientOfA', 'GET', `/api/v1/support-attachments/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const foreign = await call('clientOfB', 'GET', `/api/v1/support-attachments/${file.id}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('threads staff and client replies, stops the clock at the first answer and e-mails the other side each time', async () => {
    const created = await open('clientOfA', { subject: 'Billing address on invoices', category: 'billing', priority: 'normal' });
    const answer = await call('staffOfA', 'POST', `/api/v1/support-requests/${created.id}/messages`, {
      body: 'We have updated the address; next invoice shows it.',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const answered = readJson(answer, supportRequestDetailSchema);
    expect(answered.status).toBe('waiting_on_client');
    expect(answered.sla.state).toBe('met');
    expect(answered.firstResponseAt).not.toBeNull();
    expect(answered.messages.map((message) => message.authorKind)).toEqual(['client', 'staff']);

    const clientMails = await mailsTo(emails.get('clientOfA') ?? '');
    const reply = clientMails.find((mail) => mail.subject === 'New reply on “Billing address on invoices”');
    expect(reply?.text).toContain('We have updated the address');
    expect(reply?.text).toContain(`/dashboard-compliancecore?tab=support&request=${created.id}`);
    const inApp = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.sourceKey, `support-message:${answered.messages[1]?.id}`)),
    );
    expect(inApp.map((row) => [row.userId, row.kind])).toEqual([[fixture.userIds.clientOfA, 'support']]);

    const back = await call('clientOfA', 'POST', `/api/v1/support-requests/${created.id}/messages`, {
      body: 'Thanks, one more question about VAT.',
    });
    expect(readJson(back, supportRequestDetailSchema).status).toBe('in_progress');
    const staffMails = await mailsTo(emails.get('staffOfA') ?? '');
    expect(staffMails.some((mail) => mail.subject === 'New reply on “Billing address on invoices”' && mail.text.includes('VAT'))).toBe(
      true,
    );
  });

  it('lets the client close and reopen, and keeps the other statuses for staff', async () => {
    const created = await open('clientOfA', { subject: 'Add a colleague', category: 'access', priority: 'low' });
    const refused = await call('clientOfA', 'POST', `/api/v1/support-requests/${created.id}/status`, { status: 'resolved' });
    expect(refused.statusCode).toBe(403);
    const closed = await call('clientOfA', 'POST', `/api/v1/support-requests/${created.id}/status`, { status: 'closed' });
    expect(readJson(closed, supportRequestDetailSchema).status).toBe('closed');
    const reopened = await call('clientOfA', 'POST', `/api/v1/support-requests/${created.id}/status`, { status: 'open' });
    expect(readJson(reopened, supportRequestDetailSchema).status).toBe('open');
    const staff = await call('staffOfA', 'POST', `/api/v1/support-requests/${created.id}/status`, { status: 'resolved' });
    expect(readJson(staff, supportRequestDetailSchema).status).toBe('resolved');
    const trail = await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx.select({ action: auditEvents.action, after: auditEvents.after }).from(auditEvents).where(eq(auditEvents.entityId, created.id)),
    );
    expect(
      trail.filter((event) => event.action === 'support_request.status').map((event) => (event.after as { status: string }).status),
    ).toEqual(['closed', 'open', 'resolved']);
  });
});

describe('attachments are checked and limited', () => {
  it('refuses a file whose bytes are not its type, an empty one, one over 10 MB, and another person’s upload', async () => {
    expect((await upload('clientOfA', Buffer.from('not a png at all'), 'image/png')).statusCode).toBe(415);
    expect((await upload('clientOfA', Buffer.alloc(0), 'text/plain')).statusCode).toBe(400);
    expect((await upload('clientOfA', Buffer.from('x'), 'application/x-msdownload')).statusCode).toBe(415);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    expect((await upload('clientOfA', tooBig, 'image/png')).statusCode).toBe(413);

    const staffFile = readJson(
      await upload('staffOfA', PNG, 'image/png', `fileName=diagram.png&organizationId=${fixture.orgs.a.id}`),
      supportAttachmentSchema,
    );
    const response = await call('clientOfA', 'POST', '/api/v1/support-requests', {
      subject: 'Borrowing a file',
      category: 'question',
      priority: 'normal',
      message: 'This links a file somebody else uploaded.',
      attachmentIds: [staffFile.id],
    });
    expect(response.statusCode).toBe(400);
    const tooMany = await call('clientOfA', 'POST', '/api/v1/support-requests', {
      subject: 'Many files',
      category: 'question',
      priority: 'normal',
      message: 'Six files is one too many.',
      attachmentIds: Array.from({ length: 6 }, () => staffFile.id),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('tenancy', () => {
  it('answers another organization’s request as 404 for read, reply and status, and lists only one’s own', async () => {
    const created = await open('clientOfA', { subject: 'Private to Acme' });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const actor of ['clientOfB', 'staffUnassigned'] as const) {
      const read = await call(actor, 'GET', `/api/v1/support-requests/${created.id}`);
      const reply = await call(actor, 'POST', `/api/v1/support-requests/${created.id}/messages`, { body: 'Hello?' });
      const status = await call(actor, 'POST', `/api/v1/support-requests/${created.id}/status`, { status: 'closed' });
      const absent = await call(actor, 'GET', `/api/v1/support-requests/${missing}`);
      for (const response of [read, reply, status]) {
        expect(response.statusCode, `${actor}: ${response.body}`).toBe(404);
        expect(tenantErrorOf(response.body)).toEqual(tenantErrorOf(absent.body));
      }
    }
    const listB = readJson(await call('clientOfB', 'GET', '/api/v1/support-requests'), supportRequestListSchema);
    expect(listB.requests.some((request) => request.id === created.id)).toBe(false);
    const listA = readJson(await call('clientOfA', 'GET', '/api/v1/support-requests?q=acme'), supportRequestListSchema);
    expect(listA.requests.map((request) => request.subject)).toEqual(['Private to Acme']);
    for (const actor of ['staffOfA', 'administrator'] as const) {
      expect((await call(actor, 'GET', `/api/v1/support-requests/${created.id}`)).statusCode).toBe(200);
    }
  });

  it('finds one’s own requests in the search dialog, never another organization’s', async () => {
    await open('clientOfA', { subject: 'Quasar widget outage' });
    await open('clientOfB', { subject: 'Quasar widget question', priority: 'low' });
    const searchAs = async (actor: TenantActor) =>
      readJson(
        await app.inject({ method: 'GET', url: '/functions/v1/search-content?q=quasar', headers: auth(actor) }),
        searchResponseSchema,
      ).supportRequests?.map((hit) => hit.subject) ?? [];
    expect(await searchAs('clientOfA')).toEqual(['Quasar widget outage']);
    expect(await searchAs('clientOfB')).toEqual(['Quasar widget question']);
    expect(await searchAs('staffUnassigned')).toEqual([]);
    const anonymous = await app.inject({
      method: 'GET',
      url: '/functions/v1/search-content?q=quasar',
      headers: { authorization: `Bearer ${app.authKeys.anonKey}` },
    });
    expect(readJson(anonymous, searchResponseSchema).supportRequests).toBeUndefined();
  });
});

describe('the staff queue', () => {
  it('shows staff only the organizations they serve, due first, with filters; clients are refused', async () => {
    const normal = await open('clientOfA', { subject: 'Queue normal', priority: 'normal' });
    const urgent = await open('clientOfA', { subject: 'Queue urgent', priority: 'urgent' });
    const other = await open('clientOfB', { subject: 'Queue in B', priority: 'urgent' });
    // An overdue request: its clock ran out an hour ago.
    await withTenant(database.db, { kind: 'all', userId: null }, (tx) =>
      tx
        .update(supportRequests)
        .set({ firstResponseDueAt: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(supportRequests.id, normal.id)),
    );
    const queueOf = async (actor: TenantActor, query = '') => {
      const response = await call(actor, 'GET', `/api/v1/support-queue${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return readJson(response, supportRequestListSchema).requests;
    };
    const staffQueue = await queueOf('staffOfA');
    const ids = staffQueue.map((request) => request.id);
    expect(ids).not.toContain(other.id);
    expect(ids.indexOf(normal.id)).toBeLessThan(ids.indexOf(urgent.id));
    expect(staffQueue.find((request) => request.id === normal.id)?.sla.state).toBe('overdue');
    expect(staffQueue.every((request) => request.organizationId === fixture.orgs.a.id)).toBe(true);
    expect(await queueOf('staffUnassigned')).toEqual([]);
    const adminQueue = await queueOf('administrator', `?priority=urgent&organizationId=${fixture.orgs.b.id}`);
    expect(adminQueue.map((request) => request.id)).toContain(other.id);
    expect(adminQueue.every((request) => request.priority === 'urgent' && request.organizationId === fixture.orgs.b.id)).toBe(true);
    const closedOnly = await queueOf('administrator', '?status=closed');
    expect(closedOnly.every((request) => request.status === 'closed')).toBe(true);
    expect((await call('clientOfA', 'GET', '/api/v1/support-queue')).statusCode).toBe(403);
  });
});
