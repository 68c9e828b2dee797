import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { WorkflowEdge, WorkflowNode } from '../../../shared/schemas/workflows.ts';

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
