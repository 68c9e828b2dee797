import { asc, desc, inArray } from 'drizzle-orm';
import type { VendorQuestionnaire, VendorQuestionnaireFile } from '../../../shared/schemas/vendor-questionnaires.ts';
import type { DbTransaction } from '../../db/client.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { vendorQuestionnaireFiles } from '../../db/schema/vendor-questionnaires.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import type { QuestionnaireRow } from './vendor-questionnaire-link.ts';

type FileRow = typeof vendorQuestionnaireFiles.$inferSelect;

export const fileView = (row: FileRow): VendorQuestionnaireFile => ({
  id: row.id,
  fileName: row.fileName,
  mediaType: row.mediaType,
  sizeBytes: row.sizeBytes,
  uploadedAt: row.createdAt.toISOString(),
});

export async function questionnaireFiles(tx: DbTransaction, ids: readonly string[]): Promise<Map<string, VendorQuestionnaireFile[]>> {
  const byQuestionnaire = new Map<string, VendorQuestionnaireFile[]>();
  if (ids.length === 0) return byQuestionnaire;
  const rows = await tx
    .select()
    .from(vendorQuestionnaireFiles)
    .where(inArray(vendorQuestionnaireFiles.questionnaireId, [...ids]))
    .orderBy(asc(vendorQuestionnaireFiles.createdAt));
  for (const row of rows) byQuestionnaire.set(row.questionnaireId, [...(byQuestionnaire.get(row.questionnaireId) ?? []), fileView(row)]);
  return byQuestionnaire;
}

/** Each submission's review request and its newest draft (the agent's assessment, in the review queue). */
async function assessments(tx: DbTransaction, rows: readonly QuestionnaireRow[]) {
  const ids = rows.map((row) => row.taskRequestId).filter((id): id is string => id !== null);
  const result = new Map<string, VendorQuestionnaire['assessment']>();
  if (ids.length === 0) return result;
  const tasks = await tx
    .select({ id: taskRequests.id, status: taskRequests.status })
    .from(taskRequests)
    .where(inArray(taskRequests.id, ids));
  const drafts = await tx
    .select({
      taskRequestId: aiOutputs.taskRequestId,
      title: aiOutputs.title,
      summary: aiOutputs.summary,
      riskScore: aiOutputs.riskScore,
      status: aiOutputs.status,
      version: aiOutputs.version,
    })
    .from(aiOutputs)
    .where(inArray(aiOutputs.taskRequestId, ids))
    .orderBy(desc(aiOutputs.version));
  for (const task of tasks) {
    const draft = drafts.find((row) => row.taskRequestId === task.id);
    result.set(task.id, {
      taskRequestId: task.id,
      taskStatus: task.status,
      draft: draft
        ? { title: draft.title, summary: draft.summary, riskScore: draft.riskScore, status: draft.status, version: draft.version }
        : null,
    });
  }
  return result;
}

export async function questionnaireViews(
  tx: DbTransaction,
  rows: readonly QuestionnaireRow[],
  now = new Date(),
): Promise<VendorQuestionnaire[]> {
  if (rows.length === 0) return [];
  const files = await questionnaireFiles(
    tx,
    rows.map((row) => row.id),
  );
  const names = await userNames(
    tx,
    rows.map((row) => row.sentBy),
  );
  const assessed = await assessments(tx, rows);
  return rows.map((row) => ({
    id: row.id,
    vendorId: row.vendorId,
    template: row.template,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    status: row.status,
    expired: row.status === 'sent' && row.expiresAt.getTime() <= now.getTime(),
    questions: row.questions,
    answers: row.answers,
    files: files.get(row.id) ?? [],
    score: row.score,
    scoreBand: row.scoreBand,
    criticalGaps: row.criticalGaps,
    sentBy: { id: row.sentBy, name: names.get(row.sentBy) ?? 'A former user' },
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    assessment: row.taskRequestId ? (assessed.get(row.taskRequestId) ?? null) : null,
  }));
}
