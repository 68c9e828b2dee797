import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STORED_DELIVERABLE_STATUSES } from '../../../shared/schemas/deliverables.ts';
import { WORK_KINDS } from '../../../shared/schemas/task-requests.ts';
import { organizations } from './organizations.ts';
import { aiOutputs } from './reviews.ts';
import { taskRequests } from './task-requests.ts';

/**
 * A deliverable (product.md §3 Demo deliverable), one per task request: `pending` from submission,
 * `in_review` while a draft waits for a reviewer, `completed` once a version is approved and published.
 * Overdue is computed (shared/schemas/deliverables.ts).
 */
export const deliverables = pgTable(
  'deliverables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taskRequestId: uuid('task_request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type', { enum: WORK_KINDS }).notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    status: text('status', { enum: STORED_DELIVERABLE_STATUSES }).notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Who it is with now: the agent's name while drafting, the reviewer's once one decides. */
    assignedTo: text('assigned_to').notNull().default(''),
    /** The latest published version; 0 before the first. */
    currentVersion: integer('current_version').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deliverables_request_key').on(table.taskRequestId),
    index('deliverables_org_status_idx').on(table.organizationId, table.status),
  ],
);

/** A published version: the approved output's Markdown, frozen. */
export const deliverableVersions = pgTable(
  'deliverable_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    deliverableId: uuid('deliverable_id')
      .notNull()
      .references(() => deliverables.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    outputId: uuid('output_id')
      .notNull()
      .references(() => aiOutputs.id),
    body: text('body').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    publishedBy: uuid('published_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deliverable_versions_key').on(table.deliverableId, table.version)],
);
