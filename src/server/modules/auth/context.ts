import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { Sealer } from './tokens/sealing.ts';
import type { SigningKeys } from './tokens/signing-keys.ts';
import type { SmsProvider } from './mfa/sms-provider.ts';

/** What the auth services need, passed explicitly so they stay plain functions. */
export interface AuthDeps {
  db: Db;
  env: Env;
  keys: SigningKeys;
  sealer: Sealer;
  sms: SmsProvider;
  /** Mail is queued with its delivery job in the caller's transaction (mail/mail.service.ts). */
  jobs: Jobs;
  log: FastifyBaseLogger;
}

/** Who is asking, for sessions and MFA challenges bound to an IP. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}
