import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type DecideOutputResult, type decideOutputInputSchema, overallQualityScore } from '../../../shared/schemas/reviews.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { aiOutputs, outputReviews } from '../../db/schema/reviews.ts';
import { publishDeliverable } from '../deliverables/publish-deliverable.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { type TaskRequestRow, startAgentRun } from '../task-requests/pipeline.ts';
import { recordTaskEvent } from '../task-requests/task-events.ts';
import { assignTaskRequest, setTaskRequestStatus } from '../task-requests/task-request-status.ts';
import { emitTaskStatusChanged } from '../task-requests/task-status-events.ts';
import { readOutput } from './output-review.service.ts';
import { type Person, peopleByIds } from './people.ts';
import { requestReviewers } from './review-history.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

export type DecideOutputInput = z.output<typeof decideOutputInputSchema>;

export interface DecideOutputOptions {
  outputId: string;
  reviewerId: string;
  decision: DecideOutputInput;
  jobs: Jobs;
  /** Where the client's dashboard lives, for the "deliverable ready" e-mail. */
  publicOrigin: string;
}

type ApproveOptions = DecideOutputOptions & { tenant: Tenant };

const ALREADY_DECIDED = () => new AppError('CONFLICT', 'This version has already been decided or replaced by a newer one.');

/** Approved: publish the deliverable, mark the request delivered, tell the requester. */
async function approve(
  tx: DbTransaction,
  request: TaskRequestRow,
  outputId: string,
  reviewer: Person & { id: string },
  requester: Person,
  options: ApproveOptions,
  overallScore: number,
) {
  const now = new Date();
  const reviewed = await requestReviewers(tx, request.id);
  const names = await peopleByIds(
    tx,
    reviewed.map((entry) => entry.userId),
  );
  const published = await publishDeliverable(tx, {
    outputId,
    publishedBy: reviewer.id,
    reviewerName: reviewer.name,
    approval: {
      reviewers: reviewed.map((entry) => ({ name: names(entry.userId).name, at: entry.at })),
      approver: { name: reviewer.name, at: now },
    },
  });
  await setTaskRequestStatus(tx, options.jobs, request, 'delivered', { deliveredAt: now, approved: true, now });
  await emitDomainEvent(tx, options.jobs, {
    type: 'deliverable.published',
    organizationId: request.organizationId,
    entityId: published.deliverableId,
    data: { version: published.version, taskRequestId: request.id, title: request.title },
  });
  const event = { organizationId: request.organizationId, taskRequestId: request.id };
  await recordTaskEvent(
    tx,
    options.jobs,
    { ...event, kind: 'approved', actorId: reviewer.id, detail: `Approved by ${reviewer.name} with a quality score of ${overallScore}.` },
    { ...event, kind: 'delivered', actorId: reviewer.id, detail: `Version ${published.version} of the deliverable is ready to download.` },
  );
  if (requester.email) {
    const link = `${options.publicOrigin}${workspaceHref.deliverables()}`;
    await enqueueEmail(tx, options.jobs, {
      kind: 'deliverable-ready',
      to: requester.email,
      subject: 'Your deliverable is ready',
      text: [
        `"${request.title}" has been reviewed and approved by ${reviewer.name}.`,
        '',
        `Download it from your deliverables: ${link}`,
      ].join('\n'),
    });
  }
  return { deliverable: { id: published.deliverableId, version: published.version } };
}

/**
 * An approver's decision on one output version (docs/delivery.md), all in one tenant transaction:
 * the review with its scores, the output's status, the request's reviewer, then either the published
 * deliverable, delivered request and e-mail, or the notes back to the agent as a new run. Decided once
 * (row lock and unique index: a second decision is 409); never on one's own request (403).
 */
export async function decideOutput(tenant: Tenant, options: DecideOutputOptions): Promise<DecideOutputResult> {
  const { decision } = options;
  try {
    return await tenant.transaction(async (tx) => {
      const { output, request } = await readOutput(tx, tenant, options.outputId, true);
      if (output.status !== 'pending_review' || request.status === 'cancelled') throw ALREADY_DECIDED();
      // Segregation of duties: whoever asked for the work never signs it off.
      if (request.requestedBy === options.reviewerId) {
        throw new AppError('SEGREGATION_OF_DUTIES', 'You requested this work, so another approver must decide on it.');
      }
      const people = await peopleByIds(tx, [options.reviewerId, request.requestedBy]);
      const reviewer = { ...people(options.reviewerId), id: options.reviewerId };
      const overallScore = overallQualityScore(decision.scores);
      await tx.insert(outputReviews).values({
        organizationId: output.organizationId,
        outputId: output.id,
        taskRequestId: request.id,
        reviewerId: options.reviewerId,
        decision: decision.decision,
        notes: decision.notes,
        scores: decision.scores,
        overallScore,
        issues: decision.issues,
      });
      await tx.update(aiOutputs).set({ status: decision.decision }).where(eq(aiOutputs.id, output.id));
      // The decision's one trail entry; an approval's also names the deliverable version it published.
      const recordDecision = (published: { deliverable?: { id: string; version: number } } = {}) =>
        recordAudit(tx, {
          ...tenant.origin,
          organizationId: output.organizationId,
          action: 'review.decide',
          entityType: 'ai_output',
          entityId: output.id,
          before: { status: output.status },
          after: { status: decision.decision, notes: decision.notes, overallScore, taskRequestId: request.id, ...published },
        });
      await assignTaskRequest(tx, request.id, options.reviewerId);
      const base = { outputId: output.id, decision: decision.decision, overallScore };
      if (decision.decision === 'approved') {
        const { deliverable } = await approve(
          tx,
          request,
          output.id,
          reviewer,
          people(request.requestedBy),
          { ...options, tenant },
          overallScore,
        );
        await recordDecision({ deliverable });
        return { ...base, requestStatus: 'delivered' as const, deliverable, runId: null };
      }
      await recordTaskEvent(tx, options.jobs, {
        organizationId: request.organizationId,
        taskRequestId: request.id,
        kind: 'changes_requested',
        actorId: options.reviewerId,
        detail: decision.notes,
      });
      await recordDecision();
      const run = await startAgentRun(tx, options.jobs, { taskRequest: request, reviewNotes: decision.notes });
      await emitTaskStatusChanged(tx, options.jobs, request, 'queued');
      return { ...base, requestStatus: 'queued' as const, deliverable: null, runId: run.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'output_reviews_output_key')) throw ALREADY_DECIDED();
    throw error;
  }
}
