import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AUDIT_DECISION_STATUS, WITH_CLIENT_STATUSES } from '../../../shared/schemas/engagement-statuses.ts';
import type {
  addAuditRequestInputSchema,
  AuditRequest,
  AuditRequestList,
  AuditThread,
  decideAuditRequestInputSchema,
  respondAuditRequestInputSchema,
} from '../../../shared/schemas/engagements.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { auditEngagements, auditRequestEvidence, auditRequestMessages, auditRequests } from '../../db/schema/engagements.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import { requestEvidence } from './audit-evidence.ts';
import { countsForEngagement } from '../../../shared/rules/engagement-evidence.ts';
import { type EngagementReach, today } from './engagement-reach.ts';

/** The Evidence Review Workflow (docs/audit.md): the request list, decisions, the thread, resubmission. */

type RequestRow = typeof auditRequests.$inferSelect;
const NOT_FOUND = 'No such audit request.';

export async function requestViews(
  tx: DbTransaction,
  reach: EngagementReach,
  rows: readonly RequestRow[],
  now = new Date(),
): Promise<AuditRequest[]> {
  const ids = rows.map((row) => row.id);
  const evidenceOf = await requestEvidence(tx, reach.engagement, ids);
  const counts = ids.length
    ? await tx
        .select({ requestId: auditRequestMessages.requestId, total: count() })
        .from(auditRequestMessages)
        .where(inArray(auditRequestMessages.requestId, ids))
        .groupBy(auditRequestMessages.requestId)
    : [];
  const countOf = new Map(counts.map((row) => [row.requestId, Number(row.total)]));
  return rows.map((row) => ({
    id: row.id,
    engagementId: row.engagementId,
    ref: row.ref,
    requirementId: row.requirementId,
    title: row.title,
    description: row.description,
    status: row.status,
    dueOn: row.dueOn,
    overdue: Boolean(row.dueOn && row.dueOn < today(now) && WITH_CLIENT_STATUSES.includes(row.status)),
    evidence: evidenceOf.get(row.id) ?? [],
    messageCount: countOf.get(row.id) ?? 0,
    taskRequestId: row.taskRequestId,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listAuditRequests(reach: EngagementReach, status?: RequestRow['status']): Promise<AuditRequestList> {
  return reach.tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(auditRequests)
      .where(and(eq(auditRequests.engagementId, reach.engagement.id), ...(status ? [eq(auditRequests.status, status)] : [])))
      .orderBy(asc(auditRequests.createdAt), asc(auditRequests.ref));
    return { engagementId: reach.engagement.id, requests: await requestViews(tx, reach, rows) };
  });
}

async function lockRequest(tx: DbTransaction, reach: EngagementReach, requestId: string): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(auditRequests)
    .where(and(eq(auditRequests.id, requestId), eq(auditRequests.engagementId, reach.engagement.id)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function viewOf(tx: DbTransaction, reach: EngagementReach, row: RequestRow): Promise<AuditRequest> {
  const [view] = await requestViews(tx, reach, [row]);
  if (!view) throw new Error('viewOf: no view');
  return view;
}

export async function addAuditRequest(reach: EngagementReach, input: z.output<typeof addAuditRequestInputSchema>): Promise<AuditRequest> {
  return reach.tenant.transaction(async (tx) => {
    // Requests the auditors add are numbered A-001 onwards; the engagement row lock keeps two apart.
    await tx.select({ id: auditEngagements.id }).from(auditEngagements).where(eq(auditEngagements.id, reach.engagement.id)).for('update');
    const [{ added } = { added: 0 }] = await tx
      .select({ added: count() })
      .from(auditRequests)
      .where(and(eq(auditRequests.engagementId, reach.engagement.id), isNull(auditRequests.requirementId)));
    const [row] = await tx
      .insert(auditRequests)
      .values({
        organizationId: reach.engagement.organizationId,
        engagementId: reach.engagement.id,
        ref: `A-${String(Number(added) + 1).padStart(3, '0')}`,
        title: input.title,
        description: input.description,
        dueOn: input.dueOn ?? reach.engagement.fieldworkStart,
        createdBy: reach.userId,
      })
      .returning();
    if (!row) throw new Error('addAuditRequest: insert returned nothing');
    await recordAudit(tx, {
      ...reach.tenant.origin,
      organizationId: row.organizationId,
      action: 'audit_request.create',
      entityType: 'audit_request',
      entityId: row.id,
      after: row,
    });
    return viewOf(tx, reach, row);
  });
}

async function addMessage(
  tx: DbTransaction,
  reach: EngagementReach,
  row: RequestRow,
  message: Pick<typeof auditRequestMessages.$inferInsert, 'kind' | 'decision' | 'body'>,
): Promise<void> {
  await tx.insert(auditRequestMessages).values({
    organizationId: row.organizationId,
    requestId: row.id,
    authorId: reach.userId,
    authorKind: reach.side,
    ...message,
  });
}

/** An auditor's decision: accept, flag with a comment, or ask for resubmission. A flag is a domain event. */
export async function decideAuditRequest(
  reach: EngagementReach,
  jobs: Jobs,
  requestId: string,
  input: z.output<typeof decideAuditRequestInputSchema>,
): Promise<AuditRequest> {
  return reach.tenant.transaction(async (tx) => {
    const row = await lockRequest(tx, reach, requestId);
    const status = AUDIT_DECISION_STATUS[input.decision];
    const [updated] = await tx
      .update(auditRequests)
      .set({ status, lastDecision: input.decision, updatedAt: new Date() })
      .where(eq(auditRequests.id, row.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
    await addMessage(tx, reach, row, { kind: 'decision', decision: input.decision, body: input.comment });
    await recordAudit(tx, {
      ...reach.tenant.origin,
      organizationId: row.organizationId,
      action: 'audit_request.decide',
      entityType: 'audit_request',
      entityId: row.id,
      before: { status: row.status },
      after: { status, decision: input.decision, comment: input.comment },
    });
    if (input.decision === 'flag') {
      await emitDomainEvent(tx, jobs, {
        type: 'audit_request.flagged',
        organizationId: row.organizationId,
        entityId: row.id,
        data: { engagementId: row.engagementId, ref: row.ref, title: row.title.slice(0, 200) },
      });
    }
    return viewOf(tx, reach, updated);
  });
}

export async function getAuditThread(reach: EngagementReach, requestId: string): Promise<AuditThread> {
  return reach.tenant.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(auditRequests)
      .where(and(eq(auditRequests.id, requestId), eq(auditRequests.engagementId, reach.engagement.id)));
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    const messages = await tx
      .select()
      .from(auditRequestMessages)
      .where(eq(auditRequestMessages.requestId, row.id))
      .orderBy(asc(auditRequestMessages.createdAt));
    const names = await userNames(
      tx,
      messages.map((message) => message.authorId),
    );
    return {
      request: await viewOf(tx, reach, row),
      messages: messages.map((message) => ({
        id: message.id,
        authorName: (message.authorId && names.get(message.authorId)) || 'Someone',
        authorKind: message.authorKind,
        kind: message.kind,
        decision: message.decision ?? null,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
      })),
    };
  });
}

/**
 * A message in the thread. The client (or staff for them) may link evidence of the programme in force
 * during the period and, with `resubmit`, hand the request back to the auditor as submitted.
 */
export async function respondAuditRequest(
  reach: EngagementReach,
  requestId: string,
  input: z.output<typeof respondAuditRequestInputSchema>,
): Promise<AuditThread> {
  const linksEvidence = input.evidenceIds.length > 0 || input.resubmit;
  if (linksEvidence && reach.side === 'auditor') throw new AppError('FORBIDDEN', 'Only the client provides evidence; comment instead.');
  if (!linksEvidence && input.body.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Write a message.', [{ path: 'body.body', message: 'Write a message' }]);
  }
  await reach.tenant.transaction(async (tx) => {
    const row = await lockRequest(tx, reach, requestId);
    if (input.evidenceIds.length > 0) {
      const items = await tx
        .select()
        .from(evidence)
        .where(and(inArray(evidence.id, input.evidenceIds), eq(evidence.organizationId, row.organizationId)));
      if (items.length !== new Set(input.evidenceIds).size) throw new AppError('NOT_FOUND', 'An evidence item was not found.');
      const outside = items.filter((item) => !countsForEngagement(reach.engagement, item));
      if (outside.length > 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Evidence must have been in force during the period under audit, or collected during the engagement for that period.',
          [{ path: 'body.evidenceIds', message: `Does not count for this engagement: ${outside.map((item) => item.title).join(', ')}` }],
        );
      }
      await tx
        .insert(auditRequestEvidence)
        .values(
          items.map((item) => ({ organizationId: row.organizationId, requestId: row.id, evidenceId: item.id, linkedBy: reach.userId })),
        )
        .onConflictDoNothing();
    }
    if (input.resubmit && row.status === 'accepted') throw new AppError('CONFLICT', 'This request is already accepted.');
    await addMessage(tx, reach, row, { kind: input.resubmit ? 'submission' : 'comment', decision: null, body: input.body });
    if (input.resubmit)
      await tx.update(auditRequests).set({ status: 'submitted', updatedAt: new Date() }).where(eq(auditRequests.id, row.id));
    else await tx.update(auditRequests).set({ updatedAt: new Date() }).where(eq(auditRequests.id, row.id));
    await recordAudit(tx, {
      ...reach.tenant.origin,
      organizationId: row.organizationId,
      action: input.resubmit ? 'audit_request.resubmit' : 'audit_request.comment',
      entityType: 'audit_request',
      entityId: row.id,
      before: input.resubmit ? { status: row.status } : null,
      after: { ...(input.resubmit ? { status: 'submitted' } : {}), body: input.body, evidenceIds: input.evidenceIds },
    });
  });
  return getAuditThread(reach, requestId);
}
