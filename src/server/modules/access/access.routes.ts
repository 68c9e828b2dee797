import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkAccess } from '../../../shared/permissions.ts';
import { accessDenialInputSchema, accessDenialResultSchema, meAccessSchema } from '../../../shared/schemas/access.ts';
import { getRequestAccess, storeSecurityEvent } from '../../platform/access/access-guard.ts';
import type { AuthDeps } from '../auth/context.ts';
import { registerAccessAdminRoutes } from './access-admin.routes.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** The signed-in user's own access (product.md §7 reads) and the web guard's denial reports. */
export function registerAccessRoutes(app: FastifyInstance, authDeps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/me/access',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['access'],
        operationId: 'getMyAccess',
        summary: 'The signed-in user’s type, roles, capability flags, permissions and access scopes',
        response: { 200: meAccessSchema },
      },
    },
    async (request, reply) => {
      const access = await getRequestAccess(request);
      reply.headers(noStore);
      return {
        userId: access.user.userId,
        email: access.user.email ?? '',
        userType: access.userType,
        roles: access.roles,
        primaryRole: access.primaryRole,
        capabilities: access.capabilities,
        permissions: [...access.permissions].sort(),
        scopes: access.scopes.map((scope) => ({
          business_unit: scope.business_unit ?? null,
          region: scope.region ?? null,
          framework: scope.framework ?? null,
          environment: scope.environment ?? null,
          data_classification: scope.data_classification ?? null,
          is_active: scope.is_active,
        })),
      };
    },
  );

  api.post(
    '/api/v1/me/access-denials',
    {
      config: { access: 'signedIn', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['access'],
        operationId: 'reportAccessDenied',
        summary: 'Records a PRIVILEGE_ESCALATION event when the web route guard turns the user away',
        body: accessDenialInputSchema,
        response: { 201: accessDenialResultSchema },
      },
    },
    async (request, reply) => {
      const access = await getRequestAccess(request);
      const { path, requirement, reason } = request.body;
      const confirmedByServer = !checkAccess(access, requirement).allowed;
      // The caller is told "logged": so the event is stored, or the request fails (never a silent 201).
      await storeSecurityEvent(request, {
        userId: access.user.userId,
        eventType: 'PRIVILEGE_ESCALATION',
        details: { source: 'web', path, reason, requirement, roles: access.roles, confirmedByServer },
      });
      return reply.status(201).send({ logged: true as const, confirmedByServer });
    },
  );

  registerAccessAdminRoutes(app, authDeps);
}
