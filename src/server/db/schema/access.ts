import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/** Reference data seeded from src/shared/permissions.ts; administrators may edit it. */
export const permissions = pgTable('permissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  category: text('category').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role').notNull(),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.role, table.permissionId] })],
);

/**
 * One row per user of the auth service (product.md §3). Created lazily on the user's first request,
 * so a user created by any path (sign-up, Google, the admin API) gets one.
 */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  userType: text('user_type', { enum: ['staff', 'client'] })
    .notNull()
    .default('client'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's roles; the capability flags are merged across all of them (product.md §6). */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    isApprover: boolean('is_approver').notNull().default(false),
    isIntegrationAdmin: boolean('is_integration_admin').notNull().default(false),
    isDataAiAdmin: boolean('is_data_ai_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('user_roles_user_id_role_unique').on(table.userId, table.role)],
);

/** Where a user may use a permission; an empty field matches anything (product.md §6). */
export const userAccessScopes = pgTable(
  'user_access_scopes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    businessUnit: text('business_unit'),
    region: text('region'),
    framework: text('framework'),
    environment: text('environment'),
    dataClassification: text('data_classification'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_access_scopes_user_idx').on(table.userId, table.isActive)],
);

/** Append-only; written only through the SQL function log_security_event (product.md §7). */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    eventType: text('event_type').notNull(),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_events_created_idx').on(table.createdAt),
    index('security_events_user_idx').on(table.userId, table.createdAt),
  ],
);
