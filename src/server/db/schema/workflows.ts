import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { WORKFLOW_STATUSES, type WorkflowTrigger } from '../../../shared/schemas/workflow-runs.ts';
import type { WorkflowEdge, WorkflowNode } from '../../../shared/schemas/workflows.ts';
import { organizations } from './organizations.ts';

/**
 * product.md §3 Workflow template. Saving edits never overwrites: each save is a new row with the next
 * `version`; `lineage_id` (the first version's id) ties the versions of one workflow together.
 */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineageId: uuid('lineage_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    nodes: jsonb('nodes').$type<WorkflowNode[]>().notNull(),
    edges: jsonb('edges').$type<WorkflowEdge[]>().notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    userId: uuid('user_id').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('workflow_templates_lineage_version_unique').on(table.lineageId, table.version),
    index('workflow_templates_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * An organization's workflow (docs/workflow-runs.md). `nodes`/`edges` are the draft the builder edits;
 * publishing copies them into the next `workflow_versions` row, which runs pin. Tenant table (RLS).
 */
export const organizationWorkflows = pgTable(
  'organization_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    status: text('status', { enum: WORKFLOW_STATUSES }).notNull().default('draft'),
    trigger: jsonb('trigger').$type<WorkflowTrigger>().notNull(),
    nodes: jsonb('nodes').$type<WorkflowNode[]>().notNull(),
    edges: jsonb('edges').$type<WorkflowEdge[]>().notNull(),
    publishedVersion: integer('published_version'),
    /** The draft differs from the published version. */
    dirty: boolean('dirty').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    sourceTemplateId: uuid('source_template_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('organization_workflows_org_idx').on(table.organizationId, table.createdAt),
    index('organization_workflows_next_run_idx').on(table.nextRunAt),
  ],
);

/** A published version: what a run executes, never changed after it is written. Tenant table (RLS). */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => organizationWorkflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    nodes: jsonb('nodes').$type<WorkflowNode[]>().notNull(),
    edges: jsonb('edges').$type<WorkflowEdge[]>().notNull(),
    trigger: jsonb('trigger').$type<WorkflowTrigger>().notNull(),
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('workflow_versions_workflow_version_unique').on(table.workflowId, table.version)],
);
