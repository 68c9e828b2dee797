import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmVendorDocumentInputSchema,
  VENDOR_DOCUMENT_UPLOAD_MAX_BYTES,
  vendorDocumentExtractionSchema,
  vendorDocumentListSchema,
  vendorDocumentParamsSchema,
  vendorDocumentSchema,
} from '../../../../shared/schemas/vendor-documents.ts';
import { vendorParamsSchema } from '../../../../shared/schemas/vendors.ts';
import { AppError } from '../../../app-error.ts';
import { requireUser } from '../../../plugins/authenticate.ts';
import { fileResponseSchema } from '../../../platform/files/file-response-schema.ts';
import { sendStoredFile } from '../../../platform/files/send-stored-file.ts';
import { noStore } from '../../../platform/http/no-store.ts';
import { requestTenant } from '../../../platform/tenancy/tenant.ts';
import {
  confirmVendorDocumentExtraction,
  getVendorDocumentExtraction,
  listVendorDocuments,
  type UploadedFile,
  uploadVendorDocument,
  vendorDocumentFile,
} from './vendor-documents.service.ts';

const MEGABYTES = VENDOR_DOCUMENT_UPLOAD_MAX_BYTES / 1_048_576;

/** The multipart body of an upload: one `file` part, nothing else. */
async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data with one `file` part.');
  }
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) throw new AppError('BAD_REQUEST', 'Send one file, in the part named `file`.');
      file = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', `Vendor documents are at most ${MEGABYTES} MB.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'Send one `file` part.');
    }
    // The multipart parser (busboy) says what is wrong with the body in a plain Error without a code.
    if (!(error instanceof AppError) && code === undefined && error instanceof Error) {
      throw new AppError('BAD_REQUEST', `The multipart body cannot be read: ${error.message}`);
    }
    throw error;
  }
  if (!file)
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path: 'body.file', message: 'Choose a file to upload' }]);
  return file;
}

/** /api/v1/vendors/:vendorId/documents… (docs/vendor-documents.md), through the tenant guard. */
// eslint-disable-next-line max-lines-per-function -- the documents' route table (5 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerVendorDocumentRoutes(app: FastifyInstance): void {
  const tags = { tags: ['vendors'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readVendors' } as const;

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: VENDOR_DOCUMENT_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/vendors/:vendorId/documents',
      {
        bodyLimit: VENDOR_DOCUMENT_UPLOAD_MAX_BYTES + 64 * 1024,
        config: { access: 'writeVendors', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          ...tags,
          operationId: 'uploadVendorDocument',
          summary: `Uploads a vendor’s SOC 2 report, certificate, pen-test summary or DPA (multipart: \`file\`, at most ${MEGABYTES} MB); kept whatever it is, read off the request when it is a PDF the reader can open (status \`reading\`), otherwise kept with the status saying why`,
          consumes: ['multipart/form-data'],
          params: vendorParamsSchema,
          response: { 201: vendorDocumentSchema },
        },
      },
      async (request, reply) => {
        const file = await readUpload(request);
        const document = await uploadVendorDocument(
          await requestTenant(request),
          { jobs: app.jobs, fileStore: app.fileStore },
          { userId: requireUser(request).userId },
          request.params.vendorId,
          file,
        );
        return reply.code(201).headers(noStore).send(document);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/vendors/:vendorId/documents',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listVendorDocuments',
        summary: 'Lists a vendor’s documents, newest first, with their reading status and expiry',
        params: vendorParamsSchema,
        response: { 200: vendorDocumentListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listVendorDocuments(await requestTenant(request), request.params.vendorId)),
  );

  api.get(
    '/api/v1/vendors/:vendorId/documents/:documentId/extraction',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getVendorDocumentExtraction',
        summary:
          'A vendor document’s status, the reader’s fields (each with its page and the line it quotes), the confirmed extraction and what confirming it did',
        params: vendorDocumentParamsSchema,
        response: { 200: vendorDocumentExtractionSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await getVendorDocumentExtraction(await requestTenant(request), request.params.vendorId, request.params.documentId)),
  );

  api.get(
    '/api/v1/vendors/:vendorId/documents/:documentId/file',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'downloadVendorDocument',
        summary: 'Downloads a vendor document’s file as it was uploaded (as an attachment), whatever its status',
        params: vendorDocumentParamsSchema,
        response: { 200: fileResponseSchema('The file, with its sniffed media type') },
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await vendorDocumentFile(await requestTenant(request), app.fileStore, request.params.vendorId, request.params.documentId),
      ),
  );

  api.post(
    '/api/v1/vendors/:vendorId/documents/:documentId/confirmation',
    {
      config: { access: 'confirmVendorDocuments', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'confirmVendorDocumentExtraction',
        summary:
          'A reviewer confirms or corrects each field the reader found (only a confirmed extraction counts); CUECs become requirements on the client’s controls, exceptions or a qualified opinion open a finding and raise the vendor’s residual risk, an expired document opens a renewal task. 409 when confirmed already or changed since read',
        params: vendorDocumentParamsSchema,
        body: confirmVendorDocumentInputSchema,
        response: { 200: vendorDocumentExtractionSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await confirmVendorDocumentExtraction(
            await requestTenant(request),
            app.jobs,
            { userId: requireUser(request).userId },
            request.params.vendorId,
            request.params.documentId,
            request.body,
          ),
        ),
  );
}
