import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { deliverableVersions, deliverables } from '../../db/schema/deliverables.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { type AuditOrigin, recordAudit } from '../audit/record-audit.ts';

export interface PublishDeliverableInput {
  outputId: string;
  publishedBy: string;
  /** Shown as the deliverable's "assigned to" once it is delivered. */
  reviewerName: string;
  /** For the audit trail; defaults to the publisher with no address. */
  origin?: AuditOrigin;
}

/**
 * Publishes an approved output as the next version of its request's deliverable: the Markdown is
 * frozen into deliverable_versions and the deliverable is completed. Runs in the reviewer's transaction.
 */
export async function publishDeliverable(
  tx: DbTransaction,
  input: PublishDeliverableInput,
): Promise<{ deliverableId: string; version: number }> {
  const [output] = await tx.select().from(aiOutputs).where(eq(aiOutputs.id, input.outputId));
  if (!output) throw new AppError('NOT_FOUND', 'No such output.');
  const [deliverable] = await tx
    .update(deliverables)
    .set({
      status: 'completed',
      currentVersion: sql`${deliverables.currentVersion} + 1`,
      completedAt: new Date(),
      updatedAt: new Date(),
      assignedTo: input.reviewerName,
      title: output.title,
    })
    .where(and(eq(deliverables.taskRequestId, output.taskRequestId), eq(deliverables.organizationId, output.organizationId)))
    .returning({ id: deliverables.id, version: deliverables.currentVersion });
  if (!deliverable) throw new AppError('NOT_FOUND', 'The request has no deliverable.');
  await tx.insert(deliverableVersions).values({
    organizationId: output.organizationId,
    deliverableId: deliverable.id,
    version: deliverable.version,
    outputId: output.id,
    body: output.body,
    sizeBytes: Buffer.byteLength(output.body, 'utf8'),
    publishedBy: input.publishedBy,
  });
  await recordAudit(tx, {
    ...(input.origin ?? { actor: input.publishedBy }),
    organizationId: output.organizationId,
    action: 'deliverable.publish',
    entityType: 'deliverable',
    entityId: deliverable.id,
    after: { version: deliverable.version, outputId: output.id, taskRequestId: output.taskRequestId, status: 'completed' },
  });
  return { deliverableId: deliverable.id, version: deliverable.version };
}
