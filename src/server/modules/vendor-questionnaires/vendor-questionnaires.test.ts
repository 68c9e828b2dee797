import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race } from '../../../../tests/race.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, tenantErrorOf } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { createdApiKeySchema } from '../../../shared/schemas/integrations.ts';
import {
  publicVendorQuestionnaireSchema,
  scoreVendorAnswers,
  VENDOR_QUESTION_TEMPLATES,
  vendorQuestionnaireFileSchema,
  vendorQuestionnaireListSchema,
  vendorQuestionnaireSchema,
  type VendorQuestionnaire,
} from '../../../shared/schemas/vendor-questionnaires.ts';
import { type Vendor, vendorSchema } from '../../../shared/schemas/vendors.ts';
import { buildApp } from '../../app.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { vendorQuestionnaires } from '../../db/schema/vendor-questionnaires.ts';
import { parseEnv } from '../../env.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/**
 * Vendor questionnaires through the real routes (docs/vendor-questionnaires.md): sending by tier, the
 * e-mailed link, the vendor's answers, files and single submission, expiry, races, the score, the
 * drafted assessment in the review queue, `vendor.questionnaire_submitted`, tenancy and API-key scopes.
 */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
let smtp: SMTPServer;
/** What the real SMTP server the app sends through received, soft line breaks undone. */
const delivered: string[] = [];
const system = { kind: 'all', userId: null } as const;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n% SOC 2 Type II report\n%%EOF\n');

const call = (actor: TenantActor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });
const read = <T>(work: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) => withTenant(database.db, system, work);

async function newVendor(actor: TenantActor, tier: number, name: string): Promise<Vendor> {
  return readJson(
    await call(actor, 'POST', '/api/v1/vendors', { name, tier, services: 'Hosted payroll', dataCategories: ['personal', 'payment'] }),
    vendorSchema,
  );
}

/** Sends a questionnaire and returns it with the token from the e-mail the contact received. */
async function send(vendorId: string, email: string, body: object = {}, actor: TenantActor = 'clientOfA') {
  const response = await call(actor, 'POST', `/api/v1/vendors/${vendorId}/questionnaires`, { contactEmail: email, ...body });
  const questionnaire = readJson(response, vendorQuestionnaireSchema);
  const [mail] = await read((tx) =>
    tx
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.toAddress, email), eq(outboundEmails.kind, 'vendor.questionnaire')))
      .orderBy(desc(outboundEmails.createdAt))
      .limit(1),
  );
  const token = /\/vendor-questionnaire\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1];
  if (!token) throw new Error(`No questionnaire e-mail to ${email}`);
  return { questionnaire, token, mail: mail! };
}

const vendorSide = (method: 'GET' | 'PUT' | 'POST', token: string, suffix = '', payload?: object) =>
  app.inject({
    method,
    url: `/api/v1/vendor-questionnaire/${token}${suffix}`,
    headers: { 'user-agent': 'vendor-browser' },
    ...(payload ? { payload } : {}),
  });

const allYes = (questions: readonly { id: string; kind: string }[]) =>
  Object.fromEntries(
    questions.map((question) => [question.id, { value: question.kind === 'yes_no' ? 'yes' : 'EU (Frankfurt)', comment: '' }]),
  );

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-vquest-'));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        delivered.push(data.replace(/=\r?\n/g, ''));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: smtpUrl }) });
  fixture = await createTenantFixture(app, database);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the scoring rule', () => {
  const questions = VENDOR_QUESTION_TEMPLATES[4];
  it('weighs yes, half for partly, nothing for no, leaves out not applicable; a critical no makes it weak', () => {
    expect(scoreVendorAnswers(questions, allYes(questions))).toEqual({ score: 100, band: 'strong', criticalGaps: [] });
    // Core: assurance 3, mfa 3 (critical), encryption 3 (critical), incident 2 (critical) = 11.
    const partly = {
      ...allYes(questions),
      assurance: { value: 'partial', comment: '' },
      incident: { value: 'not_applicable', comment: '' },
    };
    expect(scoreVendorAnswers(questions, partly)).toEqual({ score: Math.round((7.5 / 9) * 100), band: 'strong', criticalGaps: [] });
    const gap = { ...allYes(questions), mfa: { value: 'no', comment: 'Planned' } };
    expect(scoreVendorAnswers(questions, gap)).toEqual({ score: Math.round((8 / 11) * 100), band: 'weak', criticalGaps: ['mfa'] });
    expect(scoreVendorAnswers(questions, {})).toMatchObject({ score: 0, band: 'weak' });
  });
});

