import { date, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PERSON_SOURCES, PERSON_STATUSES } from '../../../shared/schemas/people.ts';
import { organizations } from './organizations.ts';

/** The organization's roster (issue 37, docs/policies.md). Tenant table; written by modules/people only. */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased; one person per address in an organization. */
    email: text('email').notNull(),
    department: text('department').notNull().default(''),
    title: text('title').notNull().default(''),
    managerId: uuid('manager_id').references((): AnyPgColumn => people.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status', { enum: PERSON_STATUSES }).notNull().default('active'),
    source: text('source', { enum: PERSON_SOURCES }).notNull().default('manual'),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('people_org_email').on(table.organizationId, table.email),
    index('people_org_department_idx').on(table.organizationId, table.department),
    index('people_org_external_idx').on(table.organizationId, table.externalId),
  ],
);
