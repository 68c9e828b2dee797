import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions, onRequestAsyncHookHandler } from 'fastify';
import { type AccessRequirement, ENDPOINT_ACCESS, type EndpointAccess, needsAccessData } from '../../../shared/permissions.ts';
import { type ApiKeyRule, apiKeyRuleAdmits, apiKeyRuleFor, describeApiKeyScopes, isApiKeyRule } from '../../../shared/api-key-scopes.ts';
import { isMcpPath } from '../../../shared/schemas/mcp.ts';
import { AppError } from '../../app-error.ts';
import { recordSecurityEvent, requireAccess, requireSignedIn } from './access-guard.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: a name from ENDPOINT_ACCESS (`public` is a declaration too). */
    access?: EndpointAccess;
  }
}

/** The product's API: every route under these declares its access or is not registered at all. */
const GUARDED_PREFIXES = ['/api/v1/', '/functions/v1/'];

/** Guarded like the API: the MCP server (docs/mcp.md), whose tools call the API with the caller's credentials. */
const isGuarded = (url: string) => GUARDED_PREFIXES.some((prefix) => url.startsWith(prefix)) || isMcpPath(url);

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

/**
 * An API key (docs/integrations.md) gets past this only where its scopes cover the endpoint's rule; it runs
 * before the requirement's own guard, so a name that asks only for a session never admits a key by accident.
 */
function apiKeyGuardFor(rule: ApiKeyRule): onRequestAsyncHookHandler | undefined {
  if (rule === 'unscoped') return undefined;
  return async (request: FastifyRequest) => {
    const key = request.auth?.apiKey;
    if (!key) return;
    const needed = apiKeyRuleFor(rule, request.params as Record<string, unknown>);
    if (needed === 'unscoped' || apiKeyRuleAdmits(needed, key.scopes)) return;
    await recordSecurityEvent(request, {
      userId: request.auth?.userId ?? null,
      eventType: 'PRIVILEGE_ESCALATION',
      details: {
        source: 'api',
        method: request.method,
        path: request.url.split('?')[0],
        reason: 'api_key_scope',
        apiKeyId: key.id,
        needed,
      },
    });
    throw new AppError(
      'API_KEY_SCOPE_MISSING',
      needed === 'refused'
        ? 'API keys may not call this operation: a person signs in to do it.'
        : `This API key’s scopes do not cover this operation: it needs ${describeApiKeyScopes(needed)}. Make a key with that scope under Integrations.`,
    );
  };
}

/** A route option that takes one hook or several (onRequest, onSend…), as a list to add to. */
export function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Thrown at registration: a new endpoint cannot forget its guard. */
export class UndeclaredAccessError extends Error {}

/** Thrown at registration: every endpoint an API key can reach says what scope a key needs, or that keys may not call it. */
export class UndeclaredApiKeyScopeError extends Error {}

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

/** What route registration reads: the requirement of each access name (ENDPOINT_ACCESS; tests hand in others). */
type EndpointTable = Readonly<Record<string, AccessRequirement & { apiKeyScope?: unknown }>>;

/**
 * Guarded by default: each route under /api/v1 and /functions/v1 (and /mcp) names its access in
 * `config.access`; this puts that guard first in its onRequest hooks (after the API-key scope check),
 * and refuses to register a route that names nothing (or a name ENDPOINT_ACCESS does not know), whose
 * name says nothing of API keys (`apiKeyScope`: every such route is reachable by a key), or one the
 * OpenAPI document would show without a camelCase `schema.operationId`. The document shows each
 * operation's `x-api-key-scope`. Register before any module.
 */
export function registerRouteAccess(app: FastifyInstance, table: EndpointTable = ENDPOINT_ACCESS): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isGuarded(route.url)) return;
    const name = route.config?.access;
    if (name === undefined || !Object.hasOwn(table, name)) {
      throw new UndeclaredAccessError(
        `${String(route.method)} ${route.url} declares no access: set config.access to one of ${Object.keys(table).join(', ')}.`,
      );
    }
    const requirement = table[name] as EndpointTable[string];
    const rule = requirement.apiKeyScope;
    if (!isApiKeyRule(rule)) {
      throw new UndeclaredApiKeyScopeError(
        `${String(route.method)} ${route.url} declares access '${name}', which says nothing of API keys: set apiKeyScope on ENDPOINT_ACCESS.${name} to the scopes a key needs (e.g. ['risks:read']), 'unscoped' when the call answers anyone, or 'refused' when keys may not call it.`,
      );
    }
    const operationId = documentedOperationId(route);
    if (operationId === undefined) {
      throw new UndocumentedOperationError(
        `${String(route.method)} ${route.url} is in the OpenAPI document without an operationId: set schema.operationId to a camelCase verb and noun (e.g. createPlan), or schema.hide to leave it out.`,
      );
    }
    if (operationId !== null) route.schema = { ...route.schema, 'x-api-key-scope': rule } as FastifySchema;
    const guards = [apiKeyGuardFor(rule), guardFor(requirement)].filter((guard) => guard !== undefined);
    if (guards.length > 0) route.onRequest = [...guards, ...asList(route.onRequest)];
  });
}
