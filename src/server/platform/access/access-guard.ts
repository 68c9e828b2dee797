import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AccessRequirement, checkAccess } from '../../../shared/permissions.ts';
import { AppError } from '../../app-error.ts';
import { authMfaFactors } from '../../db/schema/auth.ts';
import { type AuthContext, requireUser } from '../../plugins/authenticate.ts';
import {
  NO_CAPABILITIES,
  type SecurityEventInput,
  type UserAccess,
  emptyAccess,
  type RequestUserAccess,
  loadAccess,
  loadRequestUserAccess,
  loadSessionAndUserAccess,
  logSecurityEvent,
} from './access.service.ts';

/**
 * The server half of the route guard (product.md §6): route-access.ts calls `requireAccess` for the
 * `config.access` each route declares, with the same requirement shape the web guard uses, so both
 * decide with one function (`checkAccess` in src/shared/permissions.ts). Routes never call it.
 */

export interface RequestAccess extends UserAccess {
  user: AuthContext;
  /**
   * The organization a client works in (the first they joined), when it was read with the access;
   * undefined when it was not, and the tenant guard reads it itself (resolveTenantScope).
   */
  firstOrganizationId?: string | null;
  /** The read cache's versions, when they were read with the access (`RequestUserAccess.readVersions`). */
  readVersions?: RequestUserAccess['readVersions'];
}

/** One load per request, however many guards run. */
const loaded = new WeakMap<FastifyRequest, Promise<RequestAccess>>();

/** What authentication read with its session check (`checkSessionAndReadAccess`), for that user. */
const readWithSession = new WeakMap<FastifyRequest, { userId: string; read: RequestUserAccess | null }>();

/**
 * Authentication's session check for a guarded request (plugins/authenticate.ts, `checkSession`): whether
 * the token's session is still open, read in one statement with what the guards will need about the user,
 * which is kept for them. Undefined when the statement fails: authentication then checks the session alone.
 */
export async function checkSessionAndReadAccess(
  request: FastifyRequest,
  user: { userId: string; sessionId: string },
): Promise<boolean | undefined> {
  const result = await loadSessionAndUserAccess(request.server.database.db, user.userId, user.sessionId).catch(() => undefined);
  if (!result) return undefined;
  if (result.sessionActive) readWithSession.set(request, { userId: user.userId, read: result.access });
  return result.sessionActive;
}

/** What authentication read about this user, when it did; undefined to read it now. */
function readAlready(request: FastifyRequest, user: AuthContext): RequestUserAccess | null | undefined {
  const kept = readWithSession.get(request);
  return kept && kept.userId === user.userId ? kept.read : undefined;
}

