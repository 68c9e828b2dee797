import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AnswerLibrary,
  type answerLibraryQuerySchema,
  type AnswerQuestionnaireInput,
  createQuestionnaireFieldsSchema,
  type Questionnaire,
  type QuestionnaireList,
  type QuestionnaireSheet,
  QUESTIONNAIRE_MAX_QUESTIONS,
  type SheetMapping,
} from '../../../shared/schemas/questionnaires.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { questionnaireQuestions, questionnaires } from '../../db/schema/questionnaires.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { loadAnswerLibrary } from './answer-library.ts';
import { describeSheet, detectMapping, questionRows } from './column-detect.ts';
import { type ReadQuestionnaire, readQuestionnaireFile } from './questionnaire-read.ts';
import { NOT_FOUND, questionnaireView, questionsOf, reachableQuestionnaire, summaryOf } from './questionnaire-views.ts';

/**
 * Questionnaires (issue 36 item 2): upload (read, detect the columns, list the questions), answer (a
 * job, questionnaire-answering.ts), read. The review and the export are in questionnaire-review.ts and
 * questionnaire-export.ts. Every change is one function here that records its trail entry in the
 * caller's transaction.
 */

export interface QuestionnaireActor {
  userId: string;
}

interface Extracted {
  sheets: QuestionnaireSheet[];
  questions: { sheet: string; row: number; text: string }[];
}

function extract(read: ReadQuestionnaire, mappings: readonly SheetMapping[]): Extracted {
  const sheets = read.sheets.map((sheet) => {
    const mapping = mappings.find((candidate) => candidate.sheet === sheet.name) ?? detectMapping(sheet);
    return describeSheet(sheet, { ...mapping, sheet: sheet.name });
  });
  const questions = read.sheets.flatMap((sheet, index) =>
    questionRows(sheet, sheets[index]!).map((question) => ({ sheet: sheet.name, ...question })),
  );
  if (questions.length > QUESTIONNAIRE_MAX_QUESTIONS) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
      {
        path: 'body.file',
        message: `The file holds ${questions.length.toLocaleString('en-US')} questions; at most ${QUESTIONNAIRE_MAX_QUESTIONS.toLocaleString('en-US')} a questionnaire. Split it.`,
      },
    ]);
  }
  return { sheets, questions };
}

async function writeQuestions(tx: DbTransaction, row: { id: string; organizationId: string }, extracted: Extracted): Promise<void> {
  await tx.delete(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, row.id));
  for (let start = 0; start < extracted.questions.length; start += 500) {
    await tx.insert(questionnaireQuestions).values(
      extracted.questions.slice(start, start + 500).map((question, offset) => ({
        organizationId: row.organizationId,
        questionnaireId: row.id,
        position: start + offset,
        sheet: question.sheet,
        row: question.row,
        text: question.text.slice(0, 2_000),
      })),
    );
  }
}

export async function createQuestionnaire(
  tenant: Tenant,
  fileStore: FileStore,
  actor: QuestionnaireActor,
  upload: { fields: unknown; file: { bytes: Buffer; fileName: string } },
  now = new Date(),
): Promise<Questionnaire> {
  const parsed = createQuestionnaireFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The request is not valid.',
      parsed.error.issues.map((issue) => ({ path: ['body', 'fields', ...issue.path].join('.'), message: issue.message })),
    );
  }
  const organizationId = await actingOrganization(tenant, parsed.data.organizationId, {
    field: 'body.fields.organizationId',
    soleAssignmentImplied: true,
  });
  const read = await readQuestionnaireFile(upload.file.fileName, upload.file.bytes);
  const extracted = extract(read, []);
  if (extracted.questions.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
      {
        path: 'body.file',
        message: 'No questions were found in the file: a question is a sentence ending in “?” or starting with Do, Is, Describe…',
      },
    ]);
  }
  const stored = await fileStore.put(upload.file.bytes);
  const fileName = upload.file.fileName.slice(0, 255);
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .insert(questionnaires)
      .values({
        organizationId,
        name: parsed.data.name ?? fileName.replace(/\.[^.]+$/, ''),
        fileName,
        format: read.format,
        sha256: stored.sha256,
        sheets: extracted.sheets,
        warnings: read.warnings,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('createQuestionnaire: insert returned nothing');
    await writeQuestions(tx, row, extracted);
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'questionnaire.create',
      entityType: 'questionnaire',
      entityId: row.id,
      after: { name: row.name, fileName, format: row.format, sha256: row.sha256, questions: extracted.questions.length },
    });
    return questionnaireView(tx, row);
  });
}

