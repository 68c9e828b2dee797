import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { COMPANY_SIZES } from '../../../shared/schemas/billing.ts';
import { ENGAGEMENT_ROLES } from '../../../shared/schemas/organizations.ts';

/**
 * Tenancy (docs/tenancy.md). An organization is a client company; its members are users of the auth
 * service (user ids are not foreign keys, as elsewhere, so the auth store can be swapped). Staff reach
 * the organizations they serve through staff_assignments; administrators reach all of them.
 */

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    website: text('website'),
    size: text('size', { enum: COMPANY_SIZES }),
    country: text('country'),
    /** IANA time zone for schedules and the compliance calendar (docs/workflow-runs.md). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The Admin Sample Data Manager's organization (docs/sample-data.md): at most one, shown with a "Sample" badge. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organizations_one_sample_key')
      .on(table.isSample)
      .where(sql`${table.isSample}`),
  ],
);

export const ORGANIZATION_MEMBER_ROLES = ['owner', 'member'] as const;

export const organizationMembers = pgTable(
  'organization_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ORGANIZATION_MEMBER_ROLES }).notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_members_org_user_key').on(table.organizationId, table.userId),
    index('organization_members_user_idx').on(table.userId),
  ],
);

/**
 * A staff member assigned to serve a client organization, in one engagement role. A tenant table:
 * row-level security (migration 0017) shows a row only inside a tenant transaction that reaches its
 * organization, or to the staff member it names.
 */
export const staffAssignments = pgTable(
  'staff_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').notNull(),
    engagementRole: text('engagement_role', { enum: ENGAGEMENT_ROLES }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_assignments_org_staff_key').on(table.organizationId, table.staffUserId),
    index('staff_assignments_staff_idx').on(table.staffUserId),
  ],
);
