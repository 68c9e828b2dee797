import { and, asc, eq } from 'drizzle-orm';
import type { Question, Questionnaire, QuestionnaireSummary } from '../../../shared/schemas/questionnaires.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { questionnaireQuestions, questionnaires } from '../../db/schema/questionnaires.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { asksYesNo } from './question-text.ts';
import { userNames } from '../task-requests/task-request-views.ts';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type QuestionRow = typeof questionnaireQuestions.$inferSelect;

export const NOT_FOUND = 'No such questionnaire.';

/** The questionnaire when the tenant reaches it; `lock` holds its row (one answering run, one review change at a time). */
export async function reachableQuestionnaire(tx: DbTransaction, tenant: Tenant, id: string, lock = false): Promise<QuestionnaireRow> {
  const query = tx
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.id, id), tenant.where(questionnaires.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, NOT_FOUND);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export function questionsOf(tx: DbTransaction, questionnaireId: string): Promise<QuestionRow[]> {
  return tx
    .select()
    .from(questionnaireQuestions)
    .where(eq(questionnaireQuestions.questionnaireId, questionnaireId))
    .orderBy(asc(questionnaireQuestions.position));
}

export const isAnswered = (row: Pick<QuestionRow, 'answer' | 'citations'>) => row.answer.length > 0;

export function summaryOf(row: QuestionnaireRow, questions: readonly QuestionRow[]): QuestionnaireSummary {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    fileName: row.fileName,
    format: row.format,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    counts: {
      answered: questions.filter(isAnswered).length,
      unanswered: questions.filter((question) => !isAnswered(question)).length,
      accepted: questions.filter((question) => question.status === 'accepted').length,
      duplicates: questions.filter((question) => question.duplicateOfId !== null).length,
    },
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function questionView(row: QuestionRow, names: Map<string, string>): Question {
  return {
    id: row.id,
    sheet: row.sheet,
    row: row.row,
    text: row.text,
    asksYesNo: asksYesNo(row.text),
    shortAnswer: row.shortAnswer,
    answer: row.answer,
    citations: row.citations,
    confidence: row.confidence,
    status: row.status,
    duplicateOfId: row.duplicateOfId,
    assignee: row.assigneeId ? { id: row.assigneeId, name: names.get(row.assigneeId) ?? 'A former user' } : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

export async function questionnaireView(tx: DbTransaction, row: QuestionnaireRow): Promise<Questionnaire> {
  const questions = await questionsOf(tx, row.id);
  const names = await userNames(
    tx,
    questions.map((question) => question.assigneeId),
  );
  return {
    ...summaryOf(row, questions),
    sheets: row.sheets,
    warnings: row.warnings,
    questions: questions.map((question) => questionView(question, names)),
  };
}
