import { eq } from 'drizzle-orm';
import type { TaskRequestDetail } from '../../../shared/schemas/task-requests.ts';
import { AppError } from '../../app-error.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { startAgentRun } from './pipeline.ts';
import { recordTaskEvent } from './task-events.ts';
import { lockTaskRequest, readTaskRequestDetail, speaksForClient } from './task-requests.service.ts';
import { emitTaskStatusChanged } from './task-status-events.ts';

/**
 * The client asks for a revision of delivered work (docs/delivery.md "Revisions"): the request goes back
 * to the queue and its agent drafts the next version with the client's notes — the same redraft a
 * reviewer's rejection starts — then review and publication as for any version. The delivered version
 * stays downloadable meanwhile; the approved redraft becomes the deliverable's next version.
 */
export async function requestTaskRevision(tenant: Tenant, jobs: Jobs, id: string, notes: string): Promise<TaskRequestDetail> {
  return tenant.transaction(async (tx) => {
    const request = await lockTaskRequest(tx, tenant, id);
    if (!speaksForClient(tenant)) {
      throw new AppError('FORBIDDEN', 'Only the client who asked for the work, or an administrator, can ask for a revision.');
    }
    if (request.status !== 'delivered') {
      throw new AppError('CONFLICT', 'Only delivered work can be revised; this request is not delivered (or is being revised already).');
    }
    await startAgentRun(tx, jobs, { taskRequest: request, reviewNotes: notes });
    await tx.update(taskRequests).set({ updatedAt: new Date() }).where(eq(taskRequests.id, id));
    await emitTaskStatusChanged(tx, jobs, request, 'queued');
    await recordTaskEvent(tx, jobs, {
      organizationId: request.organizationId,
      taskRequestId: id,
      kind: 'revision_requested',
      actorId: tenant.scope.userId,
      detail: notes,
    });
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: request.organizationId,
      action: 'task_request.request_revision',
      entityType: 'task_request',
      entityId: id,
      before: { status: request.status },
      after: { status: 'queued', notes },
    });
    return readTaskRequestDetail(tx, tenant, id);
  });
}
