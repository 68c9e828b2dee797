import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEvidenceLinkInputSchema,
  evidenceListQuerySchema,
  evidenceListSchema,
  evidenceParamsSchema,
  evidenceSchema,
  updateEvidenceInputSchema,
} from '../../../shared/schemas/evidence.ts';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MEDIA_TYPES } from '../../../shared/schemas/programme-statuses.ts';
import { AppError } from '../../app-error.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { sendStoredFile } from '../../platform/files/send-stored-file.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import {
  deleteEvidence,
  downloadEvidence,
  type EvidenceActor,
  getEvidence,
  listEvidence,
  signOffEvidence,
  updateEvidence,
} from './evidence.service.ts';
import { createEvidenceLink, uploadEvidence } from './evidence-create.ts';
import { noStore } from '../../platform/http/no-store.ts';

async function actorOf(request: FastifyRequest): Promise<EvidenceActor> {
  const access = await getRequestAccess(request);
  return { userId: requireUser(request).userId, reader: access };
}

/** The multipart body of an upload: one `file` part and one `fields` part (JSON), nothing else. */
async function readUpload(request: FastifyRequest): Promise<{ fields: unknown; file: { bytes: Buffer; fileName: string } }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the evidence as multipart/form-data: a `file` part and a `fields` part (JSON).');
  }
  let fields: unknown;
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new AppError('BAD_REQUEST', 'Send one file, in the part named `file`.');
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (part.fieldname === 'fields') {
        try {
          fields = JSON.parse(String(part.value));
        } catch {
          throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
            { path: 'body.fields', message: 'The fields part is not JSON' },
          ]);
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `Evidence files are at most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB.`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'Send one `file` part and one `fields` part.');
    }
    // The multipart parser (busboy) says what is wrong with the body in a plain Error without a code:
    // no boundary in the content type, a malformed part header, a body that ends early. The client's fault.
    if (!(error instanceof AppError) && code === undefined && error instanceof Error) {
      throw new AppError('BAD_REQUEST', `The multipart body cannot be read: ${error.message}`);
    }
    throw error;
  }
  if (!file) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path: 'body.file', message: 'Choose a file to upload' }]);
  }
  if (fields === undefined) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path: 'body.fields', message: 'The fields part is missing' }]);
  }
  return { fields, file };
}

/**
 * /api/v1/evidence…: the evidence register (docs/programme.md "Evidence"). Every handler goes through the
 * tenant guard (docs/tenancy.md) and the reader's access scopes.
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerEvidenceRoutes(app: FastifyInstance): void {
  const tags = { tags: ['evidence'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readEvidence' } as const;
  const write = { access: 'writeEvidence', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 64 * 1024 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/evidence',
      {
        bodyLimit: EVIDENCE_MAX_BYTES + 256 * 1024,
        config: { ...write, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          ...tags,
          operationId: 'uploadEvidence',
          summary: `Uploads an evidence file (multipart: \`file\`, at most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB of ${EVIDENCE_MEDIA_TYPES.length} accepted types, sniffed from its bytes; \`fields\`, JSON following evidenceFields) for one or more controls`,
          consumes: ['multipart/form-data'],
          response: { 201: evidenceSchema },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const item = await uploadEvidence(await requestTenant(request), app.fileStore, await actorOf(request), upload);
        request.log.info({ evidenceId: item.id, sizeBytes: item.sizeBytes, mediaType: item.mediaType }, 'evidence uploaded');
        return reply.code(201).headers(noStore).send(item);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/evidence/links',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'createEvidenceLink',
        summary: 'Records a link (an http(s) address) as evidence for one or more controls',
        body: createEvidenceLinkInputSchema,
        response: { 201: evidenceSchema },
      },
    },
    async (request, reply) => {
      const item = await createEvidenceLink(await requestTenant(request), await actorOf(request), request.body);
      return reply.code(201).headers(noStore).send(item);
    },
  );

  api.get(
    '/api/v1/evidence',
    {
      config: { ...read, readCache: true },
      schema: {
        ...tags,
        operationId: 'listEvidence',
        summary: 'Lists an organization’s evidence, newest collected first, by control, state or words',
        querystring: evidenceListQuerySchema,
        response: { 200: evidenceListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listEvidence(await requestTenant(request), await actorOf(request), request.query)),
  );

  api.get(
    '/api/v1/evidence/:evidenceId',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getEvidence',
        summary: 'One evidence item',
        params: evidenceParamsSchema,
        response: { 200: evidenceSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getEvidence(await requestTenant(request), await actorOf(request), request.params.evidenceId)),
  );

  api.get(
    '/api/v1/evidence/:evidenceId/download',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'downloadEvidence',
        summary: 'Downloads an evidence file (as an attachment); a link has no file and answers 404',
        params: evidenceParamsSchema,
        produces: [...EVIDENCE_MEDIA_TYPES],
        response: { 200: fileResponseSchema('The file, with its sniffed media type') },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await downloadEvidence(await requestTenant(request), app.fileStore, await actorOf(request), request.params.evidenceId),
      ),
  );

  api.patch(
    '/api/v1/evidence/:evidenceId',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'updateEvidence',
        summary: 'Renames an evidence item or changes the controls it proves (its expiry follows them)',
        params: evidenceParamsSchema,
        body: updateEvidenceInputSchema,
        response: { 200: evidenceSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await updateEvidence(await requestTenant(request), await actorOf(request), request.params.evidenceId, request.body)),
  );

  api.post(
    '/api/v1/evidence/:evidenceId/sign-off',
    {
      config: { ...write, access: 'signOffEvidence' },
      schema: {
        ...tags,
        operationId: 'signOffEvidence',
        summary: 'A reviewer signs the evidence off; the person who uploaded it cannot (403 SEGREGATION_OF_DUTIES)',
        params: evidenceParamsSchema,
        response: { 200: evidenceSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await signOffEvidence(await requestTenant(request), await actorOf(request), request.params.evidenceId)),
  );

  api.delete(
    '/api/v1/evidence/:evidenceId',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'deleteEvidence',
        summary: 'Deletes an evidence item and its links to controls',
        params: evidenceParamsSchema,
        response: { 204: z.undefined().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteEvidence(await requestTenant(request), await actorOf(request), request.params.evidenceId);
      return reply.code(204).send();
    },
  );
}
