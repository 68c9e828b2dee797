import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ATTACHMENT_MEDIA_TYPES, taskAttachmentParamsSchema, taskAttachmentSchema } from '../../../shared/schemas/deliverables.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { createFilesystemStore, type FileStore } from '../../platform/files/file-store.ts';
import { registerRawAttachmentUpload } from '../../platform/files/raw-attachment-upload.ts';
import { sendStoredFile } from '../../platform/files/send-stored-file.ts';
import { downloadTaskAttachment, uploadTaskAttachment } from './task-attachments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Content-addressed file storage (platform/files/file-store.ts). */
    fileStore: FileStore;
  }
}

/** The store FILE_STORE names: content-addressed under DATA_DIR/files, or an S3-compatible bucket. */
export async function fileStoreFromEnv(env: FastifyInstance['env']): Promise<FileStore> {
  if (env.FILE_STORE !== 's3') return createFilesystemStore(path.join(env.DATA_DIR, 'files'));
  // The AWS SDK (~15 MB resident) loads only when files live in a bucket.
  const { createS3FileStore, s3ConfigFromEnv } = await import('../../platform/files/s3-file-store.ts');
  return createS3FileStore(s3ConfigFromEnv(env));
}

/**
 * The file store (FILE_STORE's unless one is given) and task attachments: upload as the raw
 * request body, download through the tenant guard.
 */
export async function registerFilesModule(app: FastifyInstance, deps: { fileStore?: FileStore } = {}): Promise<void> {
  const store = deps.fileStore ?? (await fileStoreFromEnv(app.env));
  app.decorate('fileStore', store);

  await registerRawAttachmentUpload(app, {
    url: '/api/v1/task-attachments',
    access: 'createTasks',
    tag: 'task-requests',
    operationId: 'uploadTaskAttachment',
    summary: 'Uploads a file to attach to a task request: the raw bytes as the body, their media type as Content-Type',
    response: taskAttachmentSchema,
    store: async (request, upload) => {
      const attachment = await uploadTaskAttachment(await requestTenant(request), store, {
        ...upload,
        uploadedBy: requireUser(request).userId,
      });
      request.log.info({ attachmentId: attachment.id, sizeBytes: attachment.sizeBytes }, 'task attachment uploaded');
      return attachment;
    },
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
    async (request, reply) => sendStoredFile(reply, await downloadTaskAttachment(await requestTenant(request), store, request.params.id)),
  );
}
