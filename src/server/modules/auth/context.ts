import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbTransaction } from '../../db/client.ts';
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
  /**
   * Makes a user created by SAML single sign-on a member of the organization whose identity provider
   * vouched for them, in the sign-in's transaction (handed in by the app: organizations rank above auth).
   */
  joinSsoOrganization?: (tx: DbTransaction, input: { organizationId: string; userId: string }) => Promise<void>;
}

/** Who is asking, for sessions and MFA challenges bound to an IP. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}