describe('a vendor answers a questionnaire through its link', () => {
  let vendor: Vendor;
  let sent: Awaited<ReturnType<typeof send>>;

  beforeAll(async () => {
    vendor = await newVendor('clientOfA', 2, 'Paywise Ltd');
    sent = await send(vendor.id, 'security@paywise.example', { contactName: 'Sam', message: 'Before we sign.' });
  });

  it('sends the tier’s set by e-mail with an expiring link whose hash alone is stored, and puts a proposed vendor in review', async () => {
    expect(sent.questionnaire).toMatchObject({ template: 'tier_2', status: 'sent', contactEmail: 'security@paywise.example', score: null });
    expect(sent.questionnaire.questions.map((question) => question.id)).toEqual(
      VENDOR_QUESTION_TEMPLATES[2].map((question) => question.id),
    );
    expect(sent.mail.subject).toContain('Paywise Ltd');
    // The mail worker delivers it through real SMTP, link and all.
    await expect
      .poll(() => delivered.find((message) => message.includes('To: security@paywise.example')) ?? '', { timeout: 15_000, interval: 100 })
      .toContain(`/vendor-questionnaire/${sent.token}`);
    const [row] = await read((tx) => tx.select().from(vendorQuestionnaires).where(eq(vendorQuestionnaires.id, sent.questionnaire.id)));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(sent.token);
    const days = (new Date(sent.questionnaire.expiresAt).getTime() - new Date(sent.questionnaire.sentAt).getTime()) / 86_400_000;
    expect(days).toBe(14);
    expect(readJson(await call('clientOfA', 'GET', `/api/v1/vendors/${vendor.id}`), vendorSchema).status).toBe('in_review');
  });

  it('opens without an account, saves answers, keeps an attached file, and refuses answers to questions it does not ask', async () => {
    const opened = readJson(await vendorSide('GET', sent.token), publicVendorQuestionnaireSchema);
    expect(opened).toMatchObject({ vendorName: 'Paywise Ltd', contactName: 'Sam', message: 'Before we sign.', answers: {}, savedAt: null });
    const saved = readJson(
      await vendorSide('PUT', sent.token, '/answers', { answers: { mfa: { value: 'yes', comment: 'Okta for all staff' } } }),
      publicVendorQuestionnaireSchema,
    );
    expect(saved.answers).toEqual({ mfa: { value: 'yes', comment: 'Okta for all staff' } });
    const bad = await vendorSide('PUT', sent.token, '/answers', { answers: { made_up: { value: 'yes' }, mfa: { value: 'maybe' } } });
    expect(bad.statusCode).toBe(400);
    expect(
      JSON.parse(bad.body)
        .error.issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['answers.made_up', 'answers.mfa']);
    const attached = await app.inject({
      method: 'POST',
      url: `/api/v1/vendor-questionnaire/${sent.token}/files?fileName=soc2.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: PDF,
    });
    expect(readJson(attached, vendorQuestionnaireFileSchema)).toMatchObject({ fileName: 'soc2.pdf', sizeBytes: PDF.length });
    const lying = await app.inject({
      method: 'POST',
      url: `/api/v1/vendor-questionnaire/${sent.token}/files?fileName=x.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('not a pdf'),
    });
    expect(lying.statusCode).toBe(415);
  });

  it('submits once: scored, the review request opened for the vendor-review agent, the event sent; the link then refuses', async () => {
    const answers = { ...allYes(VENDOR_QUESTION_TEMPLATES[2]), backups: { value: 'partial', comment: 'Restores untested' } };
    const submitted = await vendorSide('POST', sent.token, '/submission', { answers });
    expect(submitted.statusCode, submitted.body).toBe(201);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '/answers', { answers }],
      ['POST', '/submission', { answers }],
    ] as const) {
      const again = await vendorSide(method, sent.token, suffix, body);
      expect(again.statusCode).toBe(409);
      expect(tenantErrorOf(again.body).code).toBe('QUESTIONNAIRE_SUBMITTED');
    }
    const { questionnaires } = readJson(
      await call('staffOfA', 'GET', `/api/v1/vendors/${vendor.id}/questionnaires`),
      vendorQuestionnaireListSchema,
    );
    const [done] = questionnaires as [VendorQuestionnaire];
    // tier 2: weights 3+3+3+2 + 2+2+2+1+2 = 20; backups (2) half = 19/20.
    expect(done).toMatchObject({
      status: 'submitted',
      score: 95,
      scoreBand: 'strong',
      criticalGaps: [],
      files: [{ fileName: 'soc2.pdf' }],
    });
    expect(done.answers.mfa).toEqual({ value: 'yes', comment: '' });
    // The attached file: the organization's users download it; another organization's get 404.
    const fileUrl = `/api/v1/vendor-questionnaires/${done.id}/files/${done.files[0]!.id}`;
    const file = await call('clientOfA', 'GET', fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await call('clientOfB', 'GET', fileUrl)).statusCode).toBe(404);
    expect(done.assessment?.taskRequestId).toMatch(/^[0-9a-f-]{36}$/);
    const [task] = await read((tx) => tx.select().from(taskRequests).where(eq(taskRequests.id, done.assessment!.taskRequestId)));
    expect(task).toMatchObject({
      source: 'vendor_questionnaire',
      workKind: 'vendor_review',
      agentId: 'vendor-reviewer',
      requestedBy: fixture.userIds.clientOfA,
    });
    expect(task?.description).toContain('Questionnaire score: 95/100 (Strong)');
    expect(task?.description).toContain('Restores untested');
    const events = (await database.db.execute(
      sql`select data from pgboss.job where name = 'domain-event' and data->>'type' = 'vendor.questionnaire_submitted' and data->>'entityId' = ${vendor.id}`,
    )) as unknown as { rows: { data: { organizationId: string; data: Record<string, unknown> } }[] };
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]?.data).toMatchObject({
      organizationId: fixture.orgs.a.id,
      data: { questionnaireId: done.id, score: 95, scoreBand: 'strong' },
    });
    const trail = await read((tx) =>
      tx
        .select({ action: auditEvents.action, actorId: auditEvents.actorId })
        .from(auditEvents)
        .where(eq(auditEvents.entityId, done.id))
        .orderBy(auditEvents.seq),
    );
    expect(trail.map((entry) => entry.action)).toEqual([
      'vendor_questionnaire.send',
      'vendor_questionnaire.save',
      'vendor_questionnaire.attach',
      'vendor_questionnaire.submit',
    ]);
    expect(trail.slice(1).every((entry) => entry.actorId === null)).toBe(true);
  });

  it('lets the vendor-review agent draft the assessment into the review queue, shown with the questionnaire', async () => {
    const { questionnaires } = readJson(
      await call('clientOfA', 'GET', `/api/v1/vendors/${vendor.id}/questionnaires`),
      vendorQuestionnaireListSchema,
    );
    const taskRequestId = questionnaires[0]!.assessment!.taskRequestId;
    // The app's own agent-run worker drafts it with the built-in provider, as in production.
    await expect
      .poll(async () => (await read((tx) => tx.select().from(aiOutputs).where(eq(aiOutputs.taskRequestId, taskRequestId))))[0], {
        timeout: 30_000,
        interval: 200,
      })
      .toMatchObject({ type: 'vendor_review', status: 'pending_review', title: 'Vendor security review — Paywise Ltd' });
    const after = readJson(await call('clientOfA', 'GET', `/api/v1/vendors/${vendor.id}/questionnaires`), vendorQuestionnaireListSchema);
    expect(after.questionnaires[0]?.assessment).toMatchObject({
      taskStatus: 'in_review',
      draft: { title: 'Vendor security review — Paywise Ltd', status: 'pending_review', version: 1 },
    });
  });

  it('lets the client record the outcome through updateVendor: approved with conditions', async () => {
    const updated = await call('clientOfA', 'PATCH', `/api/v1/vendors/${vendor.id}`, {
      status: 'approved_with_conditions',
      conditions: 'Restore test evidence within 90 days.',
      residualRisk: 'low',
    });
    expect(readJson(updated, vendorSchema)).toMatchObject({
      status: 'approved_with_conditions',
      conditions: 'Restore test evidence within 90 days.',
    });
  });
});

