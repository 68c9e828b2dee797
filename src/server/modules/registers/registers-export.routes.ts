import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportRegisterQuerySchema, registerParamsSchema } from '../../../shared/schemas/registers.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { programmeContext } from '../frameworks/programme-context.ts';
import { exportRegister } from './register-export.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** GET /api/v1/registers/:register/export.csv (docs/programme.md "Exports"). */
export function registerRegisterExportRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/registers/:register/export.csv',
    {
      config: { access: 'exportRegisters', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['registers'],
        security: [{ bearerAuth: [] }],
        operationId: 'exportRegister',
        summary: 'Exports a register (controls, evidence, risks, or one framework’s requirements with status) as CSV',
        params: registerParamsSchema,
        querystring: exportRegisterQuerySchema,
        produces: ['text/csv'],
        response: { 200: fileResponseSchema('The register as CSV (RFC 4180, a header row)') },
      },
    },
    async (request, reply) => {
      const file = await exportRegister(await programmeContext(request), request.params.register, request.query);
      return reply
        .headers({
          ...noStore,
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
        })
        .send(Buffer.from(file.csv, 'utf8'));
    },
  );
}
