import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  inviteUserInputSchema,
  rolePermissionMatrixSchema,
  securityEventListQuerySchema,
  securityEventListSchema,
  updateRolePermissionsInputSchema,
  updateUserAccessInputSchema,
} from '../../../shared/schemas/access.ts';
import { AppError } from '../../app-error.ts';
import type { AuthDeps } from '../auth/context.ts';
import { linkTarget } from '../auth/route-schemas.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { getRequestAccess } from '../../platform/access/access-guard.ts';
import {
  deleteUser,
  getUser,
  listSecurityEvents,
  listUsers,
  readRolePermissionMatrix,
  updateRolePermissions,
  updateUserAccess,
} from './access-admin.service.ts';
import { inviteStaffUser } from './invite-staff-user.ts';
import { noStore } from '../../platform/http/no-store.ts';

const userParams = z.object({ userId: z.uuid('Not a user id') });

/** Where an invitation link lands: the profile, where the new user chooses a password. */
const INVITE_LANDING = '/profile';

/**
 * Who acted, for the log and the self-lockout checks: the administrator the route guard admitted,
 * or null for the service-role key (`npm run user:create`, back-office scripts), which is nobody's account.
 */
async function actingAdministrator(request: FastifyRequest): Promise<string | null> {
  if (request.auth?.role === 'service_role') return null;
  const { user } = await getRequestAccess(request);
  return user.userId;
}

/** /api/v1/admin/…: administrators (or the service-role key) only, checked before any handler runs. */
// eslint-disable-next-line max-lines-per-function -- the module's route table (8 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerAccessAdminRoutes(app: FastifyInstance, authDeps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { access: 'administer' } as const;
  const db = app.database.db;

  api.get(
    '/api/v1/admin/users',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        operationId: 'listUsers',
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
      config: adminOnly,
      schema: {
        tags: ['admin'],
        operationId: 'getUserAccess',
        summary: 'One user’s access',
        params: userParams,
        response: { 200: adminUserSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getUser(db, request.params.userId)),
  );

  api.put(
    '/api/v1/admin/users/:userId/access',
    {
      config: { ...adminOnly, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        operationId: 'replaceUserAccess',
        summary: 'Replaces a user’s type, roles with their flags, and access scopes',
        params: userParams,
        body: updateUserAccessInputSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const actorId = await actingAdministrator(request);
      const updated = await updateUserAccess(db, { ...request.body, userId: request.params.userId, actorId, origin: auditOrigin(request) });
      request.log.info({ actorId, userId: request.params.userId, roles: request.body.roles }, 'user access changed');
      return updated;
    },
  );

  api.post(
    '/api/v1/admin/users',
    {
      config: { ...adminOnly, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        operationId: 'inviteUser',
        summary: 'Invites a person by e-mail (POST /auth/v1/invite) with the type, roles and scopes they start with',
        body: inviteUserInputSchema,
        response: { 201: adminUserSchema },
      },
    },
    async (request, reply) => {
      const actorId = await actingAdministrator(request);
      const { email, ...access } = request.body;
      const user = await inviteStaffUser(db, authDeps, {
        actorId,
        email,
        access,
        target: linkTarget(authDeps, request, INVITE_LANDING),
        origin: auditOrigin(request),
      });
      request.log.info({ actorId, userId: user.userId, roles: access.roles }, 'user invited');
      return reply.status(201).send(user);
    },
  );

  api.delete(
    '/api/v1/admin/users/:userId',
    {
      config: { ...adminOnly, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        operationId: 'deleteUser',
        summary: 'Deletes a user (DELETE /auth/v1/admin/users/{id}): their sign-in, sessions, roles and scopes',
        params: userParams,
        response: { 204: z.undefined().describe('The user is deleted') },
      },
    },
    async (request, reply) => {
      const actorId = await actingAdministrator(request);
      if (actorId === request.params.userId)
        throw new AppError('CONFLICT', 'You cannot delete your own account. Ask another administrator.');
      await deleteUser(db, request.params.userId, auditOrigin(request));
      request.log.info({ actorId, userId: request.params.userId }, 'user deleted');
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/v1/admin/role-permissions',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        operationId: 'getRolePermissions',
        summary: 'Permissions ordered by category, and the permissions each role holds',
        response: { 200: rolePermissionMatrixSchema },
      },
    },
    async (_request, reply) => reply.headers(noStore).send(await readRolePermissionMatrix(db)),
  );

  api.put(
    '/api/v1/admin/role-permissions',
    {
      config: { ...adminOnly, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        operationId: 'replaceRolePermissions',
        summary: 'Replaces the permission set of each role given',
        body: updateRolePermissionsInputSchema,
        response: { 200: rolePermissionMatrixSchema },
      },
    },
    async (request) => {
      const actorId = await actingAdministrator(request);
      const matrix = await updateRolePermissions(db, request.body, auditOrigin(request));
      request.log.info({ actorId, roles: Object.keys(request.body.matrix) }, 'role permissions changed');
      return matrix;
    },
  );

  api.get(
    '/api/v1/admin/security-events',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        operationId: 'listSecurityEvents',
        summary: 'Security events, newest first',
        querystring: securityEventListQuerySchema,
        response: { 200: securityEventListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listSecurityEvents(db, request.query)),
  );
}
