import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_TYPES } from '../../../shared/schemas/programme-statuses.ts';
import { organizations } from './organizations.ts';

/**
 * The compliance programme's catalogue and each client's activations (docs/programme.md). The
 * catalogue tables (`frameworks`, `framework_requirements`) are shared by every client and seeded
 * from data/catalogue at start; `organization_frameworks` and `readiness_snapshots` are tenant tables
 * with row-level security (migration 0021).
 */
export const frameworks = pgTable('frameworks', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  version: text('version').notNull(),
  publisher: text('publisher').notNull(),
  region: text('region').notNull(),
  auditTypes: text('audit_types', { enum: AUDIT_TYPES }).array().notNull().default([]),
  textSource: text('text_source', { enum: ['official', 'paraphrased'] }).notNull(),
  licence: text('licence').notNull(),
  position: integer('position').notNull(),
  /** A hash of the data file the rows were seeded from: an unchanged file is not seeded again. */
  sourceHash: text('source_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** `id` is `<framework>:<ref>` (soc2:CC6.1); `parent_ref` builds the hierarchy. */
export const frameworkRequirements = pgTable(
  'framework_requirements',
  {
    id: text('id').primaryKey(),
    frameworkId: text('framework_id')
      .notNull()
      .references(() => frameworks.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    parentRef: text('parent_ref'),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    position: integer('position').notNull(),
    depth: integer('depth').notNull(),
    /** A leaf: readiness is assessed on it (groups roll up). */
    assessable: boolean('assessable').notNull(),
    notAddressable: text('not_addressable'),
  },
  (table) => [index('framework_requirements_framework_idx').on(table.frameworkId, table.position)],
);

/** A framework a client works towards: the target date and, where it applies, the audit type. */
export const organizationFrameworks = pgTable(
  'organization_frameworks',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    frameworkId: text('framework_id')
      .notNull()
      .references(() => frameworks.id),
    targetDate: date('target_date', { mode: 'string' }),
    auditType: text('audit_type', { enum: AUDIT_TYPES }),
    activatedBy: uuid('activated_by'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.frameworkId] })],
);

export interface ReadinessCounts {
  met: number;
  partial: number;
  notMet: number;
  notApplicable: number;
  total: number;
}

/**
 * One row per organization, framework and day (the daily job, and every recomputation that day,
 * overwrite the day's row): readiness over time, and the programme's counts beside it.
 * `framework_id` '*' holds the organization-wide counts (controls, evidence, risks).
 */
export const readinessSnapshots = pgTable(
  'readiness_snapshots',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    frameworkId: text('framework_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    score: integer('score').notNull(),
    counts: jsonb('counts').$type<ReadinessCounts>().notNull(),
    /** Controls by status, evidence by state, open risks by band ('*' rows only). */
    programme: jsonb('programme').$type<Record<string, number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.frameworkId, table.day] })],
);
