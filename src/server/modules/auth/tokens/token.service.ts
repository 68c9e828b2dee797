import { and, desc, eq } from 'drizzle-orm';
import { authFlowState, authRefreshTokens, authSessions, authUsers } from '../../../db/schema/auth.ts';
import type { AuthDeps, ClientInfo } from '../context.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { checkPasswordPolicy, hashPassword, needsRehash, verifyPassword } from '../users/passwords.ts';
import { verifyCodeChallenge } from './pkce.ts';
import { type SessionResponse, issueRefreshToken, sessionResponse, sha256Hex, startSession } from './sessions.ts';
import { admitSignInAttempt, clearSignInAttempts } from './sign-in-throttle.ts';
import { EMAIL_MAX_LENGTH } from '../../../../shared/rules/email.ts';
import { findUserByEmail, normalizeEmail } from '../users/user-store.ts';
import { refuseWhenSsoRequired } from '../saml/sso-required.ts';

function isBanned(user: { bannedUntil: Date | null }): boolean {
  return user.bannedUntil !== null && user.bannedUntil.getTime() > Date.now();
}

/** `grant_type=password` (auth-wire.md §2.2): one message for unknown user and wrong password. */
export async function passwordGrant(
  deps: AuthDeps,
  input: { email?: string; password?: string },
  client: ClientInfo,
): Promise<SessionResponse> {
  if (!input.email) throw errors.validation('Only an email address or phone number should be provided on login.');
  if (!input.password) throw errors.invalidCredentials();
  const email = normalizeEmail(input.email);
  // No account has a longer address (sign-up refuses one), and a key this long does not fit the
  // throttle's index (a 500 before): answered as an unknown user is, before anything is stored.
  if (email.length > EMAIL_MAX_LENGTH) throw errors.invalidCredentials();
  await refuseWhenSsoRequired(deps.db, email);
  const user = await findUserByEmail(deps.db, email);
  await admitSignInAttempt(deps.db, { email, userId: user?.id, ip: client.ip });
  const matches = await verifyPassword(user?.encryptedPassword ?? null, input.password);
  if (!user || !matches) throw errors.invalidCredentials();
  await clearSignInAttempts(deps.db, email);
  if (!user.emailConfirmedAt) throw errors.emailNotConfirmed();
  if (isBanned(user)) throw new GoTrueError(400, 'user_banned', 'User is banned');
  if (user.encryptedPassword && needsRehash(user.encryptedPassword)) {
    await deps.db
      .update(authUsers)
      .set({ encryptedPassword: await hashPassword(input.password) })
      .where(eq(authUsers.id, user.id));
  }
  const weak = checkPasswordPolicy(input.password);
  return deps.db.transaction(async (tx) => {
    const { session, refreshToken } = await startSession(tx, { userId: user.id, method: 'password', client, provider: 'email' });
    return sessionResponse(deps, tx, session, refreshToken, weak ? { weak_password: weak } : {});
  });
}

/**
 * `grant_type=refresh_token` with rotation and reuse detection (auth-wire.md §5.1): a revoked token
 * is accepted again only inside the reuse window or when it is the parent of a still-unused token
 * (the client lost our last answer); otherwise the whole session (the family) is deleted.
 */
