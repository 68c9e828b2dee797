import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import {
  CANCELLABLE_TASK_STATUSES,
  type ClassifyTaskRequestInput,
  IDEMPOTENCY_WINDOW_MS,
  type TaskClassification,
  type TaskRequestDetail,
  type TaskRequestList,
  type TaskRequestListQuery,
  TIMELINE_EVENT_KINDS,
  type TimelineEventKind,
} from '../../../shared/schemas/task-requests.ts';
import { TASK_REQUEST_FAILED_FALLBACK_MESSAGE } from '../../../shared/schemas/agent-runs.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskAttachments, taskRequestEvents, taskRequests } from '../../db/schema/task-requests.ts';
import { cancelQueuedAgentRuns } from './agent-run-state.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { emitTaskStatusChanged } from './task-status-events.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { startAgentRun, submitTaskRequest } from './pipeline.ts';
import { recordTaskEvent } from './task-events.ts';
import { selectSummaryRows, summariesOf, toSummary, userNames } from './task-request-views.ts';

/**
 * Task requests as a client sees them (docs/delivery.md "Task requests"): submit one, list and read
 * them, cancel one. Every read and write goes through the tenant guard; another organization's
 * request answers 404 exactly like a missing one.
 */

const NOT_FOUND_MESSAGE = 'No task request has this id.';

/** The caller's user id; the service-role key is nobody and cannot ask for work. */
function requesterOf(tenant: Tenant): string {
  if (!tenant.scope.userId) throw new AppError('FORBIDDEN', 'A task request is made by a signed-in person, not with the service key.');
  return tenant.scope.userId;
}

/** The request this user already made with this key within the window, if any. */
async function findByIdempotencyKey(tx: DbTransaction, userId: string, key: string): Promise<typeof taskRequests.$inferSelect | undefined> {
  const [row] = await tx
    .select()
    .from(taskRequests)
    .where(and(eq(taskRequests.requestedBy, userId), eq(taskRequests.idempotencyKey, key)));
  if (!row) return undefined;
  if (Date.now() - row.createdAt.getTime() <= IDEMPOTENCY_WINDOW_MS) return row;
  // An expired key may be used again: the old request lets go of it.
  await tx.update(taskRequests).set({ idempotencyKey: null }).where(eq(taskRequests.id, row.id));
  return undefined;
}

export interface CreateTaskRequestInput extends ClassifyTaskRequestInput {
  organizationId: string;
  attachmentIds: string[];
  classification: TaskClassification;
  idempotencyKey?: string;
}

/** A retried submission with the same Idempotency-Key finds the first; `created` says which happened. */
export async function findIdempotentRequest(tenant: Tenant, key: string | undefined): Promise<string | null> {
  if (!key) return null;
  const userId = requesterOf(tenant);
  return tenant.transaction(async (tx) => (await findByIdempotencyKey(tx, userId, key))?.id ?? null);
}

/**
 * Submits a classified request (classify it first, outside any transaction): the request, its
 * timeline, pending deliverable and first agent run with its job commit together.
 */
export async function createTaskRequest(
  tenant: Tenant,
  jobs: Jobs,
  input: CreateTaskRequestInput,
): Promise<{ id: string; created: boolean }> {
  const requestedBy = requesterOf(tenant);
  return tenant.transaction(async (tx) => {
    if (input.idempotencyKey) {
      // Two submissions with one key wait for each other here, so only the first creates.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`task-request:${requestedBy}:${input.idempotencyKey}`}))`);
      const existing = await findByIdempotencyKey(tx, requestedBy, input.idempotencyKey);
      if (existing) return { id: existing.id, created: false };
    }
    if (input.attachmentIds.length > 0) {
      const found = await tx
        .select({ id: taskAttachments.id })
        .from(taskAttachments)
        .where(
          and(
            inArray(taskAttachments.id, input.attachmentIds),
            eq(taskAttachments.organizationId, input.organizationId),
            isNull(taskAttachments.taskRequestId),
            tenant.where(taskAttachments.organizationId),
          ),
        );
      if (found.length !== input.attachmentIds.length) {
        throw new AppError('NOT_FOUND', 'An attachment was not found, or already belongs to another request. Upload it again.');
      }
    }
    const request = await submitTaskRequest(tx, jobs, {
      organizationId: input.organizationId,
      requestedBy,
      title: input.title,
      description: input.description,
      department: input.department,
      deadline: input.deadline,
      frameworks: input.frameworks,
      source: 'wizard',
      attachmentIds: input.attachmentIds,
      classification: input.classification,
      origin: tenant.origin,
    });
    if (input.idempotencyKey) {
      await tx.update(taskRequests).set({ idempotencyKey: input.idempotencyKey }).where(eq(taskRequests.id, request.id));
    }
    return { id: request.id, created: true };
  });
}

