import { eq } from 'drizzle-orm';
import { CANCELLABLE_TASK_STATUSES, type TaskStatus } from '../../../shared/schemas/task-requests.ts';
import { cancelQueuedAgentRuns } from './agent-run-state.ts';
import { recordTaskEvent } from './task-events.ts';
import type { DbTransaction } from '../../db/client.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { emitTaskStatusChanged } from './task-status-events.ts';

/**
 * A task request's status, written only here (issue 40: one writing module per table): the agent run
 * claims it, drafts it and gives up on it, a reviewer delivers it. Each change is the row and its domain
 * event (`task_request.status_changed`) in the caller's transaction; the trail entry is the caller's
 * operation (`review.decide`, `ai_output.draft`), which names the request.
 */

type RequestRef = { id: string; organizationId: string; title: string; status: TaskStatus };

export interface StatusChange {
  failureMessage?: string | null;
  deliveredAt?: Date;
  /** A reviewer approved it: `task_request.approved` is emitted too. */
  approved?: boolean;
  /**
   * No event: an agent picking a request up has never been announced (its timeline says so), and
   * subscribers see `queued` → `in_review`. Kept as it was, so no webhook starts firing.
   */
  quiet?: boolean;
  now?: Date;
}

export async function setTaskRequestStatus(
  tx: DbTransaction,
  jobs: Jobs | undefined,
  request: RequestRef,
  to: TaskStatus,
  change: StatusChange = {},
): Promise<void> {
  const now = change.now ?? new Date();
  await tx
    .update(taskRequests)
    .set({
      status: to,
      updatedAt: now,
      ...(change.failureMessage !== undefined ? { failureMessage: change.failureMessage } : {}),
      ...(change.deliveredAt ? { deliveredAt: change.deliveredAt } : {}),
    })
    .where(eq(taskRequests.id, request.id));
  if (jobs && !change.quiet) await emitTaskStatusChanged(tx, jobs, request, to, { approved: change.approved });
}

/** The staff member working on the request: the last one to touch it. */
export async function assignTaskRequest(tx: DbTransaction, requestId: string, assigneeId: string, now = new Date()): Promise<void> {
  await tx.update(taskRequests).set({ assigneeId, updatedAt: now }).where(eq(taskRequests.id, requestId));
}

/**
 * What a task asked for no longer needs doing (a connector's check passes again, docs/connectors.md): a
 * request still open is cancelled with its queued agent runs, and its timeline says why. The caller
 * records the trail entry of its own operation. Answers whether the request was open.
 */
export async function closeResolvedTaskRequest(
  tx: DbTransaction,
  jobs: Jobs,
  requestId: string,
  detail: string,
  now = new Date(),
): Promise<boolean> {
  const [request] = await tx.select().from(taskRequests).where(eq(taskRequests.id, requestId)).for('update');
  if (!request || !CANCELLABLE_TASK_STATUSES.includes(request.status)) return false;
  await tx.update(taskRequests).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(taskRequests.id, requestId));
  await emitTaskStatusChanged(tx, jobs, request, 'cancelled');
  await cancelQueuedAgentRuns(tx, requestId, now);
  await recordTaskEvent(tx, jobs, { organizationId: request.organizationId, taskRequestId: request.id, kind: 'cancelled', detail });
  return true;
}
