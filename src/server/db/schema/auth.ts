import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The auth service's tables, GoTrue-shaped (auth-wire.md §1.5, §5) in their own `auth` schema so a
 * deployment can swap in a real Supabase Auth database without touching the app's tables.
 * Secrets are never stored in clear: refresh tokens, e-mail OTPs and MFA phone codes are hashed;
 * private signing keys and TOTP secrets are sealed (see modules/auth/tokens/sealing.ts).
 */
export const authSchema = pgSchema('auth');

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A registered passkey, as @simplewebauthn/server needs it back to check an assertion. */
export interface StoredWebAuthnCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports?: string[];
}

/** The challenge a passkey ceremony answers, with the relying party it was made for. */
export interface WebAuthnSessionData {
  type: 'create' | 'request';
  challenge: string;
  rpId: string;
  origins: string[];
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export const authUsers = authSchema.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    aud: text('aud').notNull().default('authenticated'),
    role: text('role').notNull().default('authenticated'),
    /** Lower-cased; null when the user has none. */
    email: text('email'),
    /** argon2id (`$argon2id$…`) or an imported bcrypt hash (`$2a$…`); null for OAuth-only users. */
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    /** When an administrator last invited the address (POST /invite, generate_link type invite). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** E.164 without the leading `+`, as GoTrue stores it. */
    phone: text('phone'),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    appMetadata: jsonb('raw_app_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb('raw_user_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_key').on(table.email), uniqueIndex('users_phone_key').on(table.phone)],
);

export const authIdentities = authSchema.table(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The provider's subject (`sub`); the user id for the `email` provider. */
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    identityData: jsonb('identity_data').$type<Record<string, unknown>>().notNull().default({}),
    email: text('email'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('identities_provider_id_provider_key').on(table.providerId, table.provider),
    index('identities_user_id_idx').on(table.userId),
  ],
);

export const authSessions = authSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    /** The MFA factor that raised this session to aal2. */
    factorId: uuid('factor_id'),
    amr: jsonb('amr').$type<AmrEntry[]>().notNull().default([]),
    userAgent: text('user_agent'),
    ip: text('ip'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * One row per issued refresh token (auth-wire.md §5.1 v1 semantics with hashed 256-bit tokens):
 * a use revokes the row and creates a child; presenting a revoked token outside the reuse window
 * deletes the whole session (the family).
 */
export const authRefreshTokens = authSchema.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    parentId: uuid('parent_id'),
    revoked: boolean('revoked').notNull().default(false),
    ...timestamps,
  },
  (table) => [uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash), index('refresh_tokens_session_id_idx').on(table.sessionId)],
);

