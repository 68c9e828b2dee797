import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteMemberInputSchema,
  organizationMemberListSchema,
  organizationMemberParamsSchema,
  organizationParamsSchema,
} from '../../../shared/schemas/organizations.ts';
import { AppError } from '../../app-error.ts';
import { invitationIntro } from '../access/invitation-words.ts';
import { adminInviteUser } from '../auth/admin/admin.service.ts';
import type { AuthDeps } from '../auth/context.ts';
import { GoTrueError } from '../auth/gotrue-errors.ts';
import { linkTarget } from '../auth/route-schemas.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { addInvitedMember, assertMemberManager, listOrganizationMembers, removeOrganizationMember } from './organization-members.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** Where the invitation link lands: the profile, where the colleague chooses a password. */
const INVITE_LANDING = '/profile';

/** /api/v1/organizations/:organizationId/members…: the client's people and the team that serves them (docs/organizations.md). */
export function registerOrganizationMemberRoutes(app: FastifyInstance, authDeps: AuthDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['organizations'], security: [{ bearerAuth: [] }] };
  const manage = { access: 'manageMembers', rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/organizations/:organizationId/members',
    {
      config: { access: 'signedIn' },
      schema: {
        ...tags,
        operationId: 'listOrganizationMembers',
        summary: 'The organization’s members (pending invitations marked) and the staff who work on the account',
        params: organizationParamsSchema,
        response: { 200: organizationMemberListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await listOrganizationMembers(await requestTenant(request), request.params.organizationId)),
  );

  api.post(
    '/api/v1/organizations/:organizationId/members',
    {
      config: manage,
      schema: {
        ...tags,
        operationId: 'inviteMember',
        summary: 'Invites a colleague by e-mail to the organization (a client account; emits member.added)',
        params: organizationParamsSchema,
        body: inviteMemberInputSchema,
        response: { 201: organizationMemberListSchema },
      },
    },
    async (request, reply) => {
      const tenant = await requestTenant(request);
      const { organizationId } = request.params;
      const organization = await assertMemberManager(tenant, organizationId);
      // The e-mail says who invited the colleague, and to which organization.
      const intro = await invitationIntro(app.database.db, {
        inviterId: tenant.scope.userId,
        target: { kind: 'organization', organizationName: organization.name },
      });
      try {
        await adminInviteUser(
          authDeps,
          { email: request.body.email },
          linkTarget(authDeps, request, INVITE_LANDING),
          (tx, userId) => addInvitedMember(tx, app.jobs, { organizationId, userId, origin: auditOrigin(request) }),
          { intro },
        );
      } catch (error) {
        if (error instanceof GoTrueError && error.code === 'email_exists') {
          throw new AppError('CONFLICT', 'Someone with this e-mail address already has an account. Ask our team to add them.');
        }
        throw error;
      }
      return reply
        .code(201)
        .headers(noStore)
        .send(await listOrganizationMembers(tenant, organizationId));
    },
  );

  api.delete(
    '/api/v1/organizations/:organizationId/members/:memberId',
    {
      config: manage,
      schema: {
        ...tags,
        operationId: 'removeMember',
        summary: 'Removes a colleague from the organization (their account stays; the owner and oneself cannot be removed)',
        params: organizationMemberParamsSchema,
        response: { 204: z.undefined().describe('The member is removed') },
      },
    },
    async (request, reply) => {
      await removeOrganizationMember(await requestTenant(request), request.params);
      return reply.code(204).send();
    },
  );
}
