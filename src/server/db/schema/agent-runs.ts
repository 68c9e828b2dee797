import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RUN_STATUSES } from '../../../shared/schemas/agent-runs.ts';
import { WORK_KINDS } from '../../../shared/schemas/task-requests.ts';
import { organizations } from './organizations.ts';
import { taskRequests } from './task-requests.ts';

/**
 * The agents (product.md §3 Demo agent): our workforce, one per kind of work, shared by every client
 * (not a tenant table). Statistics are computed from agent_runs and reviews, never stored.
 * `status` is free text on purpose: the screens show Unknown for anything but the three known values.
 */
export const agents = pgTable('agents', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  workKind: text('work_kind', { enum: WORK_KINDS }).notNull().unique(),
  status: text('status').notNull().default('active'),
  description: text('description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One agent run: a durable job's work on one request (first draft, or a redraft after a review).
 * `job_id` is the pg-boss job; `attempts` counts the job's tries. The output it writes is unique per run.
 */
export const agentRuns = pgTable(
  'agent_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taskRequestId: uuid('task_request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id),
    jobId: text('job_id'),
    status: text('status', { enum: RUN_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The reviewer's notes this run answers (a redraft); null for the first draft. */
    reviewNotes: text('review_notes'),
    provider: text('provider'),
    model: text('model'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('agent_runs_request_idx').on(table.taskRequestId, table.createdAt),
    index('agent_runs_agent_status_idx').on(table.agentId, table.status),
    uniqueIndex('agent_runs_job_key').on(table.jobId),
  ],
);