export const authMfaFactors = authSchema.table(
  'mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    friendlyName: text('friendly_name').notNull().default(''),
    factorType: text('factor_type', { enum: ['totp', 'phone', 'webauthn'] }).notNull(),
    status: text('status', { enum: ['unverified', 'verified'] })
      .notNull()
      .default('unverified'),
    /** Sealed TOTP secret (base32). */
    secret: text('secret'),
    phone: text('phone'),
    /** A passkey's credential once registered (@simplewebauthn/server's WebAuthnCredential, the key base64url). */
    webauthnCredential: jsonb('web_authn_credential').$type<StoredWebAuthnCredential>(),
    lastChallengedAt: timestamp('last_challenged_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('mfa_factors_user_friendly_name_key').on(table.userId, table.friendlyName)],
);

export const authMfaChallenges = authSchema.table('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  factorId: uuid('factor_id')
    .notNull()
    .references(() => authMfaFactors.id, { onDelete: 'cascade' }),
  ipAddress: text('ip_address').notNull(),
  /** SHA-256 of the SMS code for phone factors. */
  otpHash: text('otp_hash'),
  /** A passkey challenge: what was asked of the authenticator, checked at verify (GoTrue's web_authn_session_data). */
  webauthnSessionData: jsonb('web_authn_session_data').$type<WebAuthnSessionData>(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ONE_TIME_TOKEN_TYPES = ['confirmation_token', 'recovery_token', 'email_change_token', 'reauthentication_token'] as const;
export type OneTimeTokenType = (typeof ONE_TIME_TOKEN_TYPES)[number];

/** E-mail link/code secrets: SHA-224(email + otp), `pkce_`-prefixed for PKCE (auth-wire.md §2.4). */
export const authOneTimeTokens = authSchema.table(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    tokenType: text('token_type', { enum: ONE_TIME_TOKEN_TYPES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    relatesTo: text('relates_to').notNull(),
    /** Set when the link was requested with a PKCE challenge. */
    flowStateId: uuid('flow_state_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('one_time_tokens_user_type_key').on(table.userId, table.tokenType),
    index('one_time_tokens_token_hash_idx').on(table.tokenHash),
  ],
);

/** PKCE and OAuth flow state (auth-wire.md §2.5, §2.6). */
export const authFlowState = authSchema.table(
  'flow_state',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    authCode: text('auth_code'),
    codeChallenge: text('code_challenge'),
    codeChallengeMethod: text('code_challenge_method'),
    providerType: text('provider_type').notNull(),
    authenticationMethod: text('authentication_method').notNull(),
    redirectTo: text('redirect_to').notNull(),
    /** Our own PKCE verifier and nonce towards the OIDC issuer. */
    providerCodeVerifier: text('provider_code_verifier'),
    providerNonce: text('provider_nonce'),
    providerAccessToken: text('provider_access_token'),
    providerRefreshToken: text('provider_refresh_token'),
    /** For linkIdentity: the signed-in user the new identity attaches to. */
    linkingTargetId: uuid('linking_target_id'),
    authCodeIssuedAt: timestamp('auth_code_issued_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('flow_state_auth_code_key')
      .on(table.authCode)
      .where(sql`${table.authCode} is not null`),
  ],
);

export const SIGNING_KEY_STATUSES = ['next', 'current', 'retired'] as const;

/**
 * ES256 signing keys. `next` is published before it signs, `current` signs, `retired` stays
 * published until every token it signed has expired (auth-wire.md §4.3).
 */
export const authSigningKeys = authSchema.table(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    algorithm: text('algorithm').notNull().default('ES256'),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    /** The private JWK, sealed. */
    privateJwk: text('private_jwk').notNull(),
    status: text('status', { enum: SIGNING_KEY_STATUSES }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one `current` and one `next` key, even with several processes starting at once.
  (table) => [
    uniqueIndex('signing_keys_one_per_active_status')
      .on(table.status)
      .where(sql`${table.status} in ('current', 'next')`),
  ],
);

/**
 * Password sign-in attempts per account (the normalised e-mail, known or not, so the answer never
 * tells them apart): past a few, the account's sign-ins wait a delay that doubles with each attempt
 * (modules/auth/tokens/sign-in-throttle.ts). Per account, so rotating addresses does not reset it.
 */
export const authSignInThrottle = authSchema.table('sign_in_throttle', {
  email: text('email').primaryKey(),
  /** Attempts in the current streak; a success deletes the row. */
  failures: integer('failures').notNull().default(0),
  /** The streak's first attempt. */
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  /** The end of the current wait; none before the free attempts are used up. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** Addresses holding a session of the account that used their one attempt during a wait of this streak. */
  excusedIps: text('excused_ips')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * SAML single sign-on (docs/auth.md "SAML SSO"): one row per AuthnRequest we sent (GoTrue's
 * saml_relay_states); its id is the RelayState. The flow state carries PKCE and the redirect.
 */
export const authSamlRelayStates = authSchema.table('saml_relay_states', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The organization whose identity provider was asked (sso_settings). */
  organizationId: uuid('organization_id').notNull(),
  /** The AuthnRequest's ID: the response's InResponseTo must name it. */
  requestId: text('request_id').notNull(),
  flowStateId: uuid('flow_state_id')
    .notNull()
    .references(() => authFlowState.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Assertion ids already used, kept until the assertion expires: a replayed assertion is refused. */
export const authSamlAssertions = authSchema.table(
  'saml_assertions',
  {
    assertionId: text('assertion_id').notNull(),
    /** The identity provider's entity id: ids are unique per issuer. */
    issuer: text('issuer').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saml_assertions_issuer_id_key').on(table.issuer, table.assertionId),
    index('saml_assertions_expires_idx').on(table.expiresAt),
  ],
);
