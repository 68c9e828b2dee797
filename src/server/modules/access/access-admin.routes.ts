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
import { adminDeleteUser, adminInviteUser } from '../auth/admin/admin.service.ts';
import type { AuthDeps } from '../auth/context.ts';
import { GoTrueError } from '../auth/gotrue-errors.ts';
import { linkTarget } from '../auth/route-schemas.ts';
import { auditOrigin, recordAudit } from '../audit/record-audit.ts';
import { getRequestAccess } from './access-guard.ts';
import {
  getUser,
  listSecurityEvents,
  listUsers,
  readRolePermissionMatrix,
  replaceUserAccess,
  updateRolePermissions,
  updateUserAccess,
} from './access-admin.service.ts';

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
export function registerAccessAdminRoutes(app: FastifyInstance, authDeps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { access: 'administer' } as const;
  const db = app.database.db;
  const noStore = { 'cache-control': 'no-store' };

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
      let invitedId: string;
      try {
        const invited = await adminInviteUser(authDeps, { email }, linkTarget(authDeps, request, INVITE_LANDING), async (tx, userId) => {
          await replaceUserAccess(tx, { ...access, userId });
          await recordAudit(tx, {
            ...auditOrigin(request),
            organizationId: null,
            action: 'user.invite',
            entityType: 'user',
            entityId: userId,
            after: { email, ...access },
          });
        });
        invitedId = invited.user.id;
      } catch (error) {
        if (error instanceof GoTrueError && error.code === 'email_exists') {
          throw new AppError(
            'CONFLICT',
            'Someone with this email address already has an account. Find them in the list to change their access.',
          );
        }
        throw error;
      }
      const user = await getUser(db, invitedId);
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
      try {
        await adminDeleteUser(authDeps, request.params.userId);
      } catch (error) {
        if (error instanceof GoTrueError && error.status === 404) throw new AppError('NOT_FOUND', 'No user has this id.');
        throw error;
      }
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
