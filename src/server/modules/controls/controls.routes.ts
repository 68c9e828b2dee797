import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  controlListQuerySchema,
  controlListSchema,
  controlParamsSchema,
  programmeControlSchema,
  updateControlInputSchema,
} from '../../../shared/schemas/controls.ts';
import { programmeContext } from '../frameworks/programme-context.ts';
import { listControls, updateControl } from './controls.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** /api/v1/controls…: the organization's controls in scope (docs/programme.md "Controls"). */
export function registerControlRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['controls'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/v1/controls',
    {
      config: { access: 'readFrameworks', readCache: true },
      schema: {
        ...tags,
        operationId: 'listControls',
        summary: 'The organization’s controls in scope with owner, status, applicability, frameworks and evidence freshness',
        querystring: controlListQuerySchema,
        response: { 200: controlListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listControls(await programmeContext(request), request.query)),
  );

  api.patch(
    '/api/v1/controls/:controlId',
    {
      config: { access: 'writeControls', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'updateControl',
        summary: 'Sets a control’s owner, status, applicability (not applicable needs a justification), business unit or environment',
        params: controlParamsSchema,
        body: updateControlInputSchema,
        response: { 200: programmeControlSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await updateControl(await programmeContext(request), request.params.controlId, request.body)),
  );
}
