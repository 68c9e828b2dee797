import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPlanInputSchema,
  planListResponseSchema,
  planParamsSchema,
  planSchema,
  reorderStepsInputSchema,
  stepInputSchema,
  stepParamsSchema,
  updateStepInputSchema,
} from '../../../shared/schemas/assistant-plans.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { addStep, createPlan, getPlan, listPlans, removeStep, reorderSteps, submitPlan, updateStep } from './assistant-plans.service.ts';
import { registerPlanReviewRoutes } from './plan-reviews.routes.ts';

/** /api/v1/plans: the signed-in user's own assistant plans and their steps; /api/v1/reviews: the staff side. */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerAssistantPlanRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const read = { tags: ['plans'], security: [{ bearerAuth: [] }] };
  const canRead = { access: 'readPlans' } as const;
  const canWrite = { access: 'writePlans', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

  typed.post(
    '/api/v1/plans',
    {
      schema: {
        ...read,
        operationId: 'createPlan',
        body: createPlanInputSchema,
        response: { 201: planSchema },
        summary: "'Use plan': save the advisor's suggestion as a draft plan",
      },
      config: canWrite,
    },
    async (request, reply) => {
      const plan = await createPlan(db, { userId: requireUser(request).userId, plan: request.body });
      return reply.status(201).send(plan);
    },
  );

  typed.get(
    '/api/v1/plans',
    {
      schema: { ...read, operationId: 'listPlans', response: { 200: planListResponseSchema }, summary: 'Your plans, newest first' },
      config: canRead,
    },
    async (request) => ({ plans: await listPlans(db, requireUser(request).userId) }),
  );

  typed.get(
    '/api/v1/plans/:id',
    {
      schema: {
        ...read,
        operationId: 'getPlan',
        params: planParamsSchema,
        response: { 200: planSchema },
        summary: 'One of your plans with its steps',
      },
      config: canRead,
    },
    async (request) => getPlan(db, { userId: requireUser(request).userId, planId: request.params.id }),
  );

  typed.post(
    '/api/v1/plans/:id/steps',
    {
      schema: {
        ...read,
        operationId: 'addPlanStep',
        params: planParamsSchema,
        body: stepInputSchema,
        response: { 201: planSchema },
        summary: 'Add a step at the end',
      },
      config: canWrite,
    },
    async (request, reply) => {
      const plan = await addStep(db, { userId: requireUser(request).userId, planId: request.params.id, step: request.body });
      return reply.status(201).send(plan);
    },
  );

  typed.patch(
    '/api/v1/plans/:id/steps/:stepId',
    {
      schema: {
        ...read,
        operationId: 'updatePlanStep',
        params: stepParamsSchema,
        body: updateStepInputSchema,
        response: { 200: planSchema },
        summary: 'Edit a step',
      },
      config: canWrite,
    },
    async (request) =>
      updateStep(db, {
        userId: requireUser(request).userId,
        planId: request.params.id,
        stepId: request.params.stepId,
        changes: request.body,
      }),
  );

  typed.delete(
    '/api/v1/plans/:id/steps/:stepId',
    {
      schema: { ...read, operationId: 'removePlanStep', params: stepParamsSchema, response: { 200: planSchema }, summary: 'Remove a step' },
      config: canWrite,
    },
    async (request) => removeStep(db, { userId: requireUser(request).userId, planId: request.params.id, stepId: request.params.stepId }),
  );

  typed.put(
    '/api/v1/plans/:id/steps/order',
    {
      schema: {
        ...read,
        operationId: 'reorderPlanSteps',
        params: planParamsSchema,
        body: reorderStepsInputSchema,
        response: { 200: planSchema },
        summary: 'Put the steps in a new order',
      },
      config: canWrite,
    },
    async (request) => reorderSteps(db, { userId: requireUser(request).userId, planId: request.params.id, stepIds: request.body.step_ids }),
  );

  typed.post(
    '/api/v1/plans/:id/submit',
    {
      schema: { ...read, operationId: 'submitPlan', params: planParamsSchema, response: { 200: planSchema }, summary: 'Submit the plan' },
      config: canWrite,
    },
    async (request) => submitPlan(db, { userId: requireUser(request).userId, planId: request.params.id }),
  );

  registerPlanReviewRoutes(app);
}
