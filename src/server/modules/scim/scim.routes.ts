import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { tenantOf } from '../../platform/tenancy/tenant.ts';
import type { ScimContext } from './scim-context.ts';
import { listOf, resourceTypeDocuments, schemaDocuments, serviceProviderConfig } from './scim-discovery.ts';
import { ScimError, scimErrorBody } from './scim-errors.ts';
import { createScimGroup, deleteScimGroup, getScimGroup, listScimGroups, patchScimGroup, replaceScimGroup } from './scim-groups.ts';
import type { ListQuery } from './scim-list.ts';
import { authenticateScimToken } from './scim-tokens.ts';
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, patchScimUser, replaceScimUser } from './scim-users.ts';

/**
 * /scim/v2 (RFC 7644; docs/scim.md): an encapsulated scope with SCIM's content type, its bearer token
 * per organization, and its own error format for everything that fails inside it, including the
 * framework's own 4xx (malformed JSON, body too large, rate limit) and unknown paths. Outside /api, so
 * neither the workspace's access table nor its OpenAPI document covers it: the discovery endpoints
 * describe it instead.
 */

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
export const SCIM_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

declare module 'fastify' {
  interface FastifyRequest {
    scim?: ScimContext;
  }
}

const scimBase = (app: FastifyInstance, request: FastifyRequest) => new URL('/scim/v2', app.publicOrigin(request)).toString();

function sendError(reply: FastifyReply, status: number, detail: string, scimType?: ScimError['scimType']) {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
  return reply
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .send(scimErrorBody(status, detail, scimType));
}

function handleError(error: FastifyError | AppError | ScimError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ScimError) return sendError(reply, error.status, error.message, error.scimType);
  if (error instanceof AppError) {
    // The people module's refusals, in SCIM's words: a taken address is `uniqueness`, a bad manager `invalidValue`.
    if (error.code === 'PERSON_EMAIL_TAKEN') return sendError(reply, 409, error.message, 'uniqueness');
    const detail = error.issues?.map((issue) => issue.message).join('; ') || error.message;
    return sendError(reply, error.status, detail, error.status === 400 ? 'invalidValue' : undefined);
  }
  if (isUniqueViolation(error))
    return sendError(reply, 409, 'Another resource holds this value (userName, e-mail or displayName).', 'uniqueness');
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'SCIM request failed');
    return sendError(reply, 500, 'Something went wrong on our side.');
  }
  const detail = status === 429 ? 'Too many requests: slow down and retry.' : error.message;
  return sendError(reply, status, detail, status === 400 ? 'invalidSyntax' : undefined);
}

/** The token's organization as the request's SCIM context; 401 in SCIM's format without a current token. */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const identity = match?.[1] ? await authenticateScimToken(app.database.db, match[1]) : null;
  if (!identity) throw new ScimError(401, 'Send the organization’s current SCIM token as a bearer token.');
  const origin = { ...auditOrigin(request), actor: null };
  const scope = { kind: 'member', userId: identity.createdBy ?? NIL_UUID, organizationId: identity.organizationId } as const;
  request.scim = {
    organizationId: identity.organizationId,
    tenant: tenantOf(app.database.db, scope, origin),
    origin,
    baseUrl: scimBase(app, request),
    now: new Date(),
    jobs: app.jobs,
  };
}

function contextOf(request: FastifyRequest): ScimContext {
  if (!request.scim) throw new ScimError(401, 'Send the organization’s current SCIM token as a bearer token.');
  return request.scim;
}

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
type ListRequest = FastifyRequest<{ Querystring: ListQuery }>;

interface ResourceHandlers {
  list: (context: ScimContext, query: ListQuery) => Promise<unknown>;
  get: (context: ScimContext, id: string) => Promise<Record<string, unknown>>;
  create: (context: ScimContext, body: unknown) => Promise<Record<string, unknown> & { id: string }>;
  replace: (context: ScimContext, id: string, body: unknown) => Promise<Record<string, unknown>>;
  patch: (context: ScimContext, id: string, body: unknown) => Promise<Record<string, unknown>>;
  remove: (context: ScimContext, id: string) => Promise<void>;
}

