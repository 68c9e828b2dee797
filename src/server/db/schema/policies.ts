import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { controls } from './controls.ts';
import { deliverables } from './deliverables.ts';
import { organizations } from './organizations.ts';

/**
 * The policy center (issue 37 item 1, docs/policies.md): an approved policy deliverable published as a
 * controlled document. Each publication is a frozen version; the previous versions are kept. Tenant
 * tables, written by modules/policies only.
 */
export const policies = pgTable(
  'policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** POL-001 onwards, per organization. */
    ref: text('ref').notNull(),
    title: text('title').notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** The latest published version (1 onwards). */
    currentVersion: integer('current_version').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    /** The review date whose review task was opened (the daily clock opens each date once). */
    reviewTaskOpenedFor: date('review_task_opened_for', { mode: 'string' }),
    reviewTaskId: uuid('review_task_id'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('policies_org_ref').on(table.organizationId, table.ref), index('policies_review_idx').on(table.reviewDate)],
);

/** One published version: the approved deliverable version's Markdown, frozen, with its dates. */
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    deliverableId: uuid('deliverable_id')
      .notNull()
      .references(() => deliverables.id),
    /** The deliverable's approved version this policy version freezes. */
    deliverableVersion: integer('deliverable_version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    ownerId: uuid('owner_id').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    changeSummary: text('change_summary').notNull().default(''),
    publishedBy: uuid('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('policy_versions_key').on(table.policyId, table.version),
    uniqueIndex('policy_versions_source_key').on(table.policyId, table.deliverableId, table.deliverableVersion),
  ],
);

/** A policy → the controls of the organization's programme it serves (acknowledgements become their evidence). */
export const policyControls = pgTable(
  'policy_controls',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    controlId: text('control_id')
      .notNull()
      .references(() => controls.id),
  },
  (table) => [primaryKey({ columns: [table.policyId, table.controlId] })],
);