/** Newest first; a page ends where `nextCursor` (the last id) picks up. */
export async function listTaskRequests(tenant: Tenant, query: TaskRequestListQuery): Promise<TaskRequestList> {
  return tenant.transaction(async (tx) => {
    const conditions = [tenant.where(taskRequests.organizationId)];
    if (query.status) conditions.push(eq(taskRequests.status, query.status));
    if (query.q) conditions.push(ilike(taskRequests.title, `%${query.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`));
    if (query.cursor) {
      const [after] = isUuid(query.cursor)
        ? await tx
            .select({ id: taskRequests.id })
            .from(taskRequests)
            .where(and(eq(taskRequests.id, query.cursor), tenant.where(taskRequests.organizationId)))
        : [];
      if (!after)
        throw new AppError('VALIDATION_FAILED', 'The cursor is not valid.', [
          { path: 'querystring.cursor', message: 'Start again from the first page' },
        ]);
      // Compared in SQL, at the database's own precision (microseconds), not JavaScript's milliseconds.
      const cursorCreatedAt = sql`(select ${taskRequests.createdAt} from ${taskRequests} where ${taskRequests.id} = ${after.id})`;
      conditions.push(sql`(${taskRequests.createdAt}, ${taskRequests.id}) < (${cursorCreatedAt}, ${after.id}::uuid)`);
    }
    const rows = await selectSummaryRows(tx, and(...conditions), [desc(taskRequests.createdAt), desc(taskRequests.id)], query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      requests: await summariesOf(tx, page),
      nextCursor: rows.length > query.limit ? (page.at(-1)?.request.id ?? null) : null,
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Whether the caller is the client side of the request's organization, or an administrator. */
export function speaksForClient(tenant: Tenant): boolean {
  return tenant.scope.kind === 'member' || tenant.scope.kind === 'all';
}

/**
 * Oldest first. Events written in one transaction share its timestamp (submitted and classified do),
 * so the order in which they normally happen breaks the tie.
 */
function inTimelineOrder<T extends { createdAt: Date; kind: TimelineEventKind }>(events: T[]): T[] {
  return [...events].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || TIMELINE_EVENT_KINDS.indexOf(a.kind) - TIMELINE_EVENT_KINDS.indexOf(b.kind),
  );
}

/** Everything the request page shows, read in the caller's transaction. */
export async function readTaskRequestDetail(tx: DbTransaction, tenant: Tenant, id: string): Promise<TaskRequestDetail> {
  const [row] = await selectSummaryRows(tx, and(eq(taskRequests.id, id), tenant.where(taskRequests.organizationId)), [], 1);
  tenant.assert(row?.request.organizationId, NOT_FOUND_MESSAGE);
  const { request, deliverable } = row;
  const [events, attachments, [latestOutput]] = await Promise.all([
    tx
      .select()
      .from(taskRequestEvents)
      .where(eq(taskRequestEvents.taskRequestId, id))
      .orderBy(asc(taskRequestEvents.createdAt), asc(taskRequestEvents.id)),
    tx.select().from(taskAttachments).where(eq(taskAttachments.taskRequestId, id)).orderBy(asc(taskAttachments.createdAt)),
    tx
      .select({ id: aiOutputs.id, version: aiOutputs.version, status: aiOutputs.status })
      .from(aiOutputs)
      .where(eq(aiOutputs.taskRequestId, id))
      .orderBy(desc(aiOutputs.version))
      .limit(1),
  ]);
  const names = await userNames(tx, [request.assigneeId, ...events.map((event) => event.actorId)]);
  const summary = toSummary(row, names);
  return {
    ...summary,
    description: request.description,
    frameworks: request.frameworks,
    planId: request.planId,
    classificationReasons: request.classificationReasons,
    classifiedBy: request.classifiedBy,
    events: inTimelineOrder(events).map((event) => ({
      id: event.id,
      kind: event.kind,
      detail: event.detail,
      actor: event.actorId ? (names.get(event.actorId) ?? null) : null,
      createdAt: event.createdAt.toISOString(),
    })),
    attachments: attachments.map((file) => ({
      id: file.id,
      fileName: file.fileName,
      mediaType: file.mediaType,
      sizeBytes: file.sizeBytes,
      createdAt: file.createdAt.toISOString(),
    })),
    latestOutput: latestOutput ?? null,
    deliverable: deliverable && summary.deliverable ? { ...summary.deliverable, currentVersion: deliverable.currentVersion } : null,
    failureMessage: request.status === 'failed' ? (request.failureMessage ?? TASK_REQUEST_FAILED_FALLBACK_MESSAGE) : null,
    canCancel: speaksForClient(tenant) && CANCELLABLE_TASK_STATUSES.includes(request.status),
    canRequestRevision: speaksForClient(tenant) && request.status === 'delivered',
  };
}

export async function getTaskRequest(tenant: Tenant, id: string): Promise<TaskRequestDetail> {
  return tenant.transaction((tx) => readTaskRequestDetail(tx, tenant, id));
}

/** The request, locked for a state change in this transaction; another organization's, or none, is 404. */
export async function lockTaskRequest(tx: DbTransaction, tenant: Tenant, id: string) {
  const [request] = await tx
    .select()
    .from(taskRequests)
    .where(and(eq(taskRequests.id, id), tenant.where(taskRequests.organizationId)))
    .for('update');
  tenant.assert(request?.organizationId, NOT_FOUND_MESSAGE);
  return request;
}

/**
 * A person's change of a request, told twice in one transaction: on the client's timeline (the event)
 * and on the audit trail (the entry, with the status it left).
 */
async function recordStaffChange(
  tx: DbTransaction,
  jobs: Jobs,
  tenant: Tenant,
  request: { id: string; organizationId: string; status: string },
  change: { kind: TimelineEventKind; detail: string; action: string; after: Record<string, unknown> },
): Promise<void> {
  await recordTaskEvent(tx, jobs, {
    organizationId: request.organizationId,
    taskRequestId: request.id,
    kind: change.kind,
    actorId: tenant.scope.userId,
    detail: change.detail,
  });
  await recordAudit(tx, {
    ...tenant.origin,
    organizationId: request.organizationId,
    action: change.action,
    entityType: 'task_request',
    entityId: request.id,
    before: { status: request.status },
    after: change.after,
  });
}

/**
 * The client (or an administrator) withdraws a request that is not delivered yet: it is cancelled,
 * its queued agent runs with it, and the timeline says who did it.
 */
export async function cancelTaskRequest(tenant: Tenant, id: string, jobs: Jobs): Promise<TaskRequestDetail> {
  return tenant.transaction(async (tx) => {
    const request = await lockTaskRequest(tx, tenant, id);
    if (!speaksForClient(tenant))
      throw new AppError('FORBIDDEN', 'Only the client who asked for the work, or an administrator, can cancel it.');
    if (!CANCELLABLE_TASK_STATUSES.includes(request.status)) {
      throw new AppError(
        'CONFLICT',
        `This request is ${request.status === 'delivered' ? 'already delivered' : 'already cancelled'} and can no longer be cancelled.`,
      );
    }
    const now = new Date();
    await tx.update(taskRequests).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(taskRequests.id, id));
    await emitTaskStatusChanged(tx, jobs, request, 'cancelled');
    await cancelQueuedAgentRuns(tx, id, now);
    await recordStaffChange(tx, jobs, tenant, request, {
      kind: 'cancelled',
      detail: 'The request was cancelled before delivery.',
      action: 'task_request.cancel',
      after: { status: 'cancelled', cancelledAt: now },
    });
    return readTaskRequestDetail(tx, tenant, id);
  });
}

/**
 * Staff put a failed request (its agent run was dead-lettered) back in the queue: a new agent run
 * with a fresh set of attempts. The client's timeline says so.
 */
export async function retryTaskRequest(tenant: Tenant, jobs: Jobs, id: string): Promise<TaskRequestDetail> {
  return tenant.transaction(async (tx) => {
    const request = await lockTaskRequest(tx, tenant, id);
    if (request.status !== 'failed') {
      throw new AppError('CONFLICT', 'Only a request whose agent run failed can be queued again.');
    }
    await startAgentRun(tx, jobs, { taskRequest: request });
    await tx.update(taskRequests).set({ failureMessage: null }).where(eq(taskRequests.id, id));
    await recordStaffChange(tx, jobs, tenant, request, {
      kind: 'classified',
      detail: 'Our team queued the work again for the agent.',
      action: 'task_request.retry',
      after: { status: 'queued' },
    });
    return readTaskRequestDetail(tx, tenant, id);
  });
}
