import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { people } from './people.ts';

/**
 * SCIM 2.0 provisioning (docs/scim.md). Tenant tables (row-level security, their migration); the scim
 * module writes them all. People themselves live in the people roster, written by its module only:
 * these tables hold what SCIM says of a person beyond the roster (userName, externalId, name parts)
 * and the identity provider's groups.
 */

/** The organization's one bearer token for /scim/v2: only its SHA-256 is kept. Rotation replaces it. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `ccscim_` and 8 characters: how a token is looked up and recognised. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('scim_tokens_prefix_key').on(table.prefix)],
);

/**
 * What the identity provider calls a person of the roster beyond the roster's own fields (name, e-mail,
 * title, department, manager, externalId, status live in `people`): the userName (unique per
 * organization, any case) and the name's parts. A person without a row here (a CSV import) is seen by
 * SCIM with their e-mail address as userName.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    /** The roster's person (people.id); the SCIM resource id. */
    personId: uuid('person_id')
      .primaryKey()
      .references(() => people.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('scim_users_org_user_name').on(table.organizationId, sql`lower(${table.userName})`)],
);

/** A group pushed by the identity provider (campaigns may target one). displayName is unique per organization, any case. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('scim_groups_org_display_name').on(table.organizationId, sql`lower(${table.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    /** The roster's person (people.id). */
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.personId] }), index('scim_group_members_person_idx').on(table.personId)],
);
