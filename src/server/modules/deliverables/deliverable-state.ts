import { eq } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { deliverables } from '../../db/schema/deliverables.ts';

/**
 * The writes of `deliverables` that the delivery pipeline causes before publication (issue 40: one
 * writing module per table): a request opens its deliverable, an agent picks it up, a draft puts it in
 * review. Publication is `publishDeliverable`. The trail entry is the caller's operation
 * (`task_request.create`, `ai_output.draft`), which names the request.
 */

export type NewDeliverable = Pick<
  typeof deliverables.$inferInsert,
  'organizationId' | 'taskRequestId' | 'title' | 'type' | 'description' | 'tags' | 'dueAt' | 'assignedTo'
>;

/** The request's deliverable, pending until the work is done. */
export async function openDeliverable(tx: DbTransaction, values: NewDeliverable): Promise<void> {
  await tx.insert(deliverables).values({ ...values, status: 'pending' });
}

/** Who is working on the request's deliverable now (the agent drafting it). */
export async function assignDeliverable(tx: DbTransaction, taskRequestId: string, assignedTo: string, now = new Date()): Promise<void> {
  await tx.update(deliverables).set({ assignedTo, updatedAt: now }).where(eq(deliverables.taskRequestId, taskRequestId));
}

/** A draft of the request waits for review. */
export async function putDeliverableInReview(tx: DbTransaction, taskRequestId: string, now = new Date()): Promise<void> {
  await tx.update(deliverables).set({ status: 'in_review', updatedAt: now }).where(eq(deliverables.taskRequestId, taskRequestId));
}
