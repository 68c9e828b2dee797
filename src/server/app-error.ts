import { ERROR_STATUS, type ErrorCode } from '../shared/errors.ts';

/** The one error type services throw; the error handler maps `code` to its HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: { path: string; message: string }[];

  constructor(code: ErrorCode, message?: string, issues?: { path: string; message: string }[]) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.issues = issues;
  }
}
