import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizationQuerySchema } from '../../../shared/schemas/frameworks.ts';
import {
  addTrustDocumentInputSchema,
  decideTrustAccessInputSchema,
  publicTrustCenterSchema,
  requestTrustAccessInputSchema,
  trustAccessReceiptSchema,
  trustAccessRequestListSchema,
  trustAccessRequestParamsSchema,
  trustAccessRequestSchema,
  trustCenterParamsSchema,
  trustCenterSettingsSchema,
  trustDocumentParamsSchema,
  trustDocumentSchema,
  trustDownloadQuerySchema,
  updateTrustCenterInputSchema,
} from '../../../shared/schemas/trust-center.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { registerRawAttachmentUpload } from '../../platform/files/raw-attachment-upload.ts';
import { sendStoredFile } from '../../platform/files/send-stored-file.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { noSubProcessors, type SubProcessorSource } from './sub-processors.ts';
import { decideTrustAccess, downloadTrustDocument, listTrustAccessRequests, requestTrustAccess } from './trust-access.ts';
import { getTrustCenterSettings, updateTrustCenter } from './trust-center-settings.ts';
import { addTrustDocument, uploadTrustDocument } from './trust-documents.ts';
import { findPublicTrustCenter, getPublicTrustCenter } from './trust-public.ts';

/** Per address: a visitor reads the page often; asking for documents is rarer and e-mails someone. */
export const TRUST_VIEW_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
export const TRUST_REQUEST_RATE_LIMIT = { max: 20, timeWindow: '1 hour' } as const;

export interface TrustCenterDeps {
  /** The vendor register's sub-processors (sub-processors.ts); none until the register is wired in. */
  subProcessors?: SubProcessorSource;
}

/**
 * The trust center (docs/trust-center.md): the public page's data, downloads and access requests under
 * /api/v1/trust-centers/{slug}; the organization's settings and decisions under /api/v1/trust-center.
 */
export function registerTrustCenterRoutes(app: FastifyInstance, deps: TrustCenterDeps = {}): void {
  registerPublicTrustRoutes(app, deps.subProcessors ?? noSubProcessors);
  registerTrustSettingsRoutes(app);
  registerTrustAccessRoutes(app);
}

