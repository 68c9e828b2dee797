import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  decideOutputInputSchema,
  decideOutputResultSchema,
  outputParamsSchema,
  outputReviewSchema,
  qualityScoresSchema,
  reviewQueueSchema,
  reviseOutputInputSchema,
} from '../../../shared/schemas/reviews.ts';
import { AppError } from '../../app-error.ts';
import { getRequestAccess, recordSecurityEvent } from '../../platform/access/access-guard.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { decideOutput } from './decide-output.ts';
import { type ReviewerSubject, getOutputReview, listReviewQueue } from './output-review.service.ts';
import { getQualityScores } from './quality-scores.service.ts';
import { reviseOutput } from './revise-output.ts';
import { noStore } from '../../platform/http/no-store.ts';

async function reviewerOf(request: FastifyRequest): Promise<ReviewerSubject> {
  const access = await getRequestAccess(request);
  return { userId: access.user.userId, isApprover: access.capabilities.is_approver };
}

/**
 * What reviewers do (docs/delivery.md "Reviews and quality"): the queue of drafts awaiting review,
 * one draft with its diff and history, a reviewer's edit as a new version, an approver's decision,
 * and the quality scores every client sees for their own organization. Tenancy: the tenant guard.
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (5 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerReviewRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['reviews'], security: [{ bearerAuth: [] }] };
  const write = { rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/review-queue',
    {
      config: { access: 'readReviews' },
      schema: {
        ...tags,
        operationId: 'listReviewQueue',
        summary: 'AI outputs awaiting review in the reviewer’s organizations, the request due soonest first',
        response: { 200: reviewQueueSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send({ outputs: await listReviewQueue(await requestTenant(request)) }),
  );

  api.get(
    '/api/v1/outputs/:outputId',
    {
      config: { access: 'readReviews' },
      schema: {
        ...tags,
        operationId: 'getOutputReview',
        summary:
          'One AI output with its request, the diff against the previous version, earlier reviews, and whether the caller may decide',
        params: outputParamsSchema,
        response: { 200: outputReviewSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getOutputReview(await requestTenant(request), await reviewerOf(request), request.params.outputId)),
  );

  api.post(
    '/api/v1/outputs/:outputId/revisions',
    {
      config: { access: 'readReviews', ...write },
      schema: {
        ...tags,
        operationId: 'reviseOutput',
        summary: 'A reviewer’s edit of a draft awaiting review: it becomes the next version and the edited one is superseded',
        params: outputParamsSchema,
        body: reviseOutputInputSchema,
        response: { 201: outputReviewSchema },
      },
    },
    async (request, reply) => {
      const tenant = await requestTenant(request);
      const reviewer = await reviewerOf(request);
      const created = await reviseOutput(tenant, {
        outputId: request.params.outputId,
        reviewerId: reviewer.userId,
        revision: request.body,
      });
      request.log.info({ reviewerId: reviewer.userId, editedId: request.params.outputId, ...created }, 'output revised');
      return reply.code(201).send(await getOutputReview(tenant, reviewer, created.outputId));
    },
  );

  api.post(
    '/api/v1/outputs/:outputId/decision',
    {
      config: { access: 'decideReviews', ...write },
      schema: {
        ...tags,
        operationId: 'decideOutput',
        summary:
          'Approve an output (publishes the deliverable) or reject it with notes (the agent redrafts); approvers only, never on their own request',
        params: outputParamsSchema,
        body: decideOutputInputSchema,
        response: { 200: decideOutputResultSchema },
      },
    },
    async (request) => {
      const tenant = await requestTenant(request);
      const reviewerId = (await reviewerOf(request)).userId;
      try {
        const result = await decideOutput(tenant, {
          outputId: request.params.outputId,
          reviewerId,
          decision: request.body,
          jobs: app.jobs,
          publicOrigin: app.publicOrigin(request),
        });
        request.log.info({ reviewerId, outputId: result.outputId, decision: result.decision }, 'output decided');
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'SEGREGATION_OF_DUTIES') {
          // Logged after the transaction rolled back, on its own connection (like the access guard's denials).
          await recordSecurityEvent(request, {
            userId: reviewerId,
            eventType: 'PRIVILEGE_ESCALATION',
            details: {
              source: 'api',
              method: request.method,
              path: request.url.split('?')[0],
              reason: 'segregation_of_duties',
              outputId: request.params.outputId,
            },
          });
        }
        throw error;
      }
    },
  );

  api.get(
    '/api/v1/quality-scores',
    {
      config: { access: 'readTasks' },
      schema: {
        ...tags,
        operationId: 'getQualityScores',
        summary:
          'Quality scores of reviewed deliverables in the caller’s organizations: overall, by category, by month, and each assessed document',
        response: { 200: qualityScoresSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getQualityScores(await requestTenant(request))),
  );
}
