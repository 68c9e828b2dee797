import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import type { DecisionBlocker, OutputReview, OutputReviewRecord, ReviewQueueItem } from '../../../shared/schemas/reviews.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { agents } from '../../db/schema/agent-runs.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { aiOutputs, outputReviews } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { outputDiff } from './output-diff.ts';
import { peopleByIds } from './people.ts';

/** Who is reading: their id and whether they hold the approver flag (product.md §6). */
export interface ReviewerSubject {
  userId: string;
  isApprover: boolean;
}

export const OUTPUT_NOT_FOUND = () => new AppError('NOT_FOUND', 'No output has this id.');

/** Outputs awaiting a reviewer in the caller's organizations, the request due soonest first. */
export async function listReviewQueue(tenant: Tenant): Promise<ReviewQueueItem[]> {
  const rows = await tenant.transaction((tx) =>
    tx
      .select({ output: aiOutputs, request: taskRequests, agentName: agents.name, organizationName: organizations.name })
      .from(aiOutputs)
      .innerJoin(taskRequests, eq(taskRequests.id, aiOutputs.taskRequestId))
      .innerJoin(agents, eq(agents.id, aiOutputs.agentId))
      .innerJoin(organizations, eq(organizations.id, aiOutputs.organizationId))
      .where(and(tenant.where(aiOutputs.organizationId), eq(aiOutputs.status, 'pending_review'), ne(taskRequests.status, 'cancelled')))
      .orderBy(asc(taskRequests.dueAt), asc(aiOutputs.createdAt), asc(aiOutputs.id)),
  );
  return rows.map(({ output, request, agentName, organizationName }) => ({
    outputId: output.id,
    version: output.version,
    title: output.title,
    type: output.type,
    agentName,
    confidence: output.confidence,
    riskScore: output.riskScore,
    request: { id: request.id, title: request.title, dueAt: request.dueAt.toISOString(), priority: request.priority },
    organizationName,
    createdAt: output.createdAt.toISOString(),
  }));
}

/** An output with its request, agent and organization, in the caller's tenancy (else 404). */
export async function readOutput(tx: DbTransaction, tenant: Tenant, outputId: string, forUpdate = false) {
  const query = tx
    .select({ output: aiOutputs, request: taskRequests, agentName: agents.name, organizationName: organizations.name })
    .from(aiOutputs)
    .innerJoin(taskRequests, eq(taskRequests.id, aiOutputs.taskRequestId))
    .innerJoin(agents, eq(agents.id, aiOutputs.agentId))
    .innerJoin(organizations, eq(organizations.id, aiOutputs.organizationId))
    .where(and(eq(aiOutputs.id, outputId), tenant.where(aiOutputs.organizationId)));
  const [row] = forUpdate ? await query.for('update', { of: [aiOutputs, taskRequests] }) : await query;
  tenant.assert(row?.output.organizationId, 'No output has this id.');
  if (!row) throw OUTPUT_NOT_FOUND();
  return row;
}

/** Why this reader may not decide, or null when they may. The server checks the same again on decision. */
export function decisionBlocker(
  reader: ReviewerSubject,
  output: { status: string },
  request: { requestedBy: string; status: string },
): DecisionBlocker | null {
  if (output.status !== 'pending_review' || request.status === 'cancelled') return 'already_decided';
  if (!reader.isApprover) return 'not_approver';
  if (request.requestedBy === reader.userId) return 'own_request';
  return null;
}

export async function readEarlierReviews(tx: DbTransaction, taskRequestId: string): Promise<OutputReviewRecord[]> {
  const rows = await tx
    .select({ review: outputReviews, version: aiOutputs.version })
    .from(outputReviews)
    .innerJoin(aiOutputs, eq(aiOutputs.id, outputReviews.outputId))
    .where(eq(outputReviews.taskRequestId, taskRequestId))
    .orderBy(desc(outputReviews.createdAt));
  const people = await peopleByIds(
    tx,
    rows.map(({ review }) => review.reviewerId),
  );
  return rows.map(({ review, version }) => ({
    id: review.id,
    outputId: review.outputId,
    outputVersion: version,
    decision: review.decision,
    notes: review.notes,
    reviewerName: people(review.reviewerId).name,
    scores: review.scores,
    overallScore: Math.round(review.overallScore * 10) / 10,
    issues: review.issues,
    createdAt: review.createdAt.toISOString(),
  }));
}

/** The review screen: the request, the draft, what changed since the previous version, earlier reviews. */
export async function getOutputReview(tenant: Tenant, reader: ReviewerSubject, outputId: string): Promise<OutputReview> {
  return tenant.transaction(async (tx) => {
    const { output, request, agentName, organizationName } = await readOutput(tx, tenant, outputId);
    const [previous] = await tx
      .select({ id: aiOutputs.id, version: aiOutputs.version, body: aiOutputs.body })
      .from(aiOutputs)
      .where(and(eq(aiOutputs.taskRequestId, request.id), lt(aiOutputs.version, output.version)))
      .orderBy(desc(aiOutputs.version))
      .limit(1);
    const people = await peopleByIds(tx, [request.requestedBy, output.editedBy]);
    const whyNot = decisionBlocker(reader, output, request);
    return {
      request: {
        id: request.id,
        title: request.title,
        description: request.description,
        department: request.department,
        frameworks: request.frameworks,
        priority: request.priority,
        status: request.status,
        requesterName: people(request.requestedBy).name,
        deadline: request.deadline,
        dueAt: request.dueAt.toISOString(),
        organizationName,
      },
      output: {
        id: output.id,
        version: output.version,
        title: output.title,
        type: output.type,
        agentName,
        confidence: output.confidence,
        generatedAt: output.createdAt.toISOString(),
        status: output.status,
        summary: output.summary,
        keyFindings: output.keyFindings,
        riskScore: output.riskScore,
        recommendations: output.recommendations,
        body: output.body,
        sources: output.sources,
        editedBy: output.editedBy ? { id: output.editedBy, name: people(output.editedBy).name } : null,
        briefFacts: output.briefFacts ?? null,
        removedReferences: output.removedReferences,
      },
      previous: previous ? { outputId: previous.id, version: previous.version, body: previous.body } : null,
      diff: previous ? outputDiff(previous.body, output.body) : [],
      reviews: await readEarlierReviews(tx, request.id),
      canDecide: whyNot === null,
      whyNot,
    };
  });
}
