import { and, eq, max, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { SYSTEM_ORIGIN, recordAudit } from '../../platform/audit/record-audit.ts';

/**
 * An agent's draft lands as the next version of the request's output, waiting for review (issue 40:
 * `ai_outputs` is written by reviews only). Once per run, whatever replays; any older version still
 * waiting is superseded; the trail records `ai_output.draft` by the system (the agent runs as a job).
 */

export type AgentDraft = Omit<typeof aiOutputs.$inferInsert, 'id' | 'version' | 'status' | 'createdAt' | 'editedBy'> & {
  runId: string;
};

/** Answers the new version, or null when this run's draft is recorded already. */
export async function recordAgentDraft(tx: DbTransaction, draft: AgentDraft): Promise<{ id: string; version: number } | null> {
  const [latest] = await tx
    .select({ version: max(aiOutputs.version) })
    .from(aiOutputs)
    .where(eq(aiOutputs.taskRequestId, draft.taskRequestId));
  const version = (latest?.version ?? 0) + 1;
  const [inserted] = await tx
    .insert(aiOutputs)
    .values({ ...draft, version, status: 'pending_review' })
    .onConflictDoNothing({ target: aiOutputs.runId })
    .returning({ id: aiOutputs.id });
  if (!inserted) return null;
  await tx
    .update(aiOutputs)
    .set({ status: 'superseded' })
    .where(
      and(eq(aiOutputs.taskRequestId, draft.taskRequestId), eq(aiOutputs.status, 'pending_review'), sql`${aiOutputs.version} < ${version}`),
    );
  await recordAudit(tx, {
    ...SYSTEM_ORIGIN,
    organizationId: draft.organizationId,
    action: 'ai_output.draft',
    entityType: 'ai_output',
    entityId: inserted.id,
    after: {
      taskRequestId: draft.taskRequestId,
      runId: draft.runId,
      agentId: draft.agentId,
      version,
      title: draft.title,
      confidence: draft.confidence,
      status: 'pending_review',
    },
  });
  return { id: inserted.id, version };
}
