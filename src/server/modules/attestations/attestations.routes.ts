import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acknowledgementReceiptSchema,
  acknowledgePolicyInputSchema,
  attestationCampaignDetailSchema,
  attestationCampaignListQuerySchema,
  attestationCampaignListSchema,
  attestationCampaignParamsSchema,
  attestationInvitationQuerySchema,
  attestationInvitationSchema,
  createAttestationCampaignInputSchema,
} from '../../../shared/schemas/attestations.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { auditOrigin } from '../../platform/audit/record-audit.ts';
import { noStore } from '../../platform/http/no-store.ts';
import { requestTenant } from '../../platform/tenancy/tenant.ts';
import { acknowledgePolicy, getAttestationInvitation } from './attestation-public.ts';
import { createAttestationCampaign, getAttestationCampaign, listAttestationCampaigns } from './attestations.service.ts';

/**
 * The person's side has no account, so its limit is per address: a whole office behind one address
 * acknowledges in the same few minutes, so it is generous; a token (256 random bits) is not guessable anyway.
 */
const PUBLIC_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

/** /api/v1/attestation-campaigns… (the workspace) and /api/v1/attestation… (the person's link), docs/policies.md. */
export function registerAttestationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['attestations'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/v1/attestation-campaigns',
    {
      config: { access: 'readPolicies' },
      schema: {
        ...tags,
        operationId: 'listAttestationCampaigns',
        summary: 'Lists the organization’s attestation campaigns, newest first, with their completion',
        querystring: attestationCampaignListQuerySchema,
        response: { 200: attestationCampaignListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listAttestationCampaigns(await requestTenant(request), request.query)),
  );

  api.post(
    '/api/v1/attestation-campaigns',
    {
      config: { access: 'writeAttestations', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        ...tags,
        operationId: 'createAttestationCampaign',
        summary:
          'Starts a campaign: the chosen policies (at their current version) to the active people (everyone or by department), each e-mailed an expiring personal link; reminders follow on the schedule',
        body: createAttestationCampaignInputSchema,
        response: { 201: attestationCampaignDetailSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(
          await createAttestationCampaign(
            await requestTenant(request),
            app.jobs,
            { userId: requireUser(request).userId, siteOrigin: app.publicOrigin(request) },
            request.body,
          ),
        ),
  );

  api.get(
    '/api/v1/attestation-campaigns/:campaignId',
    {
      config: { access: 'readPolicies' },
      schema: {
        ...tags,
        operationId: 'getAttestationCampaign',
        summary: 'One campaign: completion overall, per policy (with the evidence produced) and per department, and each person',
        params: attestationCampaignParamsSchema,
        response: { 200: attestationCampaignDetailSchema },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await getAttestationCampaign(await requestTenant(request), request.params.campaignId)),
  );

  api.get(
    '/api/v1/attestation',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags: ['attestations'],
        operationId: 'getAttestationInvitation',
        summary: 'The person’s side (no account): what their link asks them to read, with what they acknowledged already',
        querystring: attestationInvitationQuerySchema,
        response: { 200: attestationInvitationSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getAttestationInvitation(app.database.db, request.query.token)),
  );

  api.post(
    '/api/v1/attestation/acknowledgements',
    {
      config: { access: 'public', rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags: ['attestations'],
        operationId: 'acknowledgePolicy',
        summary: 'The person acknowledges one policy of their campaign at the version shown (again: the first acknowledgement’s receipt)',
        body: acknowledgePolicyInputSchema,
        response: { 200: acknowledgementReceiptSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await acknowledgePolicy(app.database.db, request.body, auditOrigin(request))),
  );
}
