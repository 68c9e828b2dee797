import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  DEPARTMENTS,
  TASK_COMPLEXITIES,
  TASK_PRIORITIES,
  TASK_SOURCES,
  TASK_STATUSES,
  TIMELINE_EVENT_KINDS,
  WORK_KINDS,
} from '../../../shared/schemas/task-requests.ts';
import { assistantPlans, assistantPlanSteps } from './assistant-plans.ts';
import { organizations } from './organizations.ts';

/**
 * The delivery pipeline's first table (docs/delivery.md): what a client asked for, how it was
 * classified, and where it stands. Tenant tables: row-level security (migration 0019) hides another
 * organization's rows.
 */
export const taskRequests = pgTable(
  'task_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    department: text('department', { enum: DEPARTMENTS }).notNull(),
    /** The client's own deadline, a calendar date. */
    deadline: date('deadline', { mode: 'string' }),
    frameworks: text('frameworks').array().notNull().default([]),
    source: text('source', { enum: TASK_SOURCES }).notNull().default('wizard'),
    planId: uuid('plan_id').references(() => assistantPlans.id, { onDelete: 'set null' }),
    planStepId: uuid('plan_step_id').references(() => assistantPlanSteps.id, { onDelete: 'set null' }),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull(),
    complexity: text('complexity', { enum: TASK_COMPLEXITIES }).notNull(),
    estimateMinDays: integer('estimate_min_days').notNull(),
    estimateMaxDays: integer('estimate_max_days').notNull(),
    workKind: text('work_kind', { enum: WORK_KINDS }).notNull(),
    agentId: text('agent_id').notNull(),
    /** Why the classifier chose what it chose, in sentences the client reads. */
    classificationReasons: jsonb('classification_reasons').$type<string[]>().notNull().default([]),
    /** Which provider classified it (builtin, openai). */
    classifiedBy: text('classified_by').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('queued'),
    /** SLA: submission + the plan's turnaround. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The staff member reviewing it (the last reviewer to open it), null until one does. */
    assigneeId: uuid('assignee_id'),
    /** Words for the client when the agent could not finish (status failed). */
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The client's Idempotency-Key header: a retried submission within a day returns this request. */
    idempotencyKey: text('idempotency_key'),
  },
  (table) => [
    uniqueIndex('task_requests_idempotency_key').on(table.requestedBy, table.idempotencyKey),
    index('task_requests_org_created_idx').on(table.organizationId, table.createdAt),
    index('task_requests_org_status_idx').on(table.organizationId, table.status),
    index('task_requests_plan_idx').on(table.planId),
  ],
);

/** The request page's timeline: one row per step, append-only. */
export const taskRequestEvents = pgTable(
  'task_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taskRequestId: uuid('task_request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TIMELINE_EVENT_KINDS }).notNull(),
    /** Who did it; null for the system (an agent, the scheduler). */
    actorId: uuid('actor_id'),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_request_events_request_idx').on(table.taskRequestId, table.createdAt)],
);

export const TASK_COMMENT_AUTHOR_KINDS = ['client', 'staff'] as const;

export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taskRequestId: uuid('task_request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    authorKind: text('author_kind', { enum: TASK_COMMENT_AUTHOR_KINDS }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_comments_request_idx').on(table.taskRequestId, table.createdAt)],
);

/**
 * A file a client attached. The bytes live in the content-addressed file store (modules/files) under
 * their SHA-256; `task_request_id` is null between the upload and the request's creation.
 */
export const taskAttachments = pgTable(
  'task_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taskRequestId: uuid('task_request_id').references(() => taskRequests.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').notNull(),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_attachments_request_idx').on(table.taskRequestId), index('task_attachments_org_idx').on(table.organizationId)],
);
