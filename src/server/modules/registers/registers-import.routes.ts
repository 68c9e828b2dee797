import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importRegisterInputSchema, importRegisterParamsSchema, importResultSchema } from '../../../shared/schemas/registers.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { importRegister } from './register-import.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** POST /api/v1/registers/:register/import: controls or risks from CSV, with a dry run (docs/programme.md "Registers: import"). */
export function registerRegisterImportRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/registers/:register/import',
    {
      // The CSV travels as JSON text (at most 2 MB of it): room for the JSON around it.
      bodyLimit: 3 * 1024 * 1024,
      config: { access: 'importRegisters', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['registers'],
        security: [{ bearerAuth: [] }],
        operationId: 'importRegister',
        summary:
          'Imports the controls or risks register from CSV with a column mapping: a dry run (the default) shows each row’s create, update, unchanged or errors and changes nothing; a real run applies all rows or, if any row has an error, none',
        params: importRegisterParamsSchema,
        body: importRegisterInputSchema,
        response: { 200: importResultSchema },
      },
    },
    async (request, reply) => {
      const access = await getRequestAccess(request);
      const result = await importRegister(
        await requestTenant(request),
        { userId: requireUser(request).userId, reader: access },
        request.params.register,
        request.body,
      );
      if (result.applied) request.log.info({ register: result.register, summary: result.summary }, 'register imported');
      return reply.headers(noStore).send(result);
    },
  );

  // The people roster's import (docs/policies.md) under its own name and access: the same import of the `people` register.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/people/import',
    {
      bodyLimit: 3 * 1024 * 1024,
      config: { access: 'writePeople', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['people'],
        security: [{ bearerAuth: [] }],
        operationId: 'importPeople',
        summary:
          'Imports the people roster from CSV with a column mapping (the e-mail says who a row is): a dry run (the default) shows each row’s create, update, unchanged or errors and changes nothing; a real run applies all rows or none',
        body: importRegisterInputSchema,
        response: { 200: importResultSchema },
      },
    },
    async (request, reply) => {
      const access = await getRequestAccess(request);
      const result = await importRegister(
        await requestTenant(request),
        { userId: requireUser(request).userId, reader: access },
        'people',
        request.body,
      );
      if (result.applied) request.log.info({ register: result.register, summary: result.summary }, 'people imported');
      return reply.headers(noStore).send(result);
    },
  );
}
