import type { TaskStatus } from '../../../shared/schemas/task-requests.ts';
import type { DbTransaction } from '../../db/client.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';

/**
 * A task request's status changed: 'task_request.status_changed' (and 'task_request.approved' when a
 * reviewer approved it), in the transaction of the change (docs/events.md).
 */
export async function emitTaskStatusChanged(
  tx: DbTransaction,
  jobs: Jobs,
  request: { id: string; organizationId: string; title: string; status: TaskStatus },
  to: TaskStatus,
  options: { approved?: boolean } = {},
): Promise<void> {
  const data = { from: request.status, to, title: request.title.slice(0, 200) };
  await emitDomainEvent(tx, jobs, {
    type: 'task_request.status_changed',
    organizationId: request.organizationId,
    entityId: request.id,
    data,
  });
  if (options.approved) {
    await emitDomainEvent(tx, jobs, { type: 'task_request.approved', organizationId: request.organizationId, entityId: request.id, data });
  }
}
