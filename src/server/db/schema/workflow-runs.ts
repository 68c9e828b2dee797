import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES, RUN_STATUSES, STEP_STATUSES, TRIGGER_KINDS } from '../../../shared/schemas/workflow-runs.ts';
import { organizations } from './organizations.ts';
import { organizationWorkflows, workflowVersions } from './workflows.ts';

/**
 * Workflow runs (docs/workflow-runs.md). The run is the state machine's truth: which node is current
 * (`current_node_id`) and which step job may move it (`step_seq`); a job whose seq is stale does nothing,
 * so a re-claimed or duplicated job never runs a node twice. Tenant tables (RLS).
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => organizationWorkflows.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => workflowVersions.id),
    version: integer('version').notNull(),
    status: text('status', { enum: RUN_STATUSES }).notNull().default('running'),
    triggerKind: text('trigger_kind', { enum: TRIGGER_KINDS }).notNull(),
    /** What started it, for idempotency: `event:<id>` or `schedule:<ISO occurrence>`; null for manual runs. */
    triggerKey: text('trigger_key'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    currentNodeId: text('current_node_id'),
    stepSeq: integer('step_seq').notNull().default(0),
    waitingUntil: timestamp('waiting_until', { withTimezone: true }),
    startedBy: uuid('started_by'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    unique('workflow_runs_trigger_key_unique').on(table.workflowId, table.triggerKey),
    index('workflow_runs_org_created_idx').on(table.organizationId, table.createdAt),
    index('workflow_runs_workflow_idx').on(table.workflowId, table.createdAt),
  ],
);

/** One node executed in a run: its input, outcome, time and error. */
export const workflowRunSteps = pgTable(
  'workflow_run_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    nodeId: text('node_id').notNull(),
    nodeType: text('node_type').notNull(),
    label: text('label').notNull(),
    actionType: text('action_type'),
    status: text('status', { enum: STEP_STATUSES }).notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull().default({}),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [unique('workflow_run_steps_run_seq_unique').on(table.runId, table.seq)],
);

/** The approval inbox: a run waits on its pending item; the decision picks the branch. */
export const workflowApprovals = pgTable(
  'workflow_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    nodeId: text('node_id').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('workflow_approvals_run_seq_unique').on(table.runId, table.seq),
    index('workflow_approvals_org_status_idx').on(table.organizationId, table.status),
  ],
);
