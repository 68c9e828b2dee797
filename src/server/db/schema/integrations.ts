import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DomainEvent, DomainEventType } from '../../../shared/schemas/domain-events.ts';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_KINDS, type ApiKeyScopes } from '../../../shared/schemas/integrations.ts';
import { organizations } from './organizations.ts';

/** An organization's API key (docs/integrations.md): only its SHA-256 is stored. Tenant table (RLS). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `cck_` and 8 characters: how the key is looked up and recognised. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScopes>().notNull(),
    /** The key acts as this person, narrowed to its organization and scopes. */
    createdBy: uuid('created_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('api_keys_prefix_key').on(table.prefix), index('api_keys_org_idx').on(table.organizationId)],
);

/** A subscription of a URL (signed webhook, Slack, Teams) to domain events. Tenant table (RLS). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WEBHOOK_KINDS }).notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<DomainEventType[]>().notNull(),
    /** The HMAC secret of signed webhooks (the receiver holds it too); null for Slack and Teams. */
    secret: text('secret'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhooks_org_idx').on(table.organizationId)],
);

/** One event sent to one subscription: its attempts and the last answer (the delivery log). Tenant table (RLS). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').$type<DomainEventType>().notNull(),
    event: jsonb('event').$type<DomainEvent>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One delivery per event and subscription, however often the domain-event job is retried.
    uniqueIndex('webhook_deliveries_event_key').on(table.webhookId, table.eventId),
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt),
  ],
);
