import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { ApiKeyScopes } from '../../shared/schemas/integrations.ts';
import { isMcpPath } from '../../shared/schemas/mcp.ts';
import { AppError } from '../app-error.ts';
import { authSessions } from '../db/schema/auth.ts';

export interface AuthContext {
  /** The user id (`sub`); empty for the anon and service-role API keys, which name no user. */
  userId: string;
  email: string | null;
  role: 'authenticated' | 'anon' | 'service_role';
  aal: 'aal1' | 'aal2';
  sessionId: string | null;
  claims: JWTPayload;
  /**
   * Set when an API key authenticated the request (modules/integrations/api-key-auth.ts): the key acts as
   * its maker, narrowed to its organization and these permissions; the route guard admits it only where
   * its scopes cover the endpoint's `apiKeyScope` (docs/integrations.md).
   */
  apiKey?: { id: string; name: string; organizationId: string; scopes: ApiKeyScopes; permissions: readonly string[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** What checks a token's signature, expiry and issuer (the auth module's signing keys). */
export interface TokenVerifier {
  verify(token: string): Promise<JWTPayload>;
}

const ROLES = new Set(['authenticated', 'anon', 'service_role']);
const BEARER = /^bearer\s+(\S+)$/i;

/** Paths whose invalid tokens are refused here; /auth/v1 answers in GoTrue's own error format. */
function guardsPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/functions/') || isMcpPath(url);
}

function tokenOf(request: FastifyRequest): string | undefined {
  const bearer = request.headers.authorization ? BEARER.exec(request.headers.authorization)?.[1] : undefined;
  if (bearer) return bearer;
  const apikey = request.headers.apikey;
  return typeof apikey === 'string' && apikey ? apikey : undefined;
}

function toContext(claims: JWTPayload): AuthContext | undefined {
  const role = claims.role;
  if (typeof role !== 'string' || !ROLES.has(role)) return undefined;
  if (role === 'authenticated' && (typeof claims.sub !== 'string' || typeof claims.session_id !== 'string')) return undefined;
  return {
    userId: typeof claims.sub === 'string' ? claims.sub : '',
    email: typeof claims.email === 'string' && claims.email ? claims.email : null,
    role: role as AuthContext['role'],
    aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    sessionId: typeof claims.session_id === 'string' ? claims.session_id : null,
    claims,
  };
}

export interface AuthenticationOptions {
  /**
   * Checks a user token's session on a guarded path instead of the plain lookup: true while it is open,
   * false once ended, undefined to fall back to the lookup. The app passes the access guard's, which
   * reads the user's access in the same statement (docs/dashboard.md, "How fast").
   */
  checkSession?: (request: FastifyRequest, user: { userId: string; sessionId: string }) => Promise<boolean | undefined>;
}

/**
 * On every request, turns `Authorization: Bearer <jwt>` (or the `apikey` header) into
 * `request.auth`, checked by `keys`. A user token whose session has ended (sign-out, reuse
 * detection, deletion) is refused immediately, not at `exp`.
 */
export function registerAuthentication(app: FastifyInstance, keys: TokenVerifier, options: AuthenticationOptions = {}): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    request.auth = null;
    if (request.url.startsWith('/auth/v1/')) return;
    const token = tokenOf(request);
    // An API key (`cck_…`) is the integrations module's to check, in the hook that follows this one.
    if (!token || token.startsWith('cck_')) return;
    const guarded = guardsPath(request.url);
    let context: AuthContext | undefined;
    try {
      context = toContext(await keys.verify(token));
    } catch {
      context = undefined;
    }
    if (context?.role === 'authenticated' && context.sessionId) {
      const user = { userId: context.userId, sessionId: context.sessionId };
      let active = guarded && options.checkSession ? await options.checkSession(request, user) : undefined;
      if (active === undefined) {
        const [session] = await app.database.db
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.id, user.sessionId), eq(authSessions.userId, user.userId)));
        active = session !== undefined;
      }
      if (!active) context = undefined;
    }
    if (!context) {
      if (guarded) throw new AppError('UNAUTHENTICATED', 'Your session is not valid or has expired. Sign in again.');
      return;
    }
    request.auth = context;
  });
}

/** The signed-in user of this request, or 401 UNAUTHENTICATED. */
export function requireUser(request: FastifyRequest): AuthContext {
  const auth = request.auth;
  if (!auth || auth.role !== 'authenticated') throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return auth;
}
