import { z } from 'zod';
import { type CapabilityFlags, hasMinimumRole, type Permission, type Role, type UserType } from '../permissions.ts';
import { API_KEY_ACCESS, API_KEY_AREAS, type ApiKeyAccess, type ApiKeyArea } from '../api-key-scopes.ts';
import { DOMAIN_EVENT_TYPES } from './domain-events.ts';

/** Integrations (docs/integrations.md): API keys, outgoing webhooks, Slack and Microsoft Teams. */

/**
 * Who manages an organization's API keys and webhooks (docs/integrations.md): staff with
 * is_integration_admin, or a client's own client_manager (capability flags are staff-only), and never
 * below the client_manager rank (ENDPOINT_ACCESS.manageIntegrations). The server decides with this; the
 * screen uses it to show the tools or say who to ask.
 */
export function isIntegrationAdmin(access: { userType: UserType; roles: readonly Role[]; capabilities: CapabilityFlags }): boolean {
  if (!hasMinimumRole(access.roles, 'client_manager')) return false;
  return access.capabilities.is_integration_admin || (access.userType === 'client' && access.roles.includes('client_manager'));
}

export const API_KEY_AREA_LABELS: Record<ApiKeyArea, string> = {
  tasks: 'Task requests',
  deliverables: 'Deliverables',
  evidence: 'Evidence',
  programme: 'Frameworks and controls',
  risks: 'Risks',
  vendors: 'Vendors',
  policies: 'Policies and attestations',
  people: 'People roster',
};

/** The permissions each area's read and write grant (a key never holds more than the person who made it). */
export const API_KEY_AREA_PERMISSIONS: Record<ApiKeyArea, { read: readonly Permission[]; write: readonly Permission[] }> = {
  tasks: { read: ['tasks:read', 'outputs:read'], write: ['tasks:create'] },
  deliverables: { read: ['deliverables:read'], write: [] },
  evidence: { read: ['evidence:read'], write: ['evidence:write'] },
  programme: { read: ['frameworks:read', 'questionnaires:read'], write: ['frameworks:manage', 'controls:write', 'questionnaires:write'] },
  risks: { read: ['risks:read'], write: ['risks:write'] },
  vendors: { read: ['vendors:read'], write: ['vendors:write'] },
  policies: { read: ['policies:read'], write: ['policies:write'] },
  people: { read: ['people:read'], write: ['people:write'] },
};

export const apiKeyScopesSchema = z.object(
  Object.fromEntries(API_KEY_AREAS.map((area) => [area, z.enum(API_KEY_ACCESS).default('none')])) as Record<
    ApiKeyArea,
    z.ZodDefault<z.ZodEnum<{ none: 'none'; read: 'read'; read_write: 'read_write' }>>
  >,
);
export type ApiKeyScopes = z.output<typeof apiKeyScopesSchema>;

export function permissionsOfScopes(scopes: Partial<Record<ApiKeyArea, ApiKeyAccess>>): Permission[] {
  return API_KEY_AREAS.flatMap((area) => {
    const access = scopes[area] ?? 'none';
    const { read, write } = API_KEY_AREA_PERMISSIONS[area];
    return access === 'none' ? [] : access === 'read' ? [...read] : [...read, ...write];
  });
}

const isoDateTime = z.iso.datetime({ offset: true });

export const createApiKeyInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  name: z.string({ error: 'Name the key' }).trim().min(2, 'At least 2 characters').max(100, 'At most 100 characters'),
  scopes: apiKeyScopesSchema,
  /** Days until it stops working (1 to 730); none: until revoked. */
  expiresInDays: z.coerce.number().int().min(1, 'At least 1 day').max(730, 'At most 730 days').nullable().default(90),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  /** The first characters, to recognise a key (never the secret). */
  prefix: z.string(),
  scopes: apiKeyScopesSchema,
  createdBy: z.uuid(),
  expiresAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to createApiKey: the only time the secret is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export const integrationsQuerySchema = z.object({ organizationId: z.uuid('Not an organization id').optional() });
export const apiKeyParamsSchema = z.object({ apiKeyId: z.uuid('No such API key') });

// Outgoing webhooks.
export const WEBHOOK_KINDS = ['webhook', 'slack', 'teams'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  webhook: 'Signed webhook (JSON)',
  slack: 'Slack incoming webhook',
  teams: 'Microsoft Teams incoming webhook',
};
/** Consecutive failed deliveries (each after its retries) that disable a subscription. */
export const WEBHOOK_DISABLE_AFTER = 5;

export const createWebhookInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  kind: z.enum(WEBHOOK_KINDS, 'Choose a kind').default('webhook'),
  url: z.url({ protocol: /^https?$/, error: 'Enter a full https:// address' }).max(2000, 'At most 2000 characters'),
  description: z.string().trim().max(200).default(''),
  events: z.array(z.enum(DOMAIN_EVENT_TYPES)).min(1, 'Choose at least one event').max(DOMAIN_EVENT_TYPES.length),
});
export type CreateWebhookInput = z.input<typeof createWebhookInputSchema>;

export const webhookSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  kind: z.enum(WEBHOOK_KINDS),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(DOMAIN_EVENT_TYPES)),
  enabled: z.boolean(),
  consecutiveFailures: z.number().int(),
  disabledAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Webhook = z.infer<typeof webhookSchema>;
/** The answer to createWebhook: the signing secret, shown once (signed webhooks only). */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string().nullable() });
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookParamsSchema = z.object({ webhookId: z.uuid('No such webhook') });
export const updateWebhookInputSchema = z.object({ enabled: z.boolean() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  eventType: z.enum(DOMAIN_EVENT_TYPES),
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  deliveredAt: isoDateTime.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({ deliveryId: z.uuid('No such delivery') });
