import type { FastifyInstance, FastifyRequest, RouteOptions, onRequestAsyncHookHandler } from 'fastify';
import { type AccessRequirement, ENDPOINT_ACCESS, type EndpointAccess, needsAccessData } from '../../../shared/permissions.ts';
import { AppError } from '../../app-error.ts';
import { requireAccess, requireSignedIn } from './access-guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: a name from ENDPOINT_ACCESS (`public` is a declaration too). */
    access?: EndpointAccess;
  }
}

/** The product's API: every route under these declares its access or is not registered at all. */
const GUARDED_PREFIXES = ['/api/v1/', '/functions/v1/'];

function guardFor(requirement: AccessRequirement): onRequestAsyncHookHandler | undefined {
  if (requirement.apiKey) {
    return async (request: FastifyRequest) => {
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Send the access token or the public anonymous key as a bearer token.');
    };
  }
  if (requirement.authenticated === false) return undefined;
  if (!needsAccessData(requirement)) {
    return async (request: FastifyRequest) => {
      await requireSignedIn(request);
    };
  }
  // 401 without a user, 403 (with a PRIVILEGE_ESCALATION event) without the right; before the body
  // is even parsed, so someone without access learns nothing about the input rules.
  return async (request: FastifyRequest) => {
    // The service-role key holds the admin API already (`npm run user:create`, back-office scripts).
    if (requirement.adminOnly && request.auth?.role === 'service_role') return;
    await requireAccess(request, requirement);
  };
}

function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Thrown at registration: a new endpoint cannot forget its guard. */
export class UndeclaredAccessError extends Error {}

/** Thrown at registration: a documented endpoint names its operation for integrators' generated clients. */
export class UndocumentedOperationError extends Error {}

/** camelCase, verb first (`createPlan`); the OpenAPI document test holds the verbs to a list. */
const OPERATION_ID = /^[a-z][a-zA-Z0-9]+$/;

/** The route's operationId when its schema puts it in the OpenAPI document; null when hidden. */
function documentedOperationId(route: RouteOptions): string | null | undefined {
  const schema = route.schema as { hide?: boolean; operationId?: unknown } | undefined;
  if (schema?.hide === true) return null;
  return typeof schema?.operationId === 'string' && OPERATION_ID.test(schema.operationId) ? schema.operationId : undefined;
}

/**
 * Guarded by default: each route under /api/v1 and /functions/v1 names its access in
 * `config.access`; this puts that guard first in its onRequest hooks, and refuses to register a
 * route that names nothing (or a name ENDPOINT_ACCESS does not know), or one the OpenAPI document
 * would show without a camelCase `schema.operationId`. Register before any module.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    const name = route.config?.access;
    if (name === undefined || !Object.hasOwn(ENDPOINT_ACCESS, name)) {
      throw new UndeclaredAccessError(
        `${String(route.method)} ${route.url} declares no access: set config.access to one of ${Object.keys(ENDPOINT_ACCESS).join(', ')}.`,
      );
    }
    if (documentedOperationId(route) === undefined) {
      throw new UndocumentedOperationError(
        `${String(route.method)} ${route.url} is in the OpenAPI document without an operationId: set schema.operationId to a camelCase verb and noun (e.g. createPlan), or schema.hide to leave it out.`,
      );
    }
    const guard = guardFor(ENDPOINT_ACCESS[name]);
    if (guard) route.onRequest = [guard, ...asList(route.onRequest)];
  });
}
