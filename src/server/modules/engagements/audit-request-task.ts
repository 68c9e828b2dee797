import { and, eq } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { auditRequestMessages, auditRequests } from '../../db/schema/engagements.ts';
import { classifyBuiltin } from '../agent-runs/providers/builtin-classifier.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { insertTaskRequest } from '../task-requests/pipeline.ts';
import type { EngagementReach } from './engagement-reach.ts';

/**
 * Staff turn a flagged (or resubmission-requested) item into a task request through the delivery
 * pipeline's own submit function (docs/delivery.md): classified, queued for an agent, on the client's
 * timeline, with the auditor's comment as the brief. Once per item.
 */
export async function createTaskFromAuditRequest(
  reach: EngagementReach,
  jobs: Jobs,
  requestId: string,
): Promise<{ taskRequestId: string }> {
  if (reach.side !== 'staff') throw new AppError('FORBIDDEN', 'Only staff open task requests from an audit item.');
  return reach.tenant.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(auditRequests)
      .where(and(eq(auditRequests.id, requestId), eq(auditRequests.engagementId, reach.engagement.id)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such audit request.');
    if (row.status !== 'flagged' && row.status !== 'resubmission_requested') {
      throw new AppError('CONFLICT', 'Only a flagged item, or one sent back for resubmission, becomes a task request.');
    }
    if (row.taskRequestId) throw new AppError('CONFLICT', 'A task request was already opened for this item.');
    const [decision] = await tx
      .select({ body: auditRequestMessages.body })
      .from(auditRequestMessages)
      .where(and(eq(auditRequestMessages.requestId, row.id), eq(auditRequestMessages.kind, 'decision')))
      .orderBy(auditRequestMessages.createdAt);
    const now = new Date();
    const input = {
      title: `Audit finding ${row.ref}: ${row.title}`.slice(0, 200),
      description:
        `The auditor flagged “${row.title}” in the engagement “${reach.engagement.name}”.\n\nAuditor’s comment: ${decision?.body ?? '(none)'}\n\n${row.description}`.slice(
          0,
          5000,
        ),
      department: 'compliance' as const,
      deadline: reach.engagement.fieldworkEnd,
      frameworks: [reach.engagement.frameworkId],
    };
    // One entry, naming the auditor's item (it names the request it opened).
    const task = await insertTaskRequest(tx, jobs, {
      ...input,
      organizationId: row.organizationId,
      requestedBy: reach.userId,
      source: 'audit_request',
      classification: classifyBuiltin({ ...input, now }),
      submittedAt: now,
      origin: reach.tenant.origin,
    });
    await tx.update(auditRequests).set({ taskRequestId: task.id, updatedAt: now }).where(eq(auditRequests.id, row.id));
    await recordAudit(tx, {
      ...reach.tenant.origin,
      organizationId: row.organizationId,
      action: 'audit_request.task_created',
      entityType: 'audit_request',
      entityId: row.id,
      after: { taskRequestId: task.id },
    });
    return { taskRequestId: task.id };
  });
}
