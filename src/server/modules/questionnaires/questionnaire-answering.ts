import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client.ts';
import { questionnaireQuestions, questionnaires } from '../../db/schema/questionnaires.ts';
import { recordAudit, SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { loadAnswerLibrary } from './answer-library.ts';
import { type DraftAnswer, draftAnswer, findDuplicates, indexLibrary } from './answer-match.ts';
import { questionsOf, type QuestionRow } from './questionnaire-views.ts';

/**
 * The answering job (`questionnaire-answer`): reads the organization's answer library once, drafts an
 * answer for each question that is not a duplicate (duplicates and near-duplicates link to the first
 * asking and carry its answer), and writes the drafts in batches, each batch moving the progress the
 * screen shows. Answers a reviewer already accepted are kept. The last batch marks the questionnaire
 * answered and records the trail entry (the system's).
 */

const BATCH = 100;
const system = { kind: 'all', userId: null } as const;

interface Planned {
  question: QuestionRow;
  draft: DraftAnswer;
  duplicateOfId: string | null;
}

function plan(questions: readonly QuestionRow[], draftFor: (text: string) => DraftAnswer): Planned[] {
  const duplicates = findDuplicates(questions.map((question) => question.text));
  const drafts = new Map<number, DraftAnswer>();
  return questions.map((question, position) => {
    const original = duplicates[position] ?? null;
    const draft = original === null ? draftFor(question.text) : drafts.get(original)!;
    if (original === null) drafts.set(position, draft);
    return { question, draft, duplicateOfId: original === null ? null : questions[original]!.id };
  });
}

async function writeBatch(tx: DbTransaction, batch: readonly Planned[], now: Date): Promise<void> {
  for (const { question, draft, duplicateOfId } of batch) {
    const kept = question.status === 'accepted';
    await tx
      .update(questionnaireQuestions)
      .set({
        duplicateOfId,
        ...(kept
          ? {}
          : {
              shortAnswer: draft.shortAnswer,
              answer: draft.answer,
              citations: draft.citations,
              confidence: draft.confidence,
              status: draft.answered ? ('draft' as const) : ('unanswered' as const),
            }),
        updatedAt: now,
      })
      .where(eq(questionnaireQuestions.id, question.id));
  }
}

export async function answerQuestionnaireQuestions(db: Db, questionnaireId: string, now = new Date()): Promise<void> {
  const prepared = await withTenant(db, system, async (tx) => {
    const [row] = await tx.select().from(questionnaires).where(eq(questionnaires.id, questionnaireId));
    if (!row || row.status !== 'answering') return null;
    const index = indexLibrary(await loadAnswerLibrary(db, tx, row.organizationId, now));
    return { row, planned: plan(await questionsOf(tx, row.id), (text) => draftAnswer(index, text)) };
  });
  if (!prepared) return;
  const { row, planned } = prepared;
  for (let start = 0; start < planned.length || start === 0; start += BATCH) {
    const batch = planned.slice(start, start + BATCH);
    const last = start + BATCH >= planned.length;
    await withTenant(db, system, async (tx) => {
      await writeBatch(tx, batch, now);
      const done = Math.min(start + BATCH, planned.length);
      await tx
        .update(questionnaires)
        .set({ progressDone: done, updatedAt: now, ...(last ? { status: 'answered' as const } : {}) })
        .where(eq(questionnaires.id, row.id));
      if (!last) return;
      const answered = planned.filter((item) => item.draft.answered).length;
      await recordAudit(tx, {
        ...SYSTEM_ORIGIN,
        organizationId: row.organizationId,
        action: 'questionnaire.answered',
        entityType: 'questionnaire',
        entityId: row.id,
        before: { status: 'answering' },
        after: {
          status: 'answered',
          questions: planned.length,
          answered,
          duplicates: planned.filter((item) => item.duplicateOfId !== null).length,
        },
      });
    });
    if (last) break;
  }
}

/** A run that failed for good: the questionnaire says so (and can be answered again). */
async function failAnswering(db: Db, questionnaireId: string, message: string): Promise<void> {
  await withTenant(db, system, async (tx) => {
    const [row] = await tx
      .update(questionnaires)
      .set({ status: 'failed', error: message.slice(0, 500), updatedAt: new Date() })
      .where(eq(questionnaires.id, questionnaireId))
      .returning();
    if (!row) return;
    await recordAudit(tx, {
      ...SYSTEM_ORIGIN,
      organizationId: row.organizationId,
      action: 'questionnaire.answer_failed',
      entityType: 'questionnaire',
      entityId: row.id,
      after: { status: 'failed', error: row.error },
    });
  });
}

/** Works the answering queue in this process (startWorkers: the server, or `npm run worker`). */
export async function startQuestionnaireWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('questionnaire-answer', { localConcurrency: 1 }, async (job) => {
    try {
      await answerQuestionnaireQuestions(db, job.data.questionnaireId);
    } catch (error) {
      if (job.retryCount < job.retryLimit) throw error;
      await failAnswering(db, job.data.questionnaireId, error instanceof Error ? error.message : String(error));
    }
  });
}
