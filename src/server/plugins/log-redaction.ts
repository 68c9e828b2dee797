import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry one-time secrets: e-mail link tokens (`/auth/v1/verify?token=`,
 * `/auth?token_hash=`), OAuth and PKCE codes, state. Request logs keep the parameter, not its value.
 */
const SECRET_PARAMS = new Set(['token', 'token_hash', 'code', 'state', 'access_token', 'refresh_token', 'apikey']);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_PARAMS.has(name.toLowerCase())) continue;
    params.set(name, 'redacted');
    changed = true;
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Pino's request serializer, as Fastify's default but with secrets out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  query?: unknown;
  cause?: SerializedError;
}

/** drizzle's message for a failed query ends with its bound values: `Failed query: …\nparams: …`. */
const PARAMS_IN_MESSAGE = /\nparams:[\s\S]*$/;

/**
 * Pino's error serializer, keeping what explains a failure (type, message, stack, SQLSTATE, the
 * constraint, the SQL text) and never the values bound to a query: a failed `PUT /auth/v1/user`
 * would otherwise log the new password's hash. PostgreSQL's `detail` ("Key (email)=(…) already
 * exists") quotes values too, so it goes as well. The cause chain is followed a few links deep.
 */
export function serializeError(error: unknown): SerializedError {
  return serializeLink(error, 0);
}

function serializeLink(error: unknown, depth: number): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).replace(PARAMS_IN_MESSAGE, ''), stack: '' };
  const fields = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; query?: unknown };
  const strip = (text: string | undefined) => text?.replace(PARAMS_IN_MESSAGE, '');
  return {
    type: error.name,
    message: strip(error.message) ?? '',
    stack: error.stack?.replace(error.message, strip(error.message) ?? '') ?? '',
    ...(fields.code === undefined ? {} : { code: fields.code }),
    ...(fields.constraint === undefined ? {} : { constraint: fields.constraint }),
    ...(fields.table === undefined ? {} : { table: fields.table }),
    ...(typeof fields.query === 'string' ? { query: fields.query } : {}),
    ...(error.cause !== undefined && depth < 4 ? { cause: serializeLink(error.cause, depth + 1) } : {}),
  };
}

/** The server's logger options: the level, and requests and errors logged without their secrets. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return { level, serializers: { req: serializeRequest, err: serializeError }, ...(stream ? { stream } : {}) };
}

/**
 * How log lines are written: pino's own pretty transport (pino-pretty, in a worker thread) when a
 * person reads them, i.e. outside production with stdout a terminal (`npm start` in a shell); one
 * JSON object per line in production and whenever stdout is a pipe or a file (a log collector).
 */
export function logTransport(nodeEnv: string, isTerminal: boolean = process.stdout.isTTY === true) {
  if (nodeEnv === 'production' || !isTerminal) return {};
  return {
    transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}