function registerPublicTrustRoutes(app: FastifyInstance, subProcessors: SubProcessorSource): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trust-center'];
  api.get(
    '/api/v1/trust-centers/:slug',
    {
      config: { access: 'public', rateLimit: TRUST_VIEW_RATE_LIMIT },
      schema: {
        tags,
        operationId: 'getTrustCenter',
        summary:
          'The public trust center of an organization: frameworks, control summary, sub-processors and documents (404 when switched off)',
        params: trustCenterParamsSchema,
        response: { 200: publicTrustCenterSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return getPublicTrustCenter(app.database.db, request.params.slug, { origin: auditOrigin(request), subProcessors });
    },
  );

  api.get(
    '/api/v1/trust-centers/:slug/documents/:documentId/download',
    {
      config: { access: 'public', rateLimit: TRUST_VIEW_RATE_LIMIT },
      schema: {
        tags,
        operationId: 'downloadTrustDocument',
        summary:
          'Downloads a trust-center document: public ones directly, restricted ones with the token of an unexpired grant for that document',
        params: trustDocumentParamsSchema,
        querystring: trustDownloadQuerySchema,
        response: { 200: fileResponseSchema('The document, with its stored media type') },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await downloadTrustDocument(
          app.database.db,
          app.fileStore,
          { ...request.params, token: request.query.token },
          { origin: auditOrigin(request) },
        ),
      ),
  );

  api.post(
    '/api/v1/trust-centers/:slug/access-requests',
    {
      config: { access: 'public', rateLimit: TRUST_REQUEST_RATE_LIMIT },
      schema: {
        tags,
        operationId: 'requestTrustAccess',
        summary: 'Asks for a restricted document, accepting the NDA; approved at once (and e-mailed) when the e-mail domain is listed',
        params: trustCenterParamsSchema,
        body: requestTrustAccessInputSchema,
        response: { 201: trustAccessReceiptSchema },
      },
    },
    async (request, reply) => {
      const receipt = await requestTrustAccess(app.database.db, request.params.slug, request.body, {
        jobs: app.jobs,
        siteOrigin: app.publicOrigin(request),
        origin: auditOrigin(request),
      });
      return reply.status(201).send(receipt);
    },
  );
}

function registerTrustSettingsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['trust-center'], security: [{ bearerAuth: [] }] };
  const config = { access: 'manageTrustCenter' } as const;
  const write = { access: 'manageTrustCenter', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/trust-center',
    {
      config,
      schema: {
        ...common,
        operationId: 'getTrustCenterSettings',
        summary: 'The organization’s trust-center settings, documents and what the pickers may offer',
        querystring: organizationQuerySchema,
        response: { 200: trustCenterSettingsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return getTrustCenterSettings(app.database.db, await requestTenant(request), request.query.organizationId);
    },
  );

  api.put(
    '/api/v1/trust-center',
    {
      config: write,
      schema: {
        ...common,
        operationId: 'updateTrustCenter',
        summary:
          'Saves the trust center: on or off, address, frameworks, domains, documents’ visibility, auto-approved domains, NDA and access duration',
        body: updateTrustCenterInputSchema,
        response: { 200: trustCenterSettingsSchema },
      },
    },
    async (request) => updateTrustCenter(app.database.db, await requestTenant(request), request.body),
  );

  void registerRawAttachmentUpload(app, {
    url: '/api/v1/trust-center/documents',
    access: 'manageTrustCenter',
    tag: 'trust-center',
    operationId: 'uploadTrustDocument',
    summary:
      'Uploads a document for the trust center (restricted until made public): the raw bytes as the body, their media type as Content-Type',
    response: trustDocumentSchema,
    store: async (request, upload) => uploadTrustDocument(await requestTenant(request), app.fileStore, upload),
  });

  api.post(
    '/api/v1/trust-center/documents/picked',
    {
      config: write,
      schema: {
        ...common,
        operationId: 'addTrustDocument',
        summary: 'Adds an approved deliverable or a reviewed evidence file to the trust center, public or restricted',
        body: addTrustDocumentInputSchema,
        response: { 201: trustDocumentSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addTrustDocument(await requestTenant(request), app.fileStore, request.body)),
  );
}

function registerTrustAccessRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['trust-center'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/v1/trust-center/access-requests',
    {
      config: { access: 'manageTrustCenter' },
      schema: {
        ...common,
        operationId: 'listTrustAccessRequests',
        summary: 'Prospects’ requests for restricted documents, newest first, with their grants',
        querystring: organizationQuerySchema,
        response: { 200: trustAccessRequestListSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { requests: await listTrustAccessRequests(await requestTenant(request), request.query.organizationId) };
    },
  );

  api.post(
    '/api/v1/trust-center/access-requests/:id/decision',
    {
      config: { access: 'manageTrustCenter', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        ...common,
        operationId: 'decideTrustAccess',
        summary: 'Approves (grants an expiring single-document link, e-mailed) or denies a pending access request',
        params: trustAccessRequestParamsSchema,
        body: decideTrustAccessInputSchema,
        response: { 200: trustAccessRequestSchema },
      },
    },
    async (request) =>
      decideTrustAccess(await requestTenant(request), request.params.id, request.body, {
        jobs: app.jobs,
        siteOrigin: app.publicOrigin(request),
      }),
  );
}

/**
 * The data of the server-rendered page `/trust/<slug>` (handed to the web module by app wiring,
 * docs/decisions/016-trust-page-rendered-by-the-server.md): the API's answer, `null` for its 404.
 */
export function trustCenterPageSource(app: FastifyInstance, deps: TrustCenterDeps = {}) {
  const subProcessors = deps.subProcessors ?? noSubProcessors;
  return (request: FastifyRequest, slug: string) =>
    findPublicTrustCenter(app.database.db, slug, { origin: auditOrigin(request), subProcessors });
}
