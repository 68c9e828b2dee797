import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, isErrorCode } from '../../shared/errors.ts';
import { AppError } from '../app-error.ts';
import { isUniqueViolation } from '../db/errors.ts';

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
    // A check-then-insert that lost a race to a concurrent request: the database's unique index kept
    // the data right, so the answer is a conflict the client can retry, not a failure on our side.
    if (isUniqueViolation(error)) {
      request.log.warn({ err: error }, 'unique violation answered as a conflict');
      const body: ErrorBody = {
        error: { code: 'CONFLICT', message: 'Another request changed this at the same time. Reload and try again.', requestId },
      };
      return reply.status(409).send(body);
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