function registerResource(scope: FastifyInstance, endpoint: string, handlers: ResourceHandlers): void {
  const config = { rateLimit: SCIM_RATE_LIMIT };
  const schema = { hide: true };
  const preHandler = async (request: FastifyRequest) => authenticate(scope, request);
  const send = (reply: FastifyReply, body: unknown, status = 200) => reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
  scope.get(endpoint, { config, schema, preHandler }, async (request: ListRequest, reply) =>
    send(reply, await handlers.list(contextOf(request), request.query)),
  );
  scope.post(endpoint, { config, schema, preHandler }, async (request, reply) => {
    const created = await handlers.create(contextOf(request), request.body);
    reply.header('location', `${contextOf(request).baseUrl}${endpoint}/${created.id}`);
    return send(reply, created, 201);
  });
  scope.get(`${endpoint}/:id`, { config, schema, preHandler }, async (request: IdRequest, reply) =>
    send(reply, await handlers.get(contextOf(request), request.params.id)),
  );
  scope.put(`${endpoint}/:id`, { config, schema, preHandler }, async (request: IdRequest, reply) =>
    send(reply, await handlers.replace(contextOf(request), request.params.id, request.body)),
  );
  scope.patch(`${endpoint}/:id`, { config, schema, preHandler }, async (request: IdRequest, reply) =>
    send(reply, await handlers.patch(contextOf(request), request.params.id, request.body)),
  );
  scope.delete(`${endpoint}/:id`, { config, schema, preHandler }, async (request: IdRequest, reply) => {
    await handlers.remove(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
}

function registerDiscovery(scope: FastifyInstance): void {
  const options = { config: { rateLimit: SCIM_RATE_LIMIT }, schema: { hide: true } };
  const send = (reply: FastifyReply, body: unknown) => reply.type(SCIM_CONTENT_TYPE).send(body);
  const one = <T extends { id: string }>(documents: T[], id: string, kind: string): T => {
    const found = documents.find((document) => document.id.toLowerCase() === id.toLowerCase());
    if (!found) throw new ScimError(404, `No such ${kind}: ${id}.`);
    return found;
  };
  scope.get('/ServiceProviderConfig', options, async (request, reply) => send(reply, serviceProviderConfig(scimBase(scope, request))));
  scope.get('/Schemas', options, async (request, reply) => send(reply, listOf(schemaDocuments(scimBase(scope, request)))));
  scope.get('/Schemas/:id', options, async (request: IdRequest, reply) =>
    send(reply, one(schemaDocuments(scimBase(scope, request)), request.params.id, 'schema')),
  );
  scope.get('/ResourceTypes', options, async (request, reply) => send(reply, listOf(resourceTypeDocuments(scimBase(scope, request)))));
  scope.get('/ResourceTypes/:id', options, async (request: IdRequest, reply) =>
    send(reply, one(resourceTypeDocuments(scimBase(scope, request)), request.params.id, 'resource type')),
  );
}

export function registerScimRoutes(app: FastifyInstance): void {
  void app.register(
    async (scope) => {
      scope.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, body === '' ? undefined : (JSON.parse(String(body)) as unknown));
        } catch {
          done(new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax'), undefined);
        }
      });
      scope.setErrorHandler(handleError);
      scope.setNotFoundHandler((request, reply) =>
        sendError(reply, 404, `No SCIM endpoint ${request.method} ${request.url.split('?')[0]}.`),
      );
      registerDiscovery(scope);
      registerResource(scope, '/Users', {
        list: listScimUsers,
        get: getScimUser,
        create: createScimUser,
        replace: replaceScimUser,
        patch: patchScimUser,
        remove: deleteScimUser,
      });
      registerResource(scope, '/Groups', {
        list: listScimGroups,
        get: getScimGroup,
        create: createScimGroup,
        replace: replaceScimGroup,
        patch: patchScimGroup,
        remove: deleteScimGroup,
      });
    },
    { prefix: '/scim/v2' },
  );
}
