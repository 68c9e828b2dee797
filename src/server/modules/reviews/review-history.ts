import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { aiOutputs, outputReviews } from '../../db/schema/reviews.ts';

/**
 * Everyone who reviewed a request's outputs — decided a version (approved or rejected) or edited one —
 * each with the last time they did, earliest first. The published document names them.
 */
export async function requestReviewers(tx: DbTransaction, taskRequestId: string): Promise<{ userId: string; at: Date }[]> {
  const decided = await tx
    .select({ userId: outputReviews.reviewerId, at: outputReviews.createdAt })
    .from(outputReviews)
    .where(eq(outputReviews.taskRequestId, taskRequestId));
  const edited = await tx
    .select({ userId: aiOutputs.editedBy, at: aiOutputs.createdAt })
    .from(aiOutputs)
    .where(and(eq(aiOutputs.taskRequestId, taskRequestId), isNotNull(aiOutputs.editedBy)));
  const latest = new Map<string, Date>();
  for (const { userId, at } of [...decided, ...edited]) {
    if (!userId) continue;
    const seen = latest.get(userId);
    if (!seen || at > seen) latest.set(userId, at);
  }
  return [...latest.entries()].map(([userId, at]) => ({ userId, at })).sort((a, b) => a.at.getTime() - b.at.getTime());
}
