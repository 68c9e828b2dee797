import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  rolePermissionMatrixSchema,
  securityEventListQuerySchema,
  securityEventListSchema,
  updateRolePermissionsInputSchema,
  updateUserAccessInputSchema,
} from '../../../shared/schemas/access.ts';
import { accessPreHandler, requireAccess } from './access-guard.ts';
import {
  getUser,
  listSecurityEvents,
  listUsers,
  readRolePermissionMatrix,
  updateRolePermissions,
  updateUserAccess,
} from './access-admin.service.ts';

const userParams = z.object({ userId: z.uuid('Not a user id') });

/** /api/v1/admin/…: administrators only (spec §6 adminOnly), checked before any handler runs. */
export function registerAccessAdminRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = accessPreHandler({ authenticated: true, adminOnly: true });
  const db = app.database.db;
  const noStore = { 'cache-control': 'no-store' };

  api.get(
    '/api/v1/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Users with their type, roles, capability flags and access scopes',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listUsers(db, request.query)),
  );

  api.get(
    '/api/v1/admin/users/:userId',
    {
      onRequest: adminOnly,
      schema: { tags: ['admin'], summary: 'One user’s access', params: userParams, response: { 200: adminUserSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await getUser(db, request.params.userId)),
  );

  api.put(
    '/api/v1/admin/users/:userId/access',
    {
      onRequest: adminOnly,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Replaces a user’s type, roles with their flags, and access scopes',
        params: userParams,
        body: updateUserAccessInputSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const { user } = await requireAccess(request, { adminOnly: true });
      const updated = await updateUserAccess(db, { ...request.body, userId: request.params.userId, actorId: user.userId });
      request.log.info({ actorId: user.userId, userId: request.params.userId, roles: request.body.roles }, 'user access changed');
      return updated;
    },
  );

  api.get(
    '/api/v1/admin/role-permissions',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Permissions ordered by category, and the permissions each role holds',
        response: { 200: rolePermissionMatrixSchema },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(await readRolePermissionMatrix(db)),
  );

  api.put(
    '/api/v1/admin/role-permissions',
    {
      onRequest: adminOnly,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Replaces the permission set of each role given',
        body: updateRolePermissionsInputSchema,
        response: { 200: rolePermissionMatrixSchema },
      },
    },
    async (request) => {
      const { user } = await requireAccess(request, { adminOnly: true });
      const matrix = await updateRolePermissions(db, request.body);
      request.log.info({ actorId: user.userId, roles: Object.keys(request.body.matrix) }, 'role permissions changed');
      return matrix;
    },
  );

  api.get(
    '/api/v1/admin/security-events',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Security events, newest first',
        querystring: securityEventListQuerySchema,
        response: { 200: securityEventListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listSecurityEvents(db, request.query)),
  );
}
