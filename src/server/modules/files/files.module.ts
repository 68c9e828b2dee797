import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MEDIA_TYPES,
  type AttachmentMediaType,
  taskAttachmentParamsSchema,
  taskAttachmentSchema,
  uploadTaskAttachmentQuerySchema,
} from '../../../shared/schemas/deliverables.ts';
import { AppError } from '../../app-error.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { requestTenant } from '../organizations/tenant.ts';
import { attachmentDisposition } from './content-disposition.ts';
import { fileResponseSchema } from './file-response-schema.ts';
import { createFilesystemStore, type FileStore } from './file-store.ts';
import { downloadTaskAttachment, uploadTaskAttachment } from './task-attachments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Content-addressed file storage (modules/files/file-store.ts). */
    fileStore: FileStore;
  }
}

const isAttachmentMediaType = (value: string): value is AttachmentMediaType =>
  (ATTACHMENT_MEDIA_TYPES as readonly string[]).includes(value);

/** `text/plain; charset=utf-8` → `text/plain`. */
const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';

/** The store FILE_STORE names: content-addressed under DATA_DIR/files, or an S3-compatible bucket. */
export async function fileStoreFromEnv(env: FastifyInstance['env']): Promise<FileStore> {
  if (env.FILE_STORE !== 's3') return createFilesystemStore(path.join(env.DATA_DIR, 'files'));
  // The AWS SDK (~15 MB resident) loads only when files live in a bucket.
  const { createS3FileStore, s3ConfigFromEnv } = await import('./s3-file-store.ts');
  return createS3FileStore(s3ConfigFromEnv(env));
}

/**
 * The file store (FILE_STORE's unless one is given) and task attachments: upload as the raw
 * request body, download through the tenant guard.
 */
export async function registerFilesModule(app: FastifyInstance, deps: { fileStore?: FileStore } = {}): Promise<void> {
  const store = deps.fileStore ?? (await fileStoreFromEnv(app.env));
  app.decorate('fileStore', store);

  await app.register(async (scope) => {
    // The file is the body, as sent: only the allowed media types are read, as bytes, up to 10 MB.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      [...ATTACHMENT_MEDIA_TYPES],
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/task-attachments',
      {
        bodyLimit: ATTACHMENT_MAX_BYTES,
        config: { access: 'createTasks', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['task-requests'],
          operationId: 'uploadTaskAttachment',
          summary: 'Uploads a file to attach to a task request: the raw bytes as the body, their media type as Content-Type',
          consumes: [...ATTACHMENT_MEDIA_TYPES],
          querystring: uploadTaskAttachmentQuerySchema,
          response: { 201: taskAttachmentSchema },
          security: [{ bearerAuth: [] }],
        },
      },
      async (request, reply) => {
        const mediaType = mediaTypeOf(request.headers['content-type']);
        if (!isAttachmentMediaType(mediaType))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Files of type ${mediaType || '(none)'} cannot be attached.`);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const attachment = await uploadTaskAttachment(await requestTenant(request), store, {
          bytes,
          fileName: request.query.fileName,
          mediaType,
          organizationId: request.query.organizationId,
          uploadedBy: requireUser(request).userId,
        });
        request.log.info({ attachmentId: attachment.id, sizeBytes: attachment.sizeBytes }, 'task attachment uploaded');
        return reply.code(201).send(attachment);
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/task-attachments/:id',
    {
      config: { access: 'readTasks' },
      schema: {
        tags: ['task-requests'],
        operationId: 'downloadTaskAttachment',
        summary: 'Downloads a task attachment of an organization the caller reaches',
        params: taskAttachmentParamsSchema,
        produces: [...ATTACHMENT_MEDIA_TYPES],
        response: { 200: fileResponseSchema('The file, with its stored media type') },
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const file = await downloadTaskAttachment(await requestTenant(request), store, request.params.id);
      const type = file.mediaType.startsWith('text/') ? `${file.mediaType}; charset=utf-8` : file.mediaType;
      return reply
        .headers({
          'content-type': type,
          'content-length': String(file.sizeBytes),
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        })
        .send(file.body);
    },
  );
}
