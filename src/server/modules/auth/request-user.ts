import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { authSessions } from '../../db/schema/auth.ts';
import type { AuthDeps, ClientInfo } from './context.ts';
import { errors } from './gotrue-errors.ts';
import type { SessionRow } from './tokens/sessions.ts';
import { type UserBundle, loadUserBundle } from './users/user-store.ts';

const BEARER = /^bearer\s+(\S+)$/i;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

async function verifiedClaims(deps: AuthDeps, request: FastifyRequest): Promise<JWTPayload> {
  const token = bearerToken(request);
  if (!token) throw errors.noAuthorization();
  try {
    return await deps.keys.verify(token);
  } catch (error) {
    throw errors.badJwt(error instanceof Error ? error.message.toLowerCase() : 'invalid token');
  }
}

export interface RequestUser extends UserBundle {
  session: SessionRow;
  claims: JWTPayload;
}

/**
 * GoTrue's `requireAuthentication` (auth-wire.md §2): missing bearer → 401 no_authorization, bad or
 * expired JWT → 403 bad_jwt, then the user and the session must still exist, so sign-out and
 * deletion take effect at once.
 */
export async function requireRequestUser(deps: AuthDeps, request: FastifyRequest): Promise<RequestUser> {
  const claims = await verifiedClaims(deps, request);
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') throw errors.noAuthorization();
  if (claims.aud !== 'authenticated') throw errors.validation('Invalid audience');
  const bundle = await loadUserBundle(deps.db, claims.sub);
  if (!bundle) throw errors.userNotFound();
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
  const [session] = sessionId ? await deps.db.select().from(authSessions).where(eq(authSessions.id, sessionId)) : [];
  if (!session || session.userId !== bundle.user.id) throw errors.sessionNotFound();
  if (bundle.user.bannedUntil && bundle.user.bannedUntil.getTime() > Date.now()) throw errors.userBanned();
  return { ...bundle, session, claims };
}

/** The admin API needs the service-role key (auth-wire.md §6.2). */
export async function requireServiceRole(deps: AuthDeps, request: FastifyRequest): Promise<void> {
  const claims = await verifiedClaims(deps, request);
  if (claims.role !== 'service_role') throw errors.notAdmin();
}
