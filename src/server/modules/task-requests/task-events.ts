import type { TimelineEventKind } from '../../../shared/schemas/task-requests.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { taskRequestEvents } from '../../db/schema/task-requests.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { notifyTaskEvent } from '../notifications/notification-rules.ts';

export interface TaskEventInput {
  organizationId: string;
  taskRequestId: string;
  kind: TimelineEventKind;
  /** Who did it; omit for the system (an agent, a job). */
  actorId?: string | null;
  /** One sentence the client reads on the timeline. */
  detail?: string;
}

/**
 * Appends to a request's timeline, in the caller's transaction so the step and its record commit together,
 * and notifies whoever the step concerns (notifications/notification-rules.ts).
 */
export async function recordTaskEvent(tx: Db | DbTransaction, jobs: Jobs, ...events: TaskEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = await tx
    .insert(taskRequestEvents)
    .values(
      events.map((event) => ({
        organizationId: event.organizationId,
        taskRequestId: event.taskRequestId,
        kind: event.kind,
        actorId: event.actorId ?? null,
        detail: event.detail ?? '',
      })),
    )
    .returning({ id: taskRequestEvents.id });
  for (const [index, event] of events.entries()) {
    const id = rows[index]?.id;
    if (id) await notifyTaskEvent(tx, jobs, { ...event, id });
  }
}