describe('links that expire, races and the client’s own questions', () => {
  it('answers 410 with a code once the link has expired, and 404 for a token nobody was sent', async () => {
    const vendor = await newVendor('clientOfA', 4, 'Expiring Co');
    const { questionnaire, token } = await send(vendor.id, 'it@expiring.example', { expiresInDays: 1 });
    expect(questionnaire.questions).toHaveLength(VENDOR_QUESTION_TEMPLATES[4].length);
    expect((await vendorSide('GET', token)).statusCode).toBe(200);
    await read((tx) =>
      tx
        .update(vendorQuestionnaires)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(vendorQuestionnaires.id, questionnaire.id)),
    );
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/submission'],
    ] as const) {
      const expired = await vendorSide(method, token, suffix, method === 'POST' ? { answers: {} } : undefined);
      expect(expired.statusCode).toBe(410);
      expect(tenantErrorOf(expired.body).code).toBe('QUESTIONNAIRE_EXPIRED');
    }
    const listed = readJson(await call('clientOfA', 'GET', `/api/v1/vendors/${vendor.id}/questionnaires`), vendorQuestionnaireListSchema);
    expect(listed.questionnaires[0]).toMatchObject({ status: 'sent', expired: true });
    const unknown = await vendorSide('GET', 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
  });

  it('takes one of several simultaneous submissions; the others get 409 and the review is opened once', async () => {
    const vendor = await newVendor('clientOfA', 4, 'Racing Co');
    const { questionnaire, token } = await send(vendor.id, 'it@racing.example');
    const outcome = await race(app, {
      times: 4,
      request: () => ({
        method: 'POST',
        url: `/api/v1/vendor-questionnaire/${token}/submission`,
        payload: { answers: allYes(questionnaire.questions) },
      }),
      trail: { db: database.db, action: 'vendor_questionnaire.submit', entityId: questionnaire.id },
    });
    expect(outcome.statuses).toEqual({ 201: 1, 409: 3 });
    expect(outcome.codes).toEqual({ QUESTIONNAIRE_SUBMITTED: 3 });
    expect(outcome.trailEntries).toBe(1);
    const tasks = await read((tx) =>
      tx.select({ id: taskRequests.id }).from(taskRequests).where(eq(taskRequests.title, 'Vendor security review of Racing Co')),
    );
    expect(tasks).toHaveLength(1);
  });

  it('sends the client’s own questions, and refuses own questions without the custom template', async () => {
    const vendor = await newVendor('staffOfA', 3, 'Custom Co');
    const own = [
      {
        id: 'soc2_bridge',
        area: 'Assurance',
        text: 'Will you send a bridge letter for the gap?',
        kind: 'yes_no',
        weight: 3,
        critical: true,
      },
    ];
    const { questionnaire } = await send(vendor.id, 'it@custom.example', { template: 'custom', questions: own }, 'staffOfA');
    expect(questionnaire).toMatchObject({ template: 'custom', questions: own, sentBy: { id: fixture.userIds.staffOfA } });
    const mismatched = await call('staffOfA', 'POST', `/api/v1/vendors/${vendor.id}/questionnaires`, {
      contactEmail: 'a@b.example',
      questions: own,
    });
    expect(mismatched.statusCode).toBe(400);
  });
});

