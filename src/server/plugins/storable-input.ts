import type { FastifyInstance } from 'fastify';
import { findUnstorableInput } from '../../shared/rules/storable-text.ts';
import { AppError } from '../app-error.ts';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Every route, whatever its schema says, refuses text the database cannot store (NUL, lone
 * surrogates) and absurdly deep values with a 400 naming the field, before validation and before
 * its handler: a new endpoint cannot forget it. Each scope's error handler shapes the answer
 * (`VALIDATION_FAILED` here, GoTrue's `validation_failed` under /auth/v1).
 */
export function registerStorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of PARTS) {
      const problem = findUnstorableInput(request[part]);
      if (problem) {
        const path = [part, problem.path].filter(Boolean).join('.');
        throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path, message: problem.message }]);
      }
    }
  });
}
