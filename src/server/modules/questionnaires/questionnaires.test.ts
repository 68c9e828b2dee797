import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import {
  buildSecurityQuestionnaire,
  COLUMNS,
  HEADER_ROW,
  QUESTIONNAIRE_SHEET,
  SECURITY_QUESTIONS,
} from '../../../../tests/fixtures/security-questionnaire.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { answerLibrarySchema, HIGH_CONFIDENCE, type Questionnaire, questionnaireSchema } from '../../../shared/schemas/questionnaires.ts';
import { loadSampleDataResultSchema } from '../../../shared/schemas/sample-data.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { evidenceUpload } from '../evidence/programme-test-fixture.ts';
import { answerQuestionnaireQuestions } from './questionnaire-answering.ts';

/**
 * Issue 36 items 1–2 through the real app: the sample organization's answer library, the
 * 150-question workbook (tests/fixtures/security-questionnaire.ts) uploaded, answered by the job's own
 * function (workers are off, so the test runs it where the worker would), reviewed and exported back
 * into the client's workbook; bad files refused; tenancy and the 409 of a second start.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
let sampleOrgId = '';
let workbook: Awaited<ReturnType<typeof buildSecurityQuestionnaire>>;
let answered: Questionnaire;

const auth = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });

async function upload(actor: TenantActor, fields: object, file: { name: string; bytes: Buffer }) {
  const body = evidenceUpload(fields, file);
  return app.inject({ method: 'POST', url: '/api/v1/questionnaires', headers: { ...auth(actor), ...body.headers }, payload: body.payload });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'questionnaires-'));
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off', DATA_DIR: dataDir }) });
  await app.ready();
  fixture = await createTenantFixture(app, database);
  const dataAdmin = await createTestUser(app);
  await ensureProfile(database.db, { userId: dataAdmin.userId, userType: 'staff' });
  await grantRole(database.db, { userId: dataAdmin.userId, role: 'consultant', isDataAiAdmin: true });
  const loaded = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/sample-data',
    headers: { authorization: `Bearer ${dataAdmin.accessToken}` },
  });
  sampleOrgId = readJson(loaded, loadSampleDataResultSchema).organization?.id ?? '';
  workbook = await buildSecurityQuestionnaire();
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the answer library', () => {
  it('is built from the sample organization’s controls, evidence, policies and frameworks, each with sources', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/answer-library?organizationId=${sampleOrgId}`,
      headers: auth('administrator'),
    });
    const library = readJson(response, answerLibrarySchema);
    const kinds = new Set(library.answers.map((answer) => answer.kind));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['control', 'evidence', 'framework']));
    expect(library.answers.every((answer) => answer.sources.length > 0)).toBe(true);
    const soc2 = library.answers.find((answer) => answer.id === 'framework:soc2');
    expect(soc2?.answer).toMatch(/SOC 2.*readiness is \d+ %/);
    const implemented = library.answers.find((answer) => answer.kind === 'control' && answer.shortAnswer === 'yes');
    expect(implemented?.owner).not.toBeNull();
  });

  it('answers the third-party questions from the vendor register, citing the vendors it names', async () => {
    const library = async () =>
      readJson(
        await app.inject({ method: 'GET', url: `/api/v1/answer-library?organizationId=${sampleOrgId}`, headers: auth('administrator') }),
        answerLibrarySchema,
      ).answers;
    expect((await library()).some((answer) => answer.kind === 'vendor')).toBe(false); // no register yet: nothing said about vendors
    const vendorIds: string[] = [];
    for (const vendor of [
      { name: 'Cloudline Hosting', tier: 1, services: 'application hosting', isSubProcessor: true, status: 'approved' },
      { name: 'Mailgrove', tier: 2, services: 'transactional e-mail', isSubProcessor: true, status: 'in_review' },
      { name: 'Deskbright', tier: 3, services: 'office furniture', isSubProcessor: false, status: 'approved' },
    ]) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/vendors',
        headers: auth('administrator'),
        payload: { organizationId: sampleOrgId, ...vendor },
      });
      expect(created.statusCode).toBe(201);
      vendorIds.push((created.json() as { id: string }).id);
    }
    const answers = await library();
    const register = answers.find((answer) => answer.id === 'vendor:register');
    expect(register?.answer).toMatch(/register of 3 vendors/);
    expect(register?.answer).toMatch(/2 were approved after a security review; 1 is awaiting approval/);
    const subProcessors = answers.find((answer) => answer.id === 'vendor:sub-processors');
    // Only the approved sub-processor is named: one still in review does not process data yet.
    expect(subProcessors?.answer).toContain('Cloudline Hosting (application hosting)');
    expect(subProcessors?.answer).not.toContain('Mailgrove');
    expect(subProcessors?.answer).not.toContain('Deskbright');
    expect(subProcessors?.sources).toEqual([{ kind: 'vendor', id: vendorIds[0], label: 'Cloudline Hosting' }]);
  });

  it('is another organization’s business: 404 for a client of B naming the sample organization', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/answer-library?organizationId=${sampleOrgId}`,
      headers: auth('clientOfB'),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a 150-question workbook', () => {
  let id = '';

  it('is uploaded: the questions, the Yes/No and comments columns are detected, the hidden sheet left out', async () => {
    const response = await upload(
      'administrator',
      { organizationId: sampleOrgId },
      { name: 'acme-vendor-assessment.xlsx', bytes: workbook.bytes },
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = readJson(response, questionnaireSchema);
    id = created.id;
    expect(created.questions).toHaveLength(150);
    const sheet = created.sheets.find((candidate) => candidate.sheet === QUESTIONNAIRE_SHEET);
    expect(sheet).toMatchObject({ included: true, headerRow: HEADER_ROW, questionColumn: 3, shortAnswerColumn: 4, answerColumn: 5 });
    expect(created.sheets.find((candidate) => candidate.sheet === 'Lists')).toMatchObject({ hidden: true, included: false });
    expect(created.warnings.join(' ')).toMatch(/hidden/);
  });

  it('is answered by the job: at least 85 % with citations, duplicates answered once and linked', async () => {
    const started = await app.inject({
      method: 'POST',
      url: `/api/v1/questionnaires/${id}/answer`,
      headers: auth('administrator'),
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(readJson(started, questionnaireSchema).status).toBe('answering');
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/questionnaires/${id}/answer`,
      headers: auth('administrator'),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    await answerQuestionnaireQuestions(database.db, id);
    answered = readJson(
      await app.inject({ method: 'GET', url: `/api/v1/questionnaires/${id}`, headers: auth('administrator') }),
      questionnaireSchema,
    );
    expect(answered.status).toBe('answered');
    expect(answered.progress).toEqual({ done: 150, total: 150 });
    const withCitations = answered.questions.filter((question) => question.answer && question.citations.length > 0);
    expect(withCitations.length / 150).toBeGreaterThanOrEqual(0.85);
    const byRow = new Map(answered.questions.map((question) => [question.row, question]));
    const refOf = new Map([...workbook.rowOf].map(([ref, row]) => [byRow.get(row)?.id, ref]));
    const linked = answered.questions
      .filter((question) => question.duplicateOfId)
      .map((question) => [refOf.get(question.id), refOf.get(question.duplicateOfId ?? '')]);
    const expected = SECURITY_QUESTIONS.filter((question) => question.repeats).map((question) => [question.ref, question.repeats]);
    expect(linked.sort()).toEqual(expected.sort());
    for (const question of answered.questions.filter((candidate) => candidate.duplicateOfId)) {
      const original = answered.questions.find((candidate) => candidate.id === question.duplicateOfId);
      expect(question.answer).toBe(original?.answer);
    }
  });

  it('answers yes/no questions with a short answer and descriptive ones with a sentence, never inventing one', async () => {
    const mfa = answered.questions.find((question) => question.text.startsWith('Is multi-factor authentication required'));
    expect(mfa?.citations.map((citation) => citation.id)).toContain('IAM-05');
    expect(mfa?.shortAnswer).not.toBeNull();
    const describe = answered.questions.find((question) => question.text.startsWith('Describe your offboarding'));
    expect(describe?.shortAnswer).toBeNull();
    expect(describe?.answer).not.toMatch(/^Yes\./);
    const insurance = answered.questions.find((question) => question.text.includes('cyber liability insurance'));
    expect(insurance).toMatchObject({ status: 'unanswered', answer: '', citations: [] });
    expect(insurance?.confidence).toBeLessThan(HIGH_CONFIDENCE);
  });

  it('is reviewed: bulk accept of high-confidence answers, an edit and an accepted answer join the library', async () => {
    const bulk = await app.inject({
      method: 'PATCH',
      url: `/api/v1/questionnaires/${id}/answers`,
      headers: auth('administrator'),
      payload: { action: 'acceptHighConfidence' },
    });
    const reviewed = readJson(bulk, questionnaireSchema);
    const accepted = reviewed.questions.filter((question) => question.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((question) => question.confidence >= HIGH_CONFIDENCE)).toBe(true);
    const insurance = reviewed.questions.find((question) => question.text.includes('cyber liability insurance'))!;
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/v1/questionnaires/${id}/answers`,
      headers: auth('administrator'),
      payload: {
        action: 'edit',
        questionId: insurance.id,
        shortAnswer: 'yes',
        answer: 'Yes, we hold cyber liability insurance of USD 5 million.',
      },
    });
    expect(readJson(edit, questionnaireSchema).questions.find((question) => question.id === insurance.id)).toMatchObject({
      status: 'accepted',
      shortAnswer: 'yes',
    });
    const library = readJson(
      await app.inject({
        method: 'GET',
        url: `/api/v1/answer-library?organizationId=${sampleOrgId}&q=insurance`,
        headers: auth('administrator'),
      }),
      answerLibrarySchema,
    );
    expect(library.answers).toEqual([
      expect.objectContaining({
        kind: 'approved',
        topic: insurance.text,
        needsReview: false,
        owner: expect.objectContaining({ id: fixture.userIds.administrator }),
      }),
    ]);
    const foreign = await app.inject({
      method: 'PATCH',
      url: `/api/v1/questionnaires/${id}/answers`,
      headers: auth('clientOfB'),
      payload: { action: 'acceptHighConfidence' },
    });
    expect(foreign.statusCode).toBe(404);
    const stranger = await app.inject({
      method: 'PATCH',
      url: `/api/v1/questionnaires/${id}/answers`,
      headers: auth('administrator'),
      payload: { action: 'accept', questionIds: [fixture.orgs.a.id] },
    });
    expect(stranger.statusCode).toBe(400);
  });

  it('exports into the client’s own workbook: same sheets, columns, styles and merges, answers in their cells', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/questionnaires/${id}/export`, headers: auth('administrator') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment/);
    const [before, after] = [new ExcelJS.Workbook(), new ExcelJS.Workbook()];
    await before.xlsx.load(workbook.bytes as unknown as ArrayBuffer);
    await after.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(after.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual(before.worksheets.map((sheet) => [sheet.name, sheet.state]));
    const [original, exported] = [before.getWorksheet(QUESTIONNAIRE_SHEET)!, after.getWorksheet(QUESTIONNAIRE_SHEET)!];
    expect(exported.columns.map((column) => column.width)).toEqual(original.columns.map((column) => column.width));
    expect(exported.getRow(HEADER_ROW).values).toEqual(original.getRow(HEADER_ROW).values);
    expect((exported.getRow(HEADER_ROW).values as unknown[]).slice(1)).toEqual([...COLUMNS]);
    expect(exported.getCell(`A${HEADER_ROW}`).fill).toEqual(original.getCell(`A${HEADER_ROW}`).fill);
    expect(exported.getCell(`A${HEADER_ROW}`).font).toEqual(original.getCell(`A${HEADER_ROW}`).font);
    expect(exported.model.merges.sort()).toEqual(original.model.merges.sort());
    expect(exported.getCell('C2').formula).toBe(original.getCell('C2').formula);
    const mfaRow = workbook.rowOf.get('AC-01')!;
    expect(exported.getCell(`C${mfaRow}`).value).toBe(original.getCell(`C${mfaRow}`).value);
    expect(['Yes', 'No', 'Partial', 'N/A']).toContain(exported.getCell(`D${mfaRow}`).value);
    expect(String(exported.getCell(`E${mfaRow}`).value).length).toBeGreaterThan(20);
    const pdf = await app.inject({ method: 'GET', url: `/api/v1/questionnaires/${id}/export?format=pdf`, headers: auth('administrator') });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('bad files and corrections', () => {
  it('refuses a macro-enabled workbook and a file that is not a workbook, with a message saying what to send', async () => {
    const macro = await upload('administrator', { organizationId: sampleOrgId }, { name: 'q.xlsm', bytes: workbook.bytes });
    expect(macro.statusCode).toBe(400);
    expect(macro.json<{ error: { issues: { message: string }[] } }>().error.issues[0]?.message).toMatch(
      /Macro-enabled files are not accepted/,
    );
    const hidden = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/vbaProject.bin': strToU8('macro') });
    const smuggled = await upload('administrator', { organizationId: sampleOrgId }, { name: 'q.xlsx', bytes: Buffer.from(hidden) });
    expect(smuggled.json<{ error: { issues: { message: string }[] } }>().error.issues[0]?.message).toMatch(/contains macros/);
    const garbage = await upload(
      'administrator',
      { organizationId: sampleOrgId },
      { name: 'q.xlsx', bytes: Buffer.from('not a workbook') },
    );
    expect(garbage.statusCode).toBe(400);
    const pdf = await upload('administrator', { organizationId: sampleOrgId }, { name: 'q.pdf', bytes: Buffer.from('%PDF-1.4') });
    expect(pdf.statusCode).toBe(400);
  });

  it('reads a CSV without headers, takes a corrected mapping, and writes the answers back into the CSV', async () => {
    const csv = 'ID,Text,Reply\n1,Do you have a documented incident response plan?,\n2,Is data encrypted in transit using TLS?,\n';
    const created = readJson(await upload('clientOfA', {}, { name: 'short.csv', bytes: Buffer.from(csv) }), questionnaireSchema);
    expect(created.questions.map((question) => question.row)).toEqual([2, 3]);
    expect(created.sheets[0]).toMatchObject({ questionColumn: 2, answerColumn: 3 });
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/v1/questionnaires/${created.id}/answer`,
      headers: auth('clientOfA'),
      payload: { sheets: [{ sheet: 'CSV', included: true, headerRow: 1, questionColumn: 2, answerColumn: 2, shortAnswerColumn: null }] },
    });
    expect(wrong.statusCode).toBe(400);
    const corrected = await app.inject({
      method: 'POST',
      url: `/api/v1/questionnaires/${created.id}/answer`,
      headers: auth('clientOfA'),
      payload: { sheets: [{ sheet: 'CSV', included: true, headerRow: 1, questionColumn: 2, answerColumn: 4, shortAnswerColumn: null }] },
    });
    expect(corrected.statusCode, corrected.body).toBe(202);
    await answerQuestionnaireQuestions(database.db, created.id);
    const exported = await app.inject({ method: 'GET', url: `/api/v1/questionnaires/${created.id}/export`, headers: auth('clientOfA') });
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe('ID,Text,Reply');
    expect(lines).toHaveLength(3);
    const foreign = await app.inject({ method: 'GET', url: `/api/v1/questionnaires/${created.id}`, headers: auth('clientOfB') });
    expect(foreign.statusCode).toBe(404);
  });

  it('reads a Word questionnaire paragraph by paragraph', async () => {
    const { Document, Packer, Paragraph } = await import('docx');
    const document = new Document({
      sections: [
        {
          children: ['Security review', 'Do you perform background checks on employees?', 'Describe your backup process.'].map(
            (text) => new Paragraph(text),
          ),
        },
      ],
    });
    const bytes = Buffer.from(await Packer.toBuffer(document));
    const created = readJson(await upload('clientOfA', { name: 'Word review' }, { name: 'review.docx', bytes }), questionnaireSchema);
    expect(created).toMatchObject({ format: 'docx', name: 'Word review' });
    expect(created.questions.map((question) => question.text)).toEqual([
      'Do you perform background checks on employees?',
      'Describe your backup process.',
    ]);
  });
});
