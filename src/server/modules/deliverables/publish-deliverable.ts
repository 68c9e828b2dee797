import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { deliverableVersions, deliverables } from '../../db/schema/deliverables.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { type PublicationFacts, finalDocument } from './final-document.ts';

export interface PublishDeliverableInput {
  outputId: string;
  publishedBy: string;
  /** Shown as the deliverable's "assigned to" once it is delivered. */
  reviewerName: string;
  /**
   * Who reviewed and approved it: the published Markdown then becomes the final document
   * (final-document.ts). Without it (imports, fixtures) the Markdown is published as written.
   */
  approval?: Pick<PublicationFacts, 'reviewers' | 'approver'>;
}

/**
 * Publishes an approved output as the next version of its request's deliverable: the Markdown is
 * frozen into deliverable_versions (as the final document when the approval is given) and the
 * deliverable is completed. Runs in the reviewer's transaction. It records no trail entry of its own:
 * publication is half of an approver's decision, whose one `review.decide` entry names the deliverable
 * and the version published (reviews/decide-output.ts; docs/audit.md "One operation, one entry").
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
  const publishedAt = new Date();
  const body = input.approval
    ? finalDocument(output.body, { ...input.approval, version: deliverable.version, revision: output.version, publishedAt })
    : output.body;
  await tx.insert(deliverableVersions).values({
    organizationId: output.organizationId,
    deliverableId: deliverable.id,
    version: deliverable.version,
    outputId: output.id,
    body,
    sizeBytes: Buffer.byteLength(body, 'utf8'),
    publishedBy: input.publishedBy,
    createdAt: publishedAt,
  });
  return { deliverableId: deliverable.id, version: deliverable.version };
}
