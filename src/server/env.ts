import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Everything else receives a parsed `Env`.
 */

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  ALLOW_EMBEDDED_DB: booleanFlag,
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Minutes between PGlite CHECKPOINTs (embedded database only). */
  CHECKPOINT_INTERVAL_MINUTES: z.coerce.number().positive().default(5),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Where `npm run build` wrote the web app (its `client/` folder is served). */
  BUILD_DIR: z.string().min(1).default(path.resolve(import.meta.dirname, '../../build')),
  /** `smtp://user:pass@host:587` or `smtps://…`; without it mail lands in the embedded outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('ComplianceCore <no-reply@compliancecore.local>'),
  /** Where consultation and contact notifications go. */
  SALES_INBOX: z.email().default('sales@compliancecore.local'),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.DATABASE_URL && !env.ALLOW_EMBEDDED_DB) {
    throw new EnvError(
      'Refusing to start: NODE_ENV=production needs a PostgreSQL server (set DATABASE_URL). ' +
        'The embedded PGlite database does not fsync and allows one process only; ' +
        'set ALLOW_EMBEDDED_DB=1 to run on it anyway.',
    );
  }
  return { ...env, DATA_DIR: path.resolve(env.DATA_DIR), BUILD_DIR: path.resolve(env.BUILD_DIR) };
}

/** The built web app's public folder. */
export function webBuildDir(env: Pick<Env, 'BUILD_DIR'>): string {
  return path.join(env.BUILD_DIR, 'client');
}

/** For build tooling that must not validate the whole runtime environment. */
export function webBuildDirFromEnv(source: Record<string, string | undefined> = process.env): string {
  return webBuildDir({ BUILD_DIR: envSchema.shape.BUILD_DIR.parse(source.BUILD_DIR) });
}
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'db/migrations');
