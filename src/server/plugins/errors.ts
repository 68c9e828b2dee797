import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, isErrorCode } from '../../shared/errors.ts';
import { AppError } from '../app-error.ts';

function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(ERROR_STATUS).find(([, value]) => value === status);
  return (match?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** One place where errors become HTTP: a machine-readable code, a clear message, no 5xx details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const requestId = request.id;
    if (error instanceof AppError) {
      const body: ErrorBody = { error: { code: error.code, message: error.message, issues: error.issues, requestId } };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ErrorBody = {
        error: { code: 'VALIDATION_FAILED', message: 'The request is not valid.', issues, requestId },
      };
      return reply.status(400).send(body);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    // Plugins that build their own ErrorBody (rate limiting) throw it as is.
    const built = (error as Partial<ErrorBody>).error;
    if (status < 500 && built && isErrorCode(built.code)) return reply.status(status).send({ error: built });
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Something went wrong on our side.', requestId } };
      return reply.status(status).send(body);
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit …).
    const body: ErrorBody = { error: { code: codeForStatus(status), message: error.message, requestId } };
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}`, requestId: request.id },
    };
    return reply.status(404).send(body);
  });
}
