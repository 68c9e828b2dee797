import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (docs/audit.md). Append-only at the database: triggers refuse UPDATE, DELETE and
 * TRUNCATE (migration 0022). Each organization has its own hash chain (organization null: the global
 * chain of security events nobody's organization owns); a BEFORE INSERT trigger assigns `seq`,
 * `prev_hash` and `hash`, so whatever inserts a row, the row is chained. No foreign key to
 * organizations: the trail outlives what it records.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    /** Set by the trigger: the organization id as text, or 'global'. */
    chain: text('chain').notNull().default(''),
    /** Set by the trigger: 1, 2, 3 … within the chain. */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The user who acted; null for the system (jobs, workers, the database). */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The API key the actor acted through, when one did (docs/integrations.md, docs/mcp.md): set by a trigger
     * from the tenant transaction's settings, with the key's name as it was then, so the trail names it
     * even after the key is revoked. Part of the hash only when set (older rows keep their hashes).
     */
    apiKeyId: uuid('api_key_id'),
    apiKeyName: text('api_key_name'),
    /** Set by the trigger: the previous row's hash (64 zeros for the first row of a chain). */
    prevHash: text('prev_hash').notNull().default(''),
    /** Set by the trigger: SHA-256 (hex) over the row's canonical serialisation, prev_hash included. */
    hash: text('hash').notNull().default(''),
  },
  (table) => [
    uniqueIndex('audit_events_chain_seq').on(table.chain, table.seq),
    index('audit_events_org_time_idx').on(table.organizationId, table.occurredAt),
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
  ],
);

/**
 * The head of each chain: its last seq and hash. Appends lock the head row, so concurrent appends to
 * one organization queue instead of forking the chain, and verification notices a removed tail.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
