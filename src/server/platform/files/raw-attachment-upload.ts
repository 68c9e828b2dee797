import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EndpointAccess } from '../../../shared/permissions.ts';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MEDIA_TYPES,
  type AttachmentMediaType,
  uploadTaskAttachmentQuerySchema,
} from '../../../shared/schemas/deliverables.ts';
import { AppError } from '../../app-error.ts';

/** What an attachment upload hands its service: the checked media type, the bytes and the query. */
export interface RawAttachment extends z.infer<typeof uploadTaskAttachmentQuerySchema> {
  bytes: Buffer;
  mediaType: AttachmentMediaType;
}

export interface RawAttachmentUploadOptions<Response extends z.ZodType> {
  url: string;
  access: EndpointAccess;
  /** The OpenAPI tag of the owning module. */
  tag: string;
  operationId: string;
  summary: string;
  /** The 201 body. */
  response: Response;
  /** Stores the upload (the only step that differs between attachment kinds). */
  store: (request: FastifyRequest, attachment: RawAttachment) => Promise<z.infer<Response>>;
}

const isAttachmentMediaType = (value: string): value is AttachmentMediaType =>
  (ATTACHMENT_MEDIA_TYPES as readonly string[]).includes(value);

/** `text/plain; charset=utf-8` → `text/plain`. */
const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';

/**
 * POST `url` with the file as the raw request body (docs/delivery.md): in a scope of its own, only the
 * allowed media types are read, as bytes, up to 10 MB, 60 a minute; the Content-Type is the file's type.
 */
export function registerRawAttachmentUpload<Response extends z.ZodType>(
  app: FastifyInstance,
  options: RawAttachmentUploadOptions<Response>,
): PromiseLike<unknown> {
  // The route is typed against the schema alone; the options' generic ties `store` to `response` for the caller.
  const response: z.ZodType = options.response;
  const store: (request: FastifyRequest, attachment: RawAttachment) => Promise<unknown> = options.store;
  // Returned as registered, so each caller awaits (or queues) the scope as it did its own.
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      [...ATTACHMENT_MEDIA_TYPES],
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      options.url,
      {
        bodyLimit: ATTACHMENT_MAX_BYTES,
        config: { access: options.access, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: [options.tag],
          operationId: options.operationId,
          summary: options.summary,
          consumes: [...ATTACHMENT_MEDIA_TYPES],
          querystring: uploadTaskAttachmentQuerySchema,
          response: { 201: response },
          security: [{ bearerAuth: [] }],
        },
      },
      async (request, reply) => {
        const mediaType = mediaTypeOf(request.headers['content-type']);
        if (!isAttachmentMediaType(mediaType))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Files of type ${mediaType || '(none)'} cannot be attached.`);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const attachment = await store(request, { ...request.query, bytes, mediaType });
        return reply.code(201).send(attachment);
      },
    );
  });
}
