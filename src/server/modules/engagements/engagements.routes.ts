import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditSampleListSchema,
  auditSampleParamsSchema,
  auditSampleSchema,
  createEngagementInputSchema,
  drawSampleInputSchema,
  engagementDashboardSchema,
  engagementEvidenceParamsSchema,
  engagementListSchema,
  engagementParamsSchema,
  engagementSchema,
  uploadPopulationInputSchema,
} from '../../../shared/schemas/engagements.ts';
import type { AuthDeps } from '../auth/context.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { type Tenant, requestTenant } from '../../platform/tenancy/tenant.ts';
import { exportAuditPackage } from './audit-package.ts';
import { auditorAccounts } from './engagement-auditors.ts';
import { getEngagementDashboard } from './engagement-dashboard.ts';
import { downloadEngagementEvidence } from './engagement-evidence.ts';
import { auditedEngagementIds, reachEngagement, requireSide } from './engagement-reach.ts';
import { createEngagement, listEngagements } from './engagements.service.ts';
import { drawSample, listSamples, uploadPopulation } from './samples.service.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/** /api/v1/engagements…: audit engagements, their dashboard, samples and PBC package (docs/audit.md). */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerEngagementRoutes(app: FastifyInstance, authDeps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['engagements'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readEngagements', rateLimit: { max: 240, timeWindow: '1 minute' } } as const;
  const write = (access: 'manageEngagements' | 'reviewAudit' | 'respondAudit') =>
    ({ access, rateLimit: { max: 120, timeWindow: '1 minute' } }) as const;

  api.get(
    '/api/v1/engagements',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listEngagements',
        summary: 'Lists the audit engagements the caller takes part in: their organizations’, and those they audit',
        response: { 200: engagementListSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await listEngagements(await requestTenant(request), app.database.db, await auditedEngagementIds(request))),
  );

  api.post(
    '/api/v1/engagements',
    {
      config: { ...write('manageEngagements'), rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'createEngagement',
        summary:
          'Opens an audit engagement (organization, framework, Type I or II, period, fieldwork, access end), invites its auditors by e-mail and generates the request list',
        body: createEngagementInputSchema,
        response: { 201: engagementSchema },
      },
    },
    async (request, reply) => {
      const tenant: Tenant = await requestTenant(request);
      const organizationId = await actingOrganization(tenant, request.body.organizationId, { field: 'body.organizationId' });
      const auditors = await auditorAccounts(request, authDeps, organizationId, request.body.auditorEmails);
      const engagement = await createEngagement(tenant, {
        input: request.body,
        auditors,
        origin: app.publicOrigin(request),
        jobs: app.jobs,
      });
      return reply.code(201).headers(noStore).send(engagement);
    },
  );

  api.get(
    '/api/v1/engagements/:engagementId/dashboard',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getEngagementDashboard',
        summary:
          'The Auditor Dashboard: requests by status, overdue ones, what changed since the auditor’s last visit, and the trail’s verification',
        params: engagementParamsSchema,
        response: { 200: engagementDashboardSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getEngagementDashboard(await reachEngagement(request, request.params.engagementId))),
  );

  api.get(
    '/api/v1/engagements/:engagementId/package.zip',
    {
      config: { ...read, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'exportAuditPackage',
        summary:
          'Downloads the PBC package: a ZIP of the accepted requests’ evidence with a manifest of SHA-256 hashes and the trail’s verification',
        params: engagementParamsSchema,
        produces: ['application/zip'],
        response: { 200: fileResponseSchema('The PBC package (ZIP)') },
      },
    },
    async (request, reply) => {
      const file = await exportAuditPackage(await reachEngagement(request, request.params.engagementId), app.fileStore);
      return reply
        .headers({
          ...noStore,
          'content-type': 'application/zip',
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
        })
        .send(file.zip);
    },
  );

  api.get(
    '/api/v1/engagements/:engagementId/evidence/:evidenceId/download',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'downloadEngagementEvidence',
        summary: 'Downloads an evidence file linked to one of the engagement’s requests (auditors: in force during the period only)',
        params: engagementEvidenceParamsSchema,
        response: { 200: fileResponseSchema('The evidence file') },
      },
    },
    async (request, reply) => {
      const reach = await reachEngagement(request, request.params.engagementId);
      const file = await downloadEngagementEvidence(request, reach, app.fileStore, request.params.evidenceId);
      return reply
        .headers({
          ...noStore,
          'content-type': file.mediaType,
          'content-length': String(file.sizeBytes),
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
        })
        .send(file.body);
    },
  );

  api.get(
    '/api/v1/engagements/:engagementId/samples',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listAuditSamples',
        summary: 'Lists the engagement’s populations and the samples drawn from them, with their seeds',
        params: engagementParamsSchema,
        response: { 200: auditSampleListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listSamples(await reachEngagement(request, request.params.engagementId))),
  );

  api.post(
    '/api/v1/engagements/:engagementId/samples',
    {
      config: write('respondAudit'),
      schema: {
        ...tags,
        operationId: 'uploadSamplePopulation',
        summary: 'The client provides a population as CSV (a header row, at most 5,000 rows) to sample from',
        params: engagementParamsSchema,
        body: uploadPopulationInputSchema,
        response: { 201: auditSampleSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await uploadPopulation(await reachEngagement(request, request.params.engagementId), request.body)),
  );

  api.post(
    '/api/v1/engagements/:engagementId/samples/:sampleId/draw',
    {
      config: write('reviewAudit'),
      schema: {
        ...tags,
        operationId: 'drawSample',
        summary: 'The auditor draws a sample of a chosen size; the seed is recorded, so the same seed draws the same rows',
        params: auditSampleParamsSchema,
        body: drawSampleInputSchema,
        response: { 200: auditSampleSchema },
      },
    },
    async (request, reply) => {
      const reach = await reachEngagement(request, request.params.engagementId);
      requireSide(reach, ['auditor'], 'Only the engagement’s auditors draw samples.');
      return reply.headers(noStore).send(await drawSample(reach, request.params.sampleId, request.body));
    },
  );
}