function requestMeta(request: FastifyRequest): Pick<SecurityEventInput, 'ip' | 'userAgent'> {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** Stores a security event with the request's address and user agent; throws when it cannot. */
export async function storeSecurityEvent(request: FastifyRequest, event: Omit<SecurityEventInput, 'ip' | 'userAgent'>): Promise<string> {
  return logSecurityEvent(request.server.database.db, { ...event, ...requestMeta(request) });
}

/**
 * Records a security event on the side of a denial, without letting a logging failure change the
 * response the denial already decided (the failure is logged at error level).
 */
export async function recordSecurityEvent(request: FastifyRequest, event: Omit<SecurityEventInput, 'ip' | 'userAgent'>): Promise<void> {
  try {
    await storeSecurityEvent(request, event);
  } catch (error) {
    request.log.error({ err: error, eventType: event.eventType }, 'could not record a security event');
  }
}

/**
 * An API key holds no role and no capability flag, and of its maker's permissions only those its scopes
 * name: it reaches data areas, never administration or approvals (docs/integrations.md).
 */
function narrowToApiKey(access: UserAccess, apiKey: NonNullable<AuthContext['apiKey']>): UserAccess {
  return {
    ...access,
    roles: [],
    primaryRole: null,
    capabilities: NO_CAPABILITIES,
    permissions: new Set([...access.permissions].filter((permission) => apiKey.permissions.includes(permission))),
  };
}

async function load(request: FastifyRequest, user: AuthContext): Promise<RequestAccess> {
  try {
    const access = await loadAccess(request.server.database.db, user.userId);
    return { ...(user.apiKey ? narrowToApiKey(access, user.apiKey) : access), user };
  } catch (error) {
    // product.md §8: a failed role fetch logs AUTH_FAILURE and the user holds no role.
    request.log.error({ err: error, userId: user.userId }, 'could not load the user’s roles');
    await recordSecurityEvent(request, {
      userId: user.userId,
      eventType: 'AUTH_FAILURE',
      details: { reason: 'role_fetch_failed', path: request.url.split('?')[0], method: request.method },
    });
    return { ...emptyAccess(), user };
  }
}

/**
 * An aal1 session of an account with a verified factor has passed the password but not the second
 * step; the web app shows that step, and the API refuses everything else until it is done.
 */
async function requireSecondFactorIfEnrolled(request: FastifyRequest, user: AuthContext): Promise<void> {
  if (user.aal === 'aal2') return;
  const read = readAlready(request, user);
  if (read) {
    if (read.hasVerifiedFactor) throw new AppError('MFA_REQUIRED', 'Finish signing in with your second factor first.');
    return;
  }
  const [factor] = await request.server.database.db
    .select({ id: authMfaFactors.id })
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.userId, user.userId), eq(authMfaFactors.status, 'verified')))
    .limit(1);
  if (factor) throw new AppError('MFA_REQUIRED', 'Finish signing in with your second factor first.');
}

/**
 * The signed-in user, who has finished signing in: 401 when nobody is, 403 MFA_REQUIRED when the
 * second factor is still owed. For routes that need no role or permission, only a session.
 */
export async function requireSignedIn(request: FastifyRequest): Promise<AuthContext> {
  const user = requireUser(request);
  await requireSecondFactorIfEnrolled(request, user);
  return user;
}

/**
 * What `requireSecondFactorIfEnrolled` and `load` read, in one round trip (`loadRequestUserAccess`).
 * A user seen for the first time (no profile), or a statement that fails, takes the step-by-step path,
 * which provisions the profile and answers a failed role fetch as product.md §8 says.
 */
async function loadAtOnce(request: FastifyRequest, user: AuthContext): Promise<RequestAccess> {
  const read = readAlready(request, user) ?? (await loadRequestUserAccess(request.server.database.db, user.userId).catch(() => null));
  if (!read) {
    await requireSecondFactorIfEnrolled(request, user);
    return load(request, user);
  }
  if (read.hasVerifiedFactor && user.aal !== 'aal2') throw new AppError('MFA_REQUIRED', 'Finish signing in with your second factor first.');
  const access = user.apiKey ? narrowToApiKey(read.access, user.apiKey) : read.access;
  return { ...access, user, firstOrganizationId: read.firstOrganizationId, readVersions: read.readVersions };
}

/** The signed-in user and what they hold; 401 when nobody is signed in, 403 MFA_REQUIRED mid sign-in. */
export function getRequestAccess(request: FastifyRequest): Promise<RequestAccess> {
  const user = requireUser(request);
  let access = loaded.get(request);
  if (!access) {
    access = loadAtOnce(request, user);
    loaded.set(request, access);
  }
  return access;
}

/**
 * 401 without a user; 403 FORBIDDEN, with a PRIVILEGE_ESCALATION event, when the user does not
 * meet the requirement. Returns the user's access for the handler to use.
 */
export async function requireAccess(request: FastifyRequest, requirement: AccessRequirement): Promise<RequestAccess> {
  const access = await getRequestAccess(request);
  const decision = checkAccess(access, requirement);
  if (decision.allowed) return access;
  await recordSecurityEvent(request, {
    userId: access.user.userId,
    eventType: 'PRIVILEGE_ESCALATION',
    details: {
      source: 'api',
      method: request.method,
      path: request.url.split('?')[0],
      reason: decision.reason,
      requirement,
      roles: access.roles,
    },
  });
  throw new AppError('FORBIDDEN', 'You do not have access to this.');
}
