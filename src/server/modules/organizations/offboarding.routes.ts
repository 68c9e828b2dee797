import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteOrganizationInputSchema,
  offboardingPreviewSchema,
  organizationParamsSchema,
} from '../../../shared/schemas/organizations.ts';
import { attachmentDisposition, slugify } from '../../platform/files/content-disposition.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { deleteOrganization, exportOrganization, previewOffboarding } from './offboarding.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { noStore } from '../../platform/http/no-store.ts';
import type { DbTransaction } from '../../db/client.ts';

/** /api/v1/admin/organizations/:organizationId/offboarding…: export everything, then delete (administrators). docs/organizations.md. */
/** What the deletion hands to modules ranked above organizations (billing's subscriptions restrict it). */
export interface OffboardingDeps {
  eraseFirst: (tx: DbTransaction, organizationId: string) => Promise<void>;
}

export function registerOffboardingRoutes(app: FastifyInstance, deps: OffboardingDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'], security: [{ bearerAuth: [] }] };
  const config = { access: 'administer', rateLimit: { max: 10, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/admin/organizations/:organizationId/offboarding',
    {
      config,
      schema: {
        ...tags,
        operationId: 'getOffboardingPreview',
        summary: 'What deleting the organization would remove: rows per table, files, and what the audit trail keeps',
        params: organizationParamsSchema,
        response: { 200: offboardingPreviewSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await previewOffboarding(await requestTenant(request), request.params.organizationId)),
  );

  api.get(
    '/api/v1/admin/organizations/:organizationId/export',
    {
      config,
      schema: {
        ...tags,
        operationId: 'exportOrganization',
        summary: 'Everything the organization owns as a ZIP: one CSV per table, its files and a manifest',
        params: organizationParamsSchema,
        response: { 200: fileResponseSchema('A ZIP archive (tables/*.csv, files/*, manifest.json)') },
      },
    },
    async (request, reply) => {
      const { name, zip } = await exportOrganization(await requestTenant(request), app.fileStore, request.params.organizationId);
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-disposition': attachmentDisposition(`${slugify(name, 'organization')}-export.zip`),
          ...noStore,
          'x-content-type-options': 'nosniff',
        })
        .send(Buffer.from(zip));
    },
  );

  api.post(
    '/api/v1/admin/organizations/:organizationId/deletion',
    {
      config,
      schema: {
        ...tags,
        operationId: 'deleteOrganization',
        summary: 'Deletes the organization and everything it owns after its name is typed; the audit trail keeps the record',
        params: organizationParamsSchema,
        body: deleteOrganizationInputSchema,
        response: { 200: offboardingPreviewSchema },
      },
    },
    async (request, reply) => {
      const tenant = await requestTenant(request);
      const removed = await deleteOrganization(app.database.db, tenant, {
        organizationId: request.params.organizationId,
        confirmName: request.body.confirmName,
        origin: tenant.origin,
        eraseFirst: deps.eraseFirst,
      });
      request.log.info({ organizationId: removed.organizationId, tables: removed.tables.length }, 'organization offboarded');
      return reply.headers(noStore).send(removed);
    },
  );
}
