/**
 * Reading database errors. drizzle wraps the driver's error (node-postgres or PGlite) as `cause`;
 * both carry PostgreSQL's SQLSTATE in `code` and the constraint's name in `constraint`.
 */

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function* chain(error: unknown): Generator<DriverError> {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as DriverError).cause) {
    yield current as DriverError;
  }
}

/** SQLSTATE 23505, optionally of one named unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const link of chain(error)) {
    if (link.code === '23505') return constraint === undefined || link.constraint === constraint;
  }
  return false;
}
