import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignStaffInputSchema,
  createOrganizationInputSchema,
  myOrganizationsSchema,
  organizationListQuerySchema,
  organizationListSchema,
  organizationParamsSchema,
  organizationSchema,
  staffAssignmentListSchema,
  staffAssignmentParamsSchema,
  staffAssignmentSchema,
} from '../../../shared/schemas/organizations.ts';
import {
  assignStaff,
  createOrganization,
  getMyOrganizations,
  getOrganization,
  listOrganizations,
  listStaffAssignments,
  unassignStaff,
} from './organizations.service.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** The administrator who acted; null for the service-role key, which is nobody's account. */
const actorOf = (request: FastifyRequest): string | null => (request.auth?.role === 'authenticated' ? request.auth.userId : null);

/**
 * /api/v1/admin/organizations…: administrators create organizations and assign staff to them.
 * /api/v1/organizations…: any signed-in user reads the organizations their tenancy reaches.
 * Every handler goes through the tenant guard (docs/tenancy.md).
 */
// eslint-disable-next-line max-lines-per-function -- the module's route table (7 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerOrganizationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { access: 'administer' } as const;
  const adminWrite = { ...adminOnly, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
  // Administrators everywhere; project managers in the organizations they serve (the tenant guard decides where).
  const staffing = { access: 'manageStaffAssignments' } as const;
  const staffingWrite = { ...staffing, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

  api.get(
    '/api/v1/admin/organizations',
    {
      config: staffing,
      schema: {
        tags: ['admin'],
        operationId: 'listOrganizations',
        summary: 'Client organizations with their member and assigned-staff counts',
        querystring: organizationListQuerySchema,
        response: { 200: organizationListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listOrganizations(await requestTenant(request), request.query)),
  );

  api.post(
    '/api/v1/admin/organizations',
    {
      config: adminWrite,
      schema: {
        tags: ['admin'],
        operationId: 'createOrganization',
        summary: 'Creates a client organization',
        body: createOrganizationInputSchema,
        response: { 201: organizationSchema },
      },
    },
    async (request, reply) => {
      const organization = await createOrganization(await requestTenant(request), request.body);
      request.log.info({ actorId: actorOf(request), organizationId: organization.id }, 'organization created');
      return reply.code(201).send(organization);
    },
  );

  api.get(
    '/api/v1/admin/organizations/:organizationId/staff',
    {
      config: staffing,
      schema: {
        tags: ['admin'],
        operationId: 'listStaffAssignments',
        summary: 'The staff assigned to an organization, with their engagement roles',
        params: organizationParamsSchema,
        response: { 200: staffAssignmentListSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ assignments: await listStaffAssignments(await requestTenant(request), request.params.organizationId) }),
  );

  api.post(
    '/api/v1/admin/organizations/:organizationId/staff',
    {
      config: staffingWrite,
      schema: {
        tags: ['admin'],
        operationId: 'assignStaff',
        summary: 'Assigns a staff member to an organization in an engagement role',
        params: organizationParamsSchema,
        body: assignStaffInputSchema,
        response: { 201: staffAssignmentSchema },
      },
    },
    async (request, reply) => {
      const actorId = actorOf(request);
      const assignment = await assignStaff(await requestTenant(request), {
        ...request.body,
        organizationId: request.params.organizationId,
        actorId,
      });
      request.log.info({ actorId, assignmentId: assignment.id, organizationId: assignment.organizationId }, 'staff assigned');
      return reply.code(201).send(assignment);
    },
  );

  api.delete(
    '/api/v1/admin/organizations/:organizationId/staff/:assignmentId',
    {
      config: staffingWrite,
      schema: {
        tags: ['admin'],
        operationId: 'unassignStaff',
        summary: 'Removes a staff member’s assignment to an organization',
        params: staffAssignmentParamsSchema,
        response: { 204: z.undefined().describe('The assignment is removed') },
      },
    },
    async (request, reply) => {
      await unassignStaff(await requestTenant(request), request.params);
      request.log.info({ actorId: actorOf(request), ...request.params }, 'staff unassigned');
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/v1/organizations/mine',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['organizations'],
        operationId: 'getMyOrganizations',
        summary: 'The organizations the signed-in user reaches: their own, those they are assigned to, or all for administrators',
        response: { 200: myOrganizationsSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getMyOrganizations(await requestTenant(request))),
  );

  api.get(
    '/api/v1/organizations/:organizationId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['organizations'],
        operationId: 'getOrganization',
        summary: 'One organization the signed-in user reaches; any other is 404',
        params: organizationParamsSchema,
        response: { 200: organizationSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getOrganization(await requestTenant(request), request.params.organizationId)),
  );
}