export async function refreshGrant(deps: AuthDeps, input: { refresh_token?: string }): Promise<SessionResponse> {
  const presented = input.refresh_token;
  if (!presented) throw errors.validation('Refresh token is not valid');
  if (presented.length < 12) throw errors.validation('Refresh token is not valid');
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(authRefreshTokens)
      .where(eq(authRefreshTokens.tokenHash, sha256Hex(presented)))
      .for('update');
    if (!row) return { error: new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
    const [session] = await tx.select().from(authSessions).where(eq(authSessions.id, row.sessionId)).for('update');
    if (!session) return { error: errors.sessionNotFound() };
    const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, session.userId));
    if (!user) return { error: errors.sessionNotFound() };
    if (isBanned(user)) return { error: new GoTrueError(400, 'user_banned', 'User is banned') };
    const lastActive = (session.refreshedAt ?? session.createdAt).getTime();
    if (Date.now() - lastActive > deps.env.AUTH_REFRESH_TOKEN_LIFETIME_SECONDS * 1000) {
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { error: new GoTrueError(400, 'session_expired', 'Invalid Refresh Token: Session Expired (Inactivity)') };
    }
    if (row.revoked) {
      const withinWindow = Date.now() - row.updatedAt.getTime() < deps.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000;
      const [newest] = await tx
        .select()
        .from(authRefreshTokens)
        .where(eq(authRefreshTokens.sessionId, session.id))
        .orderBy(desc(authRefreshTokens.createdAt))
        .limit(1);
      const parentOfActive = newest !== undefined && !newest.revoked && newest.parentId === row.id;
      if (!withinWindow && !parentOfActive) {
        // Reuse of a dead token: someone else may hold the family. End the session everywhere.
        await tx.delete(authSessions).where(eq(authSessions.id, session.id));
        return { error: new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      if (parentOfActive && !withinWindow) {
        // The unanswered child is replaced, so at most one unused token of the family stays valid.
        await tx.update(authRefreshTokens).set({ revoked: true, updatedAt: new Date() }).where(eq(authRefreshTokens.id, newest.id));
      }
    } else {
      await tx.update(authRefreshTokens).set({ revoked: true, updatedAt: new Date() }).where(eq(authRefreshTokens.id, row.id));
    }
    const [refreshed] = await tx
      .update(authSessions)
      .set({ refreshedAt: new Date(), updatedAt: new Date() })
      .where(eq(authSessions.id, session.id))
      .returning();
    const token = await issueRefreshToken(tx, session, row.id);
    return { session: refreshed ?? session, token };
  });
  if ('error' in outcome && outcome.error) throw outcome.error;
  if (!('session' in outcome) || !outcome.session) throw new Error('refreshGrant: no session');
  return sessionResponse(deps, deps.db, outcome.session, outcome.token);
}

const FLOW_CODE_LIFETIME_MS = 300_000;

/** `grant_type=pkce` (auth-wire.md §2.6): single use, 5 minutes from the code's issuance. */
export async function pkceGrant(
  deps: AuthDeps,
  input: { auth_code?: string; code_verifier?: string },
  client: ClientInfo,
): Promise<SessionResponse> {
  if (!input.auth_code || !input.code_verifier)
    throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
  const { auth_code: authCode, code_verifier: verifier } = input;
  const result = await deps.db.transaction(async (tx) => {
    const [flow] = await tx.select().from(authFlowState).where(eq(authFlowState.authCode, authCode)).for('update');
    if (!flow?.userId) return { error: new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found') };
    const issuedAt = (flow.authCodeIssuedAt ?? flow.createdAt).getTime();
    if (Date.now() - issuedAt > FLOW_CODE_LIFETIME_MS) {
      await tx.delete(authFlowState).where(eq(authFlowState.id, flow.id));
      return { error: new GoTrueError(422, 'flow_state_expired', 'invalid flow state, flow state has expired') };
    }
    if (!verifyCodeChallenge(flow.codeChallenge ?? '', flow.codeChallengeMethod ?? 's256', verifier)) {
      return { error: new GoTrueError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier') };
    }
    await tx.delete(authFlowState).where(and(eq(authFlowState.id, flow.id)));
    const { session, refreshToken } = await startSession(tx, {
      userId: flow.userId,
      method: flow.authenticationMethod,
      client,
      provider: flow.providerType,
    });
    return {
      response: await sessionResponse(deps, tx, session, refreshToken, {
        provider_token: flow.providerAccessToken ?? undefined,
        provider_refresh_token: flow.providerRefreshToken ?? undefined,
      }),
    };
  });
  if (result.error) throw result.error;
  if (!result.response) throw new Error('pkceGrant: no response');
  return result.response;
}