describe('tenancy and scopes', () => {
  let vendorOfA: Vendor;
  let vendorOfB: Vendor;
  beforeAll(async () => {
    vendorOfA = await newVendor('clientOfA', 3, 'Tenant Co');
    vendorOfB = await newVendor('clientOfB', 3, 'Keyed Co');
  });

  it('answers 404 to another organization’s users and to unassigned staff, on sending and on reading', async () => {
    for (const actor of ['clientOfB', 'staffUnassigned'] as const) {
      const sentByOther = await call(actor, 'POST', `/api/v1/vendors/${vendorOfA.id}/questionnaires`, { contactEmail: 'x@other.example' });
      expect(sentByOther.statusCode).toBe(404);
      expect((await call(actor, 'GET', `/api/v1/vendors/${vendorOfA.id}/questionnaires`)).statusCode).toBe(404);
    }
    expect((await call('administrator', 'GET', `/api/v1/vendors/${vendorOfA.id}/questionnaires`)).statusCode).toBe(200);
    const sent = await read((tx) => tx.select().from(outboundEmails).where(eq(outboundEmails.toAddress, 'x@other.example')));
    expect(sent).toHaveLength(0);
  });

  it('lets a vendors key read but only a read-write one send; other scopes are refused', async () => {
    const keyOf = async (scopes: Record<string, string>) =>
      readJson(
        await call('clientOfB', 'POST', '/api/v1/integrations/api-keys', { organizationId: fixture.orgs.b.id, name: 'CI', scopes }),
        createdApiKeySchema,
      ).key;
    const reader = await keyOf({ vendors: 'read' });
    const writer = await keyOf({ vendors: 'read_write' });
    const other = await keyOf({ risks: 'read_write' });
    const url = `/api/v1/vendors/${vendorOfB.id}/questionnaires`;
    expect((await app.inject({ method: 'GET', url, headers: { 'x-api-key': reader } })).statusCode).toBe(200);
    // A key of organization B reaches nothing of A's.
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/vendors/${vendorOfA.id}/questionnaires`, headers: { 'x-api-key': writer } }))
        .statusCode,
    ).toBe(404);
    const refused = await app.inject({ method: 'POST', url, headers: { 'x-api-key': reader }, payload: { contactEmail: 'k@key.example' } });
    expect(refused.statusCode).toBe(403);
    expect(tenantErrorOf(refused.body).code).toBe('API_KEY_SCOPE_MISSING');
    expect((await app.inject({ method: 'GET', url, headers: { 'x-api-key': other } })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url, headers: { 'x-api-key': writer }, payload: { contactEmail: 'k@key.example' } })).statusCode,
    ).toBe(201);
  });
});
