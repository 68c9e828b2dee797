import { and, eq, inArray, sql } from 'drizzle-orm';
import { HIGH_CONFIDENCE, type Questionnaire, type UpdateQuestionnaireAnswerInput } from '../../../shared/schemas/questionnaires.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { questionnaireLibraryAnswers, questionnaireQuestions } from '../../db/schema/questionnaires.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { requireOrganizationUser } from '../risks/risk-views.ts';
import { questionKey } from './question-text.ts';
import { isAnswered, questionnaireView, questionsOf, type QuestionRow, reachableQuestionnaire } from './questionnaire-views.ts';

/**
 * The review (updateQuestionnaireAnswer): a reviewer accepts answers (chosen ones, or every unreviewed
 * answer at or above HIGH_CONFIDENCE at once), edits one, or hands one to a colleague. An accepted or
 * edited answer joins the organization's answer library as an approved answer (its sources, the
 * reviewer as owner, today as its review date), so the next questionnaire reuses it. One call, one
 * trail entry naming the questionnaire.
 */

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path, message }]);

/** Keeps an approved answer in the library: one per question wording, the newest approval wins. */
async function approveIntoLibrary(tx: DbTransaction, question: QuestionRow, reviewerId: string, now: Date): Promise<void> {
  if (!isAnswered(question)) return;
  const sources = question.citations.filter((citation) => citation.kind !== 'approved');
  await tx
    .insert(questionnaireLibraryAnswers)
    .values({
      organizationId: question.organizationId,
      questionKey: questionKey(question.text),
      question: question.text,
      shortAnswer: question.shortAnswer,
      answer: question.answer,
      sources,
      ownerId: reviewerId,
      reviewedAt: now,
    })
    .onConflictDoUpdate({
      target: [questionnaireLibraryAnswers.organizationId, questionnaireLibraryAnswers.questionKey],
      set: {
        question: question.text,
        shortAnswer: question.shortAnswer,
        answer: question.answer,
        sources,
        ownerId: reviewerId,
        reviewedAt: now,
      },
    });
}

async function accept(tx: DbTransaction, questions: readonly QuestionRow[], reviewerId: string, now: Date): Promise<string[]> {
  const ids = questions.map((question) => question.id);
  if (ids.length === 0) return [];
  await tx
    .update(questionnaireQuestions)
    .set({ status: 'accepted', reviewedBy: reviewerId, reviewedAt: now, updatedAt: now })
    .where(inArray(questionnaireQuestions.id, ids));
  for (const question of questions) if (question.duplicateOfId === null) await approveIntoLibrary(tx, question, reviewerId, now);
  return ids;
}

function pick(questions: readonly QuestionRow[], ids: readonly string[], path: string): QuestionRow[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return ids.map((id, index) => {
    const question = byId.get(id);
    if (!question) throw invalid(`${path}.${index}`, 'Not a question of this questionnaire');
    return question;
  });
}

async function applyReview(
  tx: DbTransaction,
  organizationId: string,
  questions: readonly QuestionRow[],
  input: UpdateQuestionnaireAnswerInput,
  reviewerId: string,
  now: Date,
): Promise<Record<string, unknown>> {
  if (input.action === 'accept') {
    const chosen = pick(questions, input.questionIds, 'body.questionIds');
    const unanswered = chosen.findIndex((question) => !isAnswered(question));
    if (unanswered >= 0) throw invalid(`body.questionIds.${unanswered}`, 'This question has no answer to accept: write one');
    return { accepted: await accept(tx, chosen, reviewerId, now) };
  }
  if (input.action === 'acceptHighConfidence') {
    const chosen = questions.filter(
      (question) => question.status === 'draft' && isAnswered(question) && question.confidence >= HIGH_CONFIDENCE,
    );
    return { accepted: await accept(tx, chosen, reviewerId, now), minimumConfidence: HIGH_CONFIDENCE };
  }
  const [question] = pick(questions, [input.questionId], 'body.questionId');
  if (!question) throw invalid('body.questionId', 'Not a question of this questionnaire');
  if (input.action === 'reassign') {
    if (input.assigneeId) await requireOrganizationUser(tx, organizationId, input.assigneeId, 'body.assigneeId');
    await tx
      .update(questionnaireQuestions)
      .set({ assigneeId: input.assigneeId, updatedAt: now })
      .where(eq(questionnaireQuestions.id, question.id));
    return { questionId: question.id, assigneeId: { before: question.assigneeId, after: input.assigneeId } };
  }
  // A written answer keeps the citations it had (what the reviewer started from) and is accepted.
  const [edited] = await tx
    .update(questionnaireQuestions)
    .set({
      shortAnswer: input.shortAnswer,
      answer: input.answer,
      status: 'accepted',
      confidence: 100,
      reviewedBy: reviewerId,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(eq(questionnaireQuestions.id, question.id))
    .returning();
  if (edited && edited.duplicateOfId === null) await approveIntoLibrary(tx, edited, reviewerId, now);
  // Its duplicates say the same: they follow the question they repeat.
  await tx
    .update(questionnaireQuestions)
    .set({ shortAnswer: input.shortAnswer, answer: input.answer, confidence: 100, updatedAt: now })
    .where(and(eq(questionnaireQuestions.duplicateOfId, question.id), sql`${questionnaireQuestions.status} <> 'accepted'`));
  return {
    questionId: question.id,
    before: { shortAnswer: question.shortAnswer, answer: question.answer },
    after: { shortAnswer: input.shortAnswer, answer: input.answer },
  };
}

export async function updateQuestionnaireAnswer(
  tenant: Tenant,
  reviewerId: string,
  id: string,
  input: UpdateQuestionnaireAnswerInput,
  now = new Date(),
): Promise<Questionnaire> {
  return tenant.transaction(async (tx) => {
    const row = await reachableQuestionnaire(tx, tenant, id, true);
    if (row.status === 'answering')
      throw new AppError('CONFLICT', 'This questionnaire is being answered; review it when the answering finishes.');
    const change = await applyReview(tx, row.organizationId, await questionsOf(tx, row.id), input, reviewerId, now);
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: `questionnaire.review.${input.action}`,
      entityType: 'questionnaire',
      entityId: row.id,
      after: change,
    });
    return questionnaireView(tx, row);
  });
}
