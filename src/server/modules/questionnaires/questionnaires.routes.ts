import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerLibraryQuerySchema,
  answerLibrarySchema,
  answerQuestionnaireInputSchema,
  exportQuestionnaireQuerySchema,
  QUESTIONNAIRE_MAX_BYTES,
  questionnaireListQuerySchema,
  questionnaireListSchema,
  questionnaireParamsSchema,
  questionnaireSchema,
  updateQuestionnaireAnswerInputSchema,
} from '../../../shared/schemas/questionnaires.ts';
import { AppError } from '../../app-error.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { attachmentDisposition } from '../../platform/files/content-disposition.ts';
import { fileResponseSchema } from '../../platform/files/file-response-schema.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { exportQuestionnaire } from './questionnaire-export.ts';
import { updateQuestionnaireAnswer } from './questionnaire-review.ts';
import {
  answerQuestionnaire,
  createQuestionnaire,
  getQuestionnaire,
  listAnswerLibrary,
  listQuestionnaires,
} from './questionnaires.service.ts';

const MEGABYTES = QUESTIONNAIRE_MAX_BYTES / 1024 / 1024;

/** The multipart body of an upload: one `file` part and an optional `fields` part (JSON). */
async function readUpload(request: FastifyRequest): Promise<{ fields: unknown; file: { bytes: Buffer; fileName: string } }> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the questionnaire as multipart/form-data: a `file` part and, optionally, a `fields` part (JSON).',
    );
  }
  let fields: unknown = {};
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', `Questionnaires are at most ${MEGABYTES} MB.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BAD_REQUEST', 'Send one `file` part and at most one `fields` part.');
    }
    if (!(error instanceof AppError) && code === undefined && error instanceof Error) {
      throw new AppError('BAD_REQUEST', `The multipart body cannot be read: ${error.message}`);
    }
    throw error;
  }
  if (!file)
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path: 'body.file', message: 'Choose a file to upload' }]);
  return { fields, file };
}

/**
 * /api/v1/questionnaires… and /api/v1/answer-library (docs/questionnaires.md): every handler goes
 * through the tenant guard; the services know nothing of HTTP.
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (7 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerQuestionnaireRoutes(app: FastifyInstance): void {
  const tags = { tags: ['questionnaires'], security: [{ bearerAuth: [] }] };
  const read = { access: 'readQuestionnaires' } as const;
  const write = { access: 'writeQuestionnaires', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: QUESTIONNAIRE_MAX_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 16 * 1024 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/questionnaires',
      {
        bodyLimit: QUESTIONNAIRE_MAX_BYTES + 64 * 1024,
        config: { ...write, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          ...tags,
          operationId: 'createQuestionnaire',
          summary: `Uploads a questionnaire (multipart: \`file\`, an .xlsx, .csv or .docx of at most ${MEGABYTES} MB and 5,000 questions; \`fields\`, JSON with organizationId and name); finds its question and answer columns`,
          consumes: ['multipart/form-data'],
          response: { 201: questionnaireSchema },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const created = await createQuestionnaire(
          await requestTenant(request),
          app.fileStore,
          { userId: requireUser(request).userId },
          upload,
        );
        return reply.code(201).headers(noStore).send(created);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/answer-library',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listAnswerLibrary',
        summary:
          'Lists the organization’s answer library: answers built from its controls, evidence, policies and frameworks, and those reviewers approved, with sources, owner, last review and whether a source went stale',
        querystring: answerLibraryQuerySchema,
        response: { 200: answerLibrarySchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listAnswerLibrary(await requestTenant(request), app.database.db, request.query)),
  );

  api.get(
    '/api/v1/questionnaires',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'listQuestionnaires',
        summary: 'Lists the organization’s questionnaires, newest first, with their progress',
        querystring: questionnaireListQuerySchema,
        response: { 200: questionnaireListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listQuestionnaires(await requestTenant(request), request.query)),
  );

  api.get(
    '/api/v1/questionnaires/:questionnaireId',
    {
      config: read,
      schema: {
        ...tags,
        operationId: 'getQuestionnaire',
        summary: 'One questionnaire: its sheets and columns, progress, and every question with its answer, citations and confidence',
        params: questionnaireParamsSchema,
        response: { 200: questionnaireSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getQuestionnaire(await requestTenant(request), request.params.questionnaireId)),
  );

  api.post(
    '/api/v1/questionnaires/:questionnaireId/answer',
    {
      config: write,
      schema: {
        ...tags,
        operationId: 'answerQuestionnaire',
        summary: 'Answers the questionnaire from the answer library (a job; 202), with the column mapping as corrected; 409 while it runs',
        params: questionnaireParamsSchema,
        body: answerQuestionnaireInputSchema,
        response: { 202: questionnaireSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .headers(noStore)
        .send(
          await answerQuestionnaire(
            await requestTenant(request),
            { fileStore: app.fileStore, jobs: app.jobs },
            request.params.questionnaireId,
            request.body,
          ),
        ),
  );

  api.patch(
    '/api/v1/questionnaires/:questionnaireId/answers',
    {
      config: { access: 'reviewQuestionnaires', rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'updateQuestionnaireAnswer',
        summary:
          'Reviews answers: accept chosen ones, accept every high-confidence one, edit one, or reassign one; accepted answers join the answer library',
        params: questionnaireParamsSchema,
        body: updateQuestionnaireAnswerInputSchema,
        response: { 200: questionnaireSchema },
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await updateQuestionnaireAnswer(
            await requestTenant(request),
            requireUser(request).userId,
            request.params.questionnaireId,
            request.body,
          ),
        ),
  );

  api.get(
    '/api/v1/questionnaires/:questionnaireId/export',
    {
      config: { ...read, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'exportQuestionnaire',
        summary:
          'Downloads the answered questionnaire: the client’s own file with the answers written in (`original`), or a PDF of questions and answers',
        params: questionnaireParamsSchema,
        querystring: exportQuestionnaireQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/pdf'],
        response: { 200: fileResponseSchema('The answered questionnaire') },
      },
    },
    async (request, reply) => {
      const file = await exportQuestionnaire(
        await requestTenant(request),
        app.fileStore,
        request.params.questionnaireId,
        request.query.format,
      );
      return reply
        .headers({
          ...noStore,
          'content-type': file.mediaType,
          'content-disposition': attachmentDisposition(file.fileName),
          'x-content-type-options': 'nosniff',
        })
        .send(file.body);
    },
  );
}
