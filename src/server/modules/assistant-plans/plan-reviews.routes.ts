import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  planParamsSchema,
  reviewDecisionInputSchema,
  reviewPlanSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
} from '../../../shared/schemas/assistant-plans.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { insertPlanRequests, preparePlanRequests } from '../task-requests/plan-requests.ts';
import { decidePlan, getReviewPlan, listReviewQueue } from './plan-reviews.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** /api/v1/reviews/plans: staff with outputs:review read the queue; approvers (is_approver) decide. */
export function registerPlanReviewRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tags = { tags: ['reviews'], security: [{ bearerAuth: [] }] };
  const canRead = { access: 'readReviews' } as const;

  typed.get(
    '/api/v1/reviews/plans',
    {
      schema: {
        ...tags,
        operationId: 'listPlanReviewQueue',
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueResponseSchema },
        summary: 'Submitted task requests of the clients in the reviewer’s scope, oldest first',
      },
      config: canRead,
    },
    async (request, reply) => {
      const reviewer = await getRequestAccess(request);
      return reply.headers(noStore).send({ plans: await listReviewQueue(db, reviewer, request.query.status) });
    },
  );

  typed.get(
    '/api/v1/reviews/plans/:id',
    {
      schema: {
        ...tags,
        operationId: 'getPlanForReview',
        params: planParamsSchema,
        response: { 200: reviewPlanSchema },
        summary: 'One submitted plan with its steps and requester',
      },
      config: canRead,
    },
    async (request, reply) => reply.headers(noStore).send(await getReviewPlan(db, await getRequestAccess(request), request.params.id)),
  );

  typed.post(
    '/api/v1/reviews/plans/:id/decision',
    {
      schema: {
        ...tags,
        operationId: 'decidePlan',
        params: planParamsSchema,
        body: reviewDecisionInputSchema,
        response: { 200: reviewPlanSchema },
        summary: 'Approve a submitted plan, or send it back with what to change (approvers only)',
      },
      config: { access: 'decideReviews', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const reviewer = await getRequestAccess(request);
      // An approved plan's steps become task requests in the approval's transaction; they are
      // classified first, outside it (the agent provider may be a network call).
      const prepared =
        request.body.decision === 'approve'
          ? await preparePlanRequests(db, (input) => app.agentProvider.classify(input), request.params.id)
          : null;
      const plan = await decidePlan(db, {
        planId: request.params.id,
        reviewerId: reviewer.user.userId,
        reviewer,
        decision: request.body,
        onApproved: prepared ? (tx) => insertPlanRequests(tx, app.jobs, prepared) : undefined,
      });
      request.log.info({ reviewerId: reviewer.user.userId, planId: plan.id, status: plan.status }, 'plan reviewed');
      return plan;
    },
  );
}