export async function listQuestionnaires(tenant: Tenant, query: { organizationId?: string | undefined }): Promise<QuestionnaireList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.organizationId, organizationId))
      .orderBy(desc(questionnaires.createdAt));
    const summaries = [];
    for (const row of rows) summaries.push(summaryOf(row, await questionsOf(tx, row.id)));
    return { organizationId, questionnaires: summaries };
  });
}

export async function getQuestionnaire(tenant: Tenant, id: string): Promise<Questionnaire> {
  return tenant.transaction(async (tx) => questionnaireView(tx, await reachableQuestionnaire(tx, tenant, id)));
}

/** The mapping as corrected: every sheet named must exist, its columns inside the sheet. */
function checkMappings(read: ReadQuestionnaire, mappings: readonly SheetMapping[]): void {
  mappings.forEach((mapping, index) => {
    const sheet = read.sheets.find((candidate) => candidate.name === mapping.sheet);
    const path = `body.sheets.${index}`;
    if (!sheet)
      throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
        { path: `${path}.sheet`, message: 'No sheet of that name in the file' },
      ]);
    if (mapping.included && mapping.questionColumn === null) {
      throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
        { path: `${path}.questionColumn`, message: 'Choose the column that holds the questions' },
      ]);
    }
    if (mapping.included && mapping.answerColumn === null && mapping.shortAnswerColumn === null) {
      throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
        { path: `${path}.answerColumn`, message: 'Choose the column the answers go in' },
      ]);
    }
    if (mapping.answerColumn !== null && mapping.answerColumn === mapping.questionColumn) {
      throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
        { path: `${path}.answerColumn`, message: 'The answers cannot overwrite the questions' },
      ]);
    }
  });
}

/**
 * Starts answering (202): with the corrected mapping, the questions are listed again; then the answering
 * job is sent in the same transaction. While it runs, a second start is a 409.
 */
export async function answerQuestionnaire(
  tenant: Tenant,
  deps: { fileStore: FileStore; jobs: Jobs },
  id: string,
  input: AnswerQuestionnaireInput,
  now = new Date(),
): Promise<Questionnaire> {
  const mappings = input.sheets ?? [];
  let extracted: Extracted | null = null;
  if (mappings.length > 0) {
    const current = await tenant.transaction(async (tx) => reachableQuestionnaire(tx, tenant, id));
    const bytes = await deps.fileStore.get(current.sha256);
    if (!bytes) throw new AppError('CONFLICT', 'The questionnaire’s file is missing from storage; upload it again.');
    const read = await readQuestionnaireFile(current.fileName, bytes);
    checkMappings(read, mappings);
    extracted = extract(read, mappings);
  }
  return tenant.transaction(async (tx) => {
    const row = await reachableQuestionnaire(tx, tenant, id, true);
    if (row.status === 'answering') throw new AppError('CONFLICT', 'This questionnaire is being answered already; wait for it to finish.');
    if (extracted) await writeQuestions(tx, row, extracted);
    const total = extracted ? extracted.questions.length : (await questionsOf(tx, row.id)).length;
    if (total === 0) {
      throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
        { path: 'body.sheets', message: 'No questions in the chosen columns' },
      ]);
    }
    const [updated] = await tx
      .update(questionnaires)
      .set({
        status: 'answering',
        progressDone: 0,
        progressTotal: total,
        error: null,
        updatedAt: now,
        ...(extracted ? { sheets: extracted.sheets } : {}),
      })
      .where(eq(questionnaires.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
    await deps.jobs.enqueue(tx, 'questionnaire-answer', { questionnaireId: row.id, organizationId: row.organizationId });
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: 'questionnaire.answer',
      entityType: 'questionnaire',
      entityId: row.id,
      before: { status: row.status, sheets: row.sheets },
      after: { status: updated.status, sheets: updated.sheets, questions: total },
    });
    return questionnaireView(tx, updated);
  });
}

export async function listAnswerLibrary(tenant: Tenant, db: Db, query: z.output<typeof answerLibraryQuerySchema>): Promise<AnswerLibrary> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const entries = await loadAnswerLibrary(db, tx, organizationId);
    const words = query.q?.toLowerCase();
    const answers = entries
      .filter((entry) => !words || `${entry.topic} ${entry.answer}`.toLowerCase().includes(words))
      .map(({ searchText: _words, strength: _strength, ...answer }) => answer);
    return { organizationId, answers };
  });
}
