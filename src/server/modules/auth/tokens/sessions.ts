import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type AmrEntry, authIdentities, authRefreshTokens, authSessions, authUsers } from '../../../db/schema/auth.ts';
import type { AuthDeps, ClientInfo } from '../context.ts';
import { type Tx, type UserBundle, loadUserBundle, userJson } from '../users/user-store.ts';

export type SessionRow = typeof authSessions.$inferSelect;

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 256-bit random, stored only as its SHA-256 (auth-wire.md §5.1 recommendation). */
export async function issueRefreshToken(tx: Tx, session: Pick<SessionRow, 'id' | 'userId'>, parentId: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(authRefreshTokens).values({ tokenHash: sha256Hex(token), sessionId: session.id, userId: session.userId, parentId });
  return token;
}

const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

/** One entry per distinct method, the newest timestamp kept; AAL2 iff an MFA method is present (auth-wire.md §4.2). */
export function addAmr(amr: AmrEntry[], method: string, at = Math.floor(Date.now() / 1000)): { amr: AmrEntry[]; aal: 'aal1' | 'aal2' } {
  const next = [...amr.filter((entry) => entry.method !== method), { method, timestamp: at }];
  return { amr: next, aal: next.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1' };
}

export interface StartSessionInput {
  userId: string;
  method: string;
  client: ClientInfo;
  /** Which identity signed in (its last_sign_in_at is updated). */
  provider?: string;
}

/** Creates the session and its first refresh token, and records the sign-in. */
export async function startSession(tx: Tx, input: StartSessionInput): Promise<{ session: SessionRow; refreshToken: string }> {
  const { amr, aal } = addAmr([], input.method);
  const [session] = await tx
    .insert(authSessions)
    .values({ userId: input.userId, amr, aal, ip: input.client.ip, userAgent: input.client.userAgent?.slice(0, 512) })
    .returning();
  if (!session) throw new Error('startSession: insert returned nothing');
  const now = new Date();
  await tx.update(authUsers).set({ lastSignInAt: now }).where(eq(authUsers.id, input.userId));
  if (input.provider) {
    const identities = await tx.select().from(authIdentities).where(eq(authIdentities.userId, input.userId));
    const identity = identities.find((row) => row.provider === input.provider);
    if (identity) await tx.update(authIdentities).set({ lastSignInAt: now }).where(eq(authIdentities.id, identity.id));
  }
  return { session, refreshToken: await issueRefreshToken(tx, session, null) };
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  provider_token?: string;
  provider_refresh_token?: string;
  weak_password?: { reasons: string[]; message: string };
}

/** Signs an access token with exactly the claims of auth-wire.md §4.2 (`iss`, `iat`, `exp` from the signer). */
export async function signAccessToken(
  deps: AuthDeps,
  bundle: UserBundle,
  session: SessionRow,
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + deps.env.AUTH_JWT_EXPIRY_SECONDS;
  const { user } = bundle;
  const token = await deps.keys.sign(
    {
      sub: user.id,
      aud: user.aud,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: user.role,
      aal: session.aal,
      // Newest first; entries are appended as methods are used, so ties keep the later one first.
      amr: [...session.amr].reverse().sort((a, b) => b.timestamp - a.timestamp),
      session_id: session.id,
      is_anonymous: user.isAnonymous,
    },
    expiresAt,
    now,
  );
  return { token, expiresAt };
}

/** The Session body (auth-wire.md §1.5) for a session and a freshly issued refresh token. */
export async function sessionResponse(
  deps: AuthDeps,
  db: Tx,
  session: SessionRow,
  refreshToken: string,
  extra: Pick<SessionResponse, 'provider_token' | 'provider_refresh_token' | 'weak_password'> = {},
): Promise<SessionResponse> {
  const bundle = await loadUserBundle(db, session.userId);
  if (!bundle) throw new Error('sessionResponse: user vanished');
  const { token, expiresAt } = await signAccessToken(deps, bundle, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: deps.env.AUTH_JWT_EXPIRY_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(bundle),
    ...extra,
  };
}

/** The implicit-flow redirect fragment, keys sorted as GoTrue sends them (auth-wire.md §2.4). */
export function sessionFragment(response: SessionResponse, type?: string): string {
  const params: Record<string, string> = {
    access_token: response.access_token,
    expires_at: String(response.expires_at),
    expires_in: String(response.expires_in),
    refresh_token: response.refresh_token,
    sb: '',
    token_type: 'bearer',
  };
  if (response.provider_token) params.provider_token = response.provider_token;
  if (response.provider_refresh_token) params.provider_refresh_token = response.provider_refresh_token;
  if (type) params.type = type;
  const sorted = Object.keys(params).sort();
  return new URLSearchParams(sorted.map((key) => [key, params[key] ?? ''])).toString();
}
