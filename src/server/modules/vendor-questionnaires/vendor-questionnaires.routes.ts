import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MEDIA_TYPES, type AttachmentMediaType } from '../../../shared/schemas/deliverables.ts';
import {
  publicVendorQuestionnaireSchema,
  saveVendorAnswersInputSchema,
  sendVendorQuestionnaireInputSchema,
  vendorQuestionnaireFileParamsSchema,
  vendorQuestionnaireFileQuerySchema,
  vendorQuestionnaireFileSchema,
  vendorQuestionnaireListSchema,
  vendorQuestionnaireParamsSchema,
  vendorQuestionnaireReceiptSchema,
  vendorQuestionnaireSchema,
  vendorQuestionnaireTokenParamsSchema,
} from '../../../shared/schemas/vendor-questionnaires.ts';
import { AppError } from '../../app-error.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { sendStoredFile } from '../../platform/files/send-stored-file.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import {
  attachVendorQuestionnaireFile,
  getVendorQuestionnaireByToken,
  saveVendorAnswers,
  submitVendorQuestionnaire,
} from './vendor-answering.ts';
import { downloadVendorQuestionnaireFile, listVendorQuestionnaires, sendVendorQuestionnaire } from './vendor-questionnaires.service.ts';

/** Per address: a vendor reads and saves often; files are rarer. */
export const VENDOR_LINK_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
export const VENDOR_FILE_RATE_LIMIT = { max: 30, timeWindow: '1 hour' } as const;

/**
 * Vendor questionnaires (docs/vendor-questionnaires.md): the organization's side under
 * /api/v1/vendors/{vendorId}/questionnaires, the vendor's (no account, the link's token) under
 * /api/v1/vendor-questionnaire/{token}.
 */
export function registerVendorQuestionnaireRoutes(app: FastifyInstance): void {
  registerClientRoutes(app);
  registerVendorSideRoutes(app);
  void registerVendorFileUpload(app);
}

function registerClientRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['vendors'], security: [{ bearerAuth: [] }] };

  api.post(
    '/api/v1/vendors/:vendorId/questionnaires',
    {
      config: { access: 'writeVendors', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'sendVendorQuestionnaire',
        summary:
          'Sends a questionnaire (the tier’s built-in set or the organization’s own questions) to a vendor contact as an expiring link; a proposed vendor goes into review',
        params: vendorQuestionnaireParamsSchema,
        body: sendVendorQuestionnaireInputSchema,
        response: { 201: vendorQuestionnaireSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await sendVendorQuestionnaire(await requestTenant(request), request.params.vendorId, request.body, {
            jobs: app.jobs,
            siteOrigin: app.publicOrigin(request),
            userId: requireUser(request).userId,
          }),
        ),
  );

  api.get(
    '/api/v1/vendors/:vendorId/questionnaires',
    {
      config: { access: 'readVendors' },
      schema: {
        ...tags,
        operationId: 'listVendorQuestionnaires',
        summary: 'A vendor’s questionnaires, newest first: answers, files, score and the drafted assessment in the review queue',
        params: vendorQuestionnaireParamsSchema,
        response: { 200: vendorQuestionnaireListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listVendorQuestionnaires(await requestTenant(request), request.params.vendorId)),
  );

  api.get(
    '/api/v1/vendor-questionnaires/:questionnaireId/files/:fileId',
    {
      config: { access: 'readVendors' },
      schema: {
        ...tags,
        operationId: 'downloadVendorQuestionnaireFile',
        summary: 'Downloads a file a vendor attached to a questionnaire',
        params: vendorQuestionnaireFileParamsSchema,
        response: { 200: fileResponseSchema('The file, with its stored media type') },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await downloadVendorQuestionnaireFile(
          await requestTenant(request),
          app.fileStore,
          request.params.questionnaireId,
          request.params.fileId,
        ),
      ),
  );
}

function registerVendorSideRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vendor-questionnaire'];
  const config = { access: 'public', rateLimit: VENDOR_LINK_RATE_LIMIT } as const;

  api.get(
    '/api/v1/vendor-questionnaire/:token',
    {
      config,
      schema: {
        tags,
        operationId: 'getVendorQuestionnaire',
        summary: 'The questionnaire a vendor’s link opens, with answers saved so far (404 unknown, 410 expired, 409 submitted)',
        params: vendorQuestionnaireTokenParamsSchema,
        response: { 200: publicVendorQuestionnaireSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getVendorQuestionnaireByToken(app.database.db, request.params.token)),
  );

  api.put(
    '/api/v1/vendor-questionnaire/:token/answers',
    {
      config,
      schema: {
        tags,
        operationId: 'saveVendorQuestionnaireAnswers',
        summary: 'Saves the vendor’s answers so far (merged over those saved); the link stays open until submitted or expired',
        params: vendorQuestionnaireTokenParamsSchema,
        body: saveVendorAnswersInputSchema,
        response: { 200: publicVendorQuestionnaireSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await saveVendorAnswers(app.database.db, request.params.token, request.body.answers, { origin: auditOrigin(request) })),
  );

  api.post(
    '/api/v1/vendor-questionnaire/:token/submission',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        operationId: 'submitVendorQuestionnaire',
        summary:
          'The vendor submits, once: answers scored, the vendor-review agent asked to draft the assessment, vendor.questionnaire_submitted sent',
        params: vendorQuestionnaireTokenParamsSchema,
        body: saveVendorAnswersInputSchema,
        response: { 201: vendorQuestionnaireReceiptSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await submitVendorQuestionnaire(app.database.db, app.jobs, request.params.token, request.body.answers, {
            origin: auditOrigin(request),
          }),
        ),
  );
}

const isAttachmentMediaType = (value: string): value is AttachmentMediaType =>
  (ATTACHMENT_MEDIA_TYPES as readonly string[]).includes(value);

/** POST the file as the raw body (its type as Content-Type), as every attachment upload does, but with the link's token instead of a session. */
function registerVendorFileUpload(app: FastifyInstance): PromiseLike<unknown> {
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      [...ATTACHMENT_MEDIA_TYPES],
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/vendor-questionnaire/:token/files',
      {
        bodyLimit: ATTACHMENT_MAX_BYTES,
        config: { access: 'public', rateLimit: VENDOR_FILE_RATE_LIMIT },
        schema: {
          tags: ['vendor-questionnaire'],
          operationId: 'uploadVendorQuestionnaireFile',
          summary: 'The vendor attaches a file (PDF, image, office document, text; 10 MB at most) to the questionnaire',
          consumes: [...ATTACHMENT_MEDIA_TYPES],
          params: vendorQuestionnaireTokenParamsSchema,
          querystring: vendorQuestionnaireFileQuerySchema,
          response: { 201: vendorQuestionnaireFileSchema },
        },
      },
      async (request, reply) => {
        const mediaType = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
        if (!isAttachmentMediaType(mediaType))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Files of type ${mediaType || '(none)'} cannot be attached.`);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const file = await attachVendorQuestionnaireFile(
          app.database.db,
          app.fileStore,
          request.params.token,
          { fileName: request.query.fileName, mediaType, bytes },
          { origin: auditOrigin(request) },
        );
        return reply.code(201).headers(noStore).send(file);
      },
    );
  });
}
