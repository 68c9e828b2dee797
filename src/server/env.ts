import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { emailPatternSchema } from '../shared/rules/email-schema.ts';

/**
 * The only reader of process.env. Everything else receives a parsed `Env`.
 */

/**
 * Which proxies may say who the client is (X-Forwarded-For, -Proto, -Host). Off by default. `1`
 * or `true`: one hop, the usual TLS-terminating proxy in front; a number: that many hops; or the
 * proxies' addresses and CIDR ranges, comma-separated. Never "every hop": then the leftmost
 * X-Forwarded-For entry, which the client writes, would become `request.ip`.
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? '').trim().toLowerCase();
    if (['', '0', 'false', 'no'].includes(text)) return false;
    if (text === 'true' || text === 'yes') return 1;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => {
      const [address = '', bits, extra] = entry.split('/');
      return !isIP(address) || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits));
    });
    if (invalid.length > 0) ctx.addIssue({ code: 'custom', message: `not a hop count or a proxy address/CIDR: ${invalid.join(', ')}` });
    return entries;
  });
export type TrustProxySetting = z.output<typeof trustProxySetting>;

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
  /**
   * Lets webhooks deliver to loopback and private addresses (docs/integrations.md): off unless set, in
   * every NODE_ENV; test suites and a developer's local receiver set it explicitly.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag,
  /** Lets connectors (docs/connectors.md) reach loopback and private endpoints: off unless set; tests' local providers set it. */
  CONNECTOR_ALLOW_PRIVATE_ENDPOINTS: booleanFlag,
  PUBLIC_URL: z.url().optional(),
  /** Lets a scraper read /metrics from anywhere with `Authorization: Bearer <token>`; without it, /metrics answers this machine only. */
  METRICS_TOKEN: z.preprocess((value) => value || undefined, z.string().min(32).optional()),
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The embedded database in a worker thread of its own (db/pglite-thread.js), so its queries never
   * block the event loop. On by default since it was measured (decision 014: under 64 connections the
   * in-process server answered nothing for 10 s, the threaded one kept answering); `0`/`false`/`no`
   * keeps PGlite on the main thread.
   */
  PGLITE_THREAD: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false' && value !== 'no'),
  /**
   * The builtin agent reads briefs and composes drafts in a worker thread (agent-runs/drafting/), off
   * the event loop: on with `1`/`true`/`yes`; off by default until measured (decision 014).
   */
  DRAFT_THREAD: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((value) => value === '1' || value === 'true' || value === 'yes'),
  /**
   * The read cache (platform/http/read-cache.ts, decision 017): the dashboard's reads and the ones the web
   * app polls answer from memory while nothing they read has changed. On by default; `0`/`false`/`no`
   * turns it off (every read queries).
   */
  READ_CACHE: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false' && value !== 'no'),
  /** Minutes between PGlite CHECKPOINTs (embedded database only). */
  CHECKPOINT_INTERVAL_MINUTES: z.coerce.number().positive().default(5),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Where `npm run build` wrote the web app (its `client/` folder is served). */
  BUILD_DIR: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '../../build')),
  /** `smtp://user:pass@host:587` or `smtps://…`; without it mail lands in the embedded outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('ComplianceCore <no-reply@compliancecore.local>'),
  /** Where consultation and contact notifications go. */
  SALES_INBOX: emailPatternSchema.default('sales@compliancecore.local'),

  // ── Auth service (/auth/v1, GoTrue-compatible; docs/auth.md) ──
  /** Access-token lifetime; auth-js refreshes 90 s before expiry, so keep it well above that. */
  AUTH_JWT_EXPIRY_SECONDS: z.coerce.number().int().min(300).max(86_400).default(3600),
  /** `iss` of access tokens; defaults to `<PUBLIC_URL>/auth/v1`. */
  AUTH_JWT_ISSUER: z.preprocess((value) => value || undefined, z.string().min(1).optional()),
  /** A session whose refresh token is not used for this long ends (session_expired). */
  AUTH_REFRESH_TOKEN_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 86_400),
  /** A just-rotated refresh token may be presented again this long (concurrent tabs). */
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** Seals private signing keys and TOTP secrets at rest (AES-256-GCM); at least 32 characters. */
  AUTH_SECRET: z.preprocess((value) => value || undefined, z.string().min(32).optional()),
  /** Days a signing key signs before a pre-published successor takes over; 0 turns rotation off. */
  AUTH_KEY_ROTATION_DAYS: z.coerce.number().min(0).default(90),
  /** Extra allowed `redirect_to` targets, comma-separated globs (`https://*.example.com/**`). */
  AUTH_REDIRECT_ALLOW_LIST: z.string().default(''),
  AUTH_DISABLE_SIGNUP: booleanFlag,
  /** GoTrue's mailer autoconfirm: sign-up confirms at once and answers a session. For development and test suites. */
  AUTH_MAILER_AUTOCONFIRM: booleanFlag,
  /** Lets AUTH_MAILER_AUTOCONFIRM run with NODE_ENV=production (it is refused otherwise). */
  AUTH_ALLOW_AUTOCONFIRM_IN_PRODUCTION: booleanFlag,
  /** GoTrue's secure password change: changing the password needs a reauthentication nonce unless the session is under 24 h old. */
  AUTH_SECURE_PASSWORD_CHANGE: booleanFlag,
  /** Lifetime of e-mail links and codes. */
  AUTH_EMAIL_OTP_EXPIRY_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** Minimum interval between two e-mails of one kind to one user. */
  AUTH_EMAIL_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  AUTH_MFA_PHONE_DISABLED: booleanFlag,
  /** Per-IP request budgets per 5 minutes: /token, /verify, and /signup + /otp + /recover + /resend + PUT /user. */
  AUTH_RATE_LIMIT_TOKEN: z.coerce.number().int().min(1).default(300),
  AUTH_RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_OTP: z.coerce.number().int().min(1).default(30),
  /** Per-IP MFA challenge + verify requests per minute. */
  AUTH_RATE_LIMIT_MFA: z.coerce.number().int().min(1).default(15),
  /** Google by default; any OpenID Connect issuer works. Sign-in with it is on when the client id is set. */
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.preprocess((value) => value || undefined, z.string().min(1).optional()),
  OIDC_CLIENT_SECRET: z.preprocess((value) => value || undefined, z.string().min(1).optional()),

  // ── Search (GET /functions/v1/search-content) ──
  /** Per-IP search requests per minute; the dialog sends at most one per 300 ms pause. */
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),

  // ── Billing (/subscription, check-subscription; README "Billing") ──
  /** `manual` activates subscriptions in the app and keeps invoice records; `stripe` uses Checkout. */
  BILLING_PROVIDER: z.enum(['manual', 'stripe']).default('manual'),
  /** Stripe secret API key (`sk_live_…` / `sk_test_…`); required with BILLING_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the webhook endpoint `/api/v1/billing/stripe/webhook` (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe price ids (`price_…`) of the monthly Essential, Growth and Scale plans. */
  STRIPE_PRICE_ESSENTIAL: z.string().min(1).optional(),
  STRIPE_PRICE_GROWTH: z.string().min(1).optional(),
  STRIPE_PRICE_SCALE: z.string().min(1).optional(),
  /** Where new privacy requests (/dsar) are announced to staff. */
  PRIVACY_INBOX: emailPatternSchema.default('privacy@compliancecore.local'),

  // ── AI advisor (POST /functions/v1/task-chat-assistant; docs/advisor.md) ──
  /** `builtin` answers offline from the knowledge base; `openai` calls any OpenAI-compatible endpoint. */
  LLM_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  /** Base URL of the OpenAI-compatible API, up to and including `/v1`; required with LLM_PROVIDER=openai. */
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent as `Authorization: Bearer …`; local servers (Ollama, vLLM) usually need none. */
  LLM_API_KEY: z.string().min(1).optional(),
  /** Model name the endpoint knows; required with LLM_PROVIDER=openai. */
  LLM_MODEL: z.string().min(1).optional(),
  /** How long one advisor answer may take before the user gets a clear error. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** `in-process`: this server works the job queues too; `off`: it only sends jobs, and `npm run worker` processes work them. */
  JOB_WORKERS: z.enum(['in-process', 'off']).default('in-process'),
  /** Agent runs one process drafts at once (each organization is further held to its plan's limit). */
  AGENT_RUN_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Advisor messages one user may send per minute. */
  ADVISOR_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),

  // ── File storage (evidence, task attachments; docs/programme.md "Evidence") ──
  /** `filesystem`: content-addressed under DATA_DIR/files; `s3`: an S3-compatible bucket (S3_* below). */
  FILE_STORE: z.enum(['filesystem', 's3']).default('filesystem'),
  /** The S3-compatible endpoint (`https://s3.eu-west-1.amazonaws.com`, a MinIO address …); the SDK's default for the region when unset. */
  S3_ENDPOINT: z.preprocess((value) => value || undefined, z.url({ protocol: /^https?$/ }).optional()),
  /** The bucket that holds the files; required with FILE_STORE=s3. */
  S3_BUCKET: z.preprocess((value) => value || undefined, z.string().min(3).max(63).optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Static credentials; without them the SDK's default chain (instance role, AWS_* variables) applies. */
  S3_ACCESS_KEY_ID: z.preprocess((value) => value || undefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess((value) => value || undefined, z.string().min(1).optional()),
  /** Path-style addresses (`<endpoint>/<bucket>/<key>`), which MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: booleanFlag,

  // ── Leads (POST /functions/v1/send-consultation-email and send-contact-form) ──
  /** Per-IP requests per minute to each lead function; a person sends one, a bot many. */
  LEADS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
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
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new EnvError(
      'Refusing to start: NODE_ENV=production needs PUBLIC_URL, the origin the site is published at. ' +
        'Links in e-mails, canonical URLs, robots.txt and the sitemap are built from it, never from a request’s Host header.',
    );
  }
  if (env.NODE_ENV === 'production' && env.AUTH_MAILER_AUTOCONFIRM && !env.AUTH_ALLOW_AUTOCONFIRM_IN_PRODUCTION) {
    throw new EnvError(
      'Refusing to start: AUTH_MAILER_AUTOCONFIRM=1 with NODE_ENV=production lets anyone sign up with an address they do not own. ' +
        'Set AUTH_ALLOW_AUTOCONFIRM_IN_PRODUCTION=1 if you really mean it.',
    );
  }
  if (env.FILE_STORE === 's3' && !env.S3_BUCKET) {
    throw new EnvError('Refusing to start: FILE_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a store other than AWS).');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError('Refusing to start: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.');
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
