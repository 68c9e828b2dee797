import { and, eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client.ts';
import { agentRuns } from '../../db/schema/agent-runs.ts';

/**
 * Every write of `agent_runs` (issue 40: one writing module per table). A run is a request's attempt
 * at a draft, so the table is task-requests': a request queues a run, its job is attached, a cancelled
 * request cancels its queued runs; the worker (agent-runs/run-agent.ts, a module above this one) moves
 * the run through its life — claimed, drafted, failed, dead — with the functions below.
 */

export type AgentRunRow = typeof agentRuns.$inferSelect;

/** A queued run of the request's agent: the first draft, or a redraft with a reviewer's notes. */
export async function insertQueuedAgentRun(
  tx: DbTransaction,
  values: { organizationId: string; taskRequestId: string; agentId: string; reviewNotes: string | null },
): Promise<AgentRunRow> {
  const [run] = await tx
    .insert(agentRuns)
    .values({ ...values, status: 'queued' })
    .returning();
  if (!run) throw new Error('insertQueuedAgentRun: insert returned nothing');
  return run;
}

/** The pg-boss job that carries the run (a fresh one when a paused or handed-over run is queued again). */
export async function attachAgentRunJob(tx: Db, runId: string, jobId: string | null): Promise<void> {
  await tx.update(agentRuns).set({ jobId }).where(eq(agentRuns.id, runId));
}

/** The request was cancelled: its runs still waiting in the queue are cancelled with it. */
export async function cancelQueuedAgentRuns(tx: DbTransaction, taskRequestId: string, now: Date): Promise<void> {
  await tx
    .update(agentRuns)
    .set({ status: 'cancelled', finishedAt: now })
    .where(and(eq(agentRuns.taskRequestId, taskRequestId), eq(agentRuns.status, 'queued')));
}

/** The run will not draft: its request was cancelled or delivered meanwhile. */
export async function cancelAgentRun(tx: DbTransaction, runId: string): Promise<void> {
  await tx.update(agentRuns).set({ status: 'cancelled', finishedAt: new Date() }).where(eq(agentRuns.id, runId));
}

/** A worker claimed the run for its `attempt`-th attempt. */
export async function startAgentRunAttempt(tx: DbTransaction, runId: string, attempt: number): Promise<void> {
  await tx
    .update(agentRuns)
    .set({ status: 'running', attempts: attempt, startedAt: new Date(), error: null })
    .where(eq(agentRuns.id, runId));
}

/** The model (or the provider) failed this attempt; the queue decides whether another follows. */
export async function failAgentRunAttempt(tx: Db, runId: string, message: string): Promise<void> {
  await tx
    .update(agentRuns)
    .set({ status: 'failed', error: message.slice(0, 2_000), finishedAt: new Date() })
    .where(eq(agentRuns.id, runId));
}

/** The draft landed: the run succeeded, with what it cost. */
export async function succeedAgentRun(
  tx: DbTransaction,
  runId: string,
  usage: Pick<AgentRunRow, 'provider' | 'model' | 'inputTokens' | 'outputTokens'>,
): Promise<void> {
  await tx
    .update(agentRuns)
    .set({ status: 'succeeded', finishedAt: new Date(), ...usage, error: null })
    .where(eq(agentRuns.id, runId));
}

/** Out of attempts: the run is dead (its request is failed and a person alerted by the caller). */
export async function markAgentRunDead(tx: DbTransaction, runId: string): Promise<void> {
  await tx.update(agentRuns).set({ status: 'dead', finishedAt: new Date() }).where(eq(agentRuns.id, runId));
}
