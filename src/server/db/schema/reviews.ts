import type { BriefFacts } from '../../../shared/schemas/brief-facts.ts';
import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OUTPUT_STATUSES, type OutputSource, type QualityCategory, REVIEW_DECISIONS } from '../../../shared/schemas/reviews.ts';
import { WORK_KINDS } from '../../../shared/schemas/task-requests.ts';
import { agentRuns, agents } from './agent-runs.ts';
import { organizations } from './organizations.ts';
import { taskRequests } from './task-requests.ts';

/**
 * An AI output (product.md §3 Demo AI output) in versions: each agent run writes one (unique per run,
 * so a run replayed after a crash writes it once), and a reviewer's edit writes the next version.
 */
export const aiOutputs = pgTable(
  'ai_outputs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    taskRequestId: uuid('task_request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => agentRuns.id, { onDelete: 'set null' }),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    type: text('type', { enum: WORK_KINDS }).notNull(),
    /** 0–100. */
    confidence: integer('confidence').notNull(),
    summary: text('summary').notNull(),
    keyFindings: jsonb('key_findings').$type<string[]>().notNull(),
    /** 0–100; bands in product.md §4 (Low < 50 ≤ Medium < 80 ≤ High). */
    riskScore: integer('risk_score').notNull(),
    recommendations: jsonb('recommendations').$type<string[]>().notNull(),
    body: text('body').notNull(),
    sources: jsonb('sources').$type<OutputSource[]>().notNull(),
    status: text('status', { enum: OUTPUT_STATUSES }).notNull().default('pending_review'),
    /** What the agent read in the request (docs/delivery.md "What the agent reads"); null before it was read. */
    briefFacts: jsonb('brief_facts').$type<BriefFacts>(),
    /** References a draft made that the catalogue does not hold, or of an out-of-scope framework, removed before review. */
    removedReferences: jsonb('removed_references').$type<string[]>().notNull().default([]),
    /** A reviewer who edited the previous version into this one; null for an agent's draft. */
    editedBy: uuid('edited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ai_outputs_request_version_key').on(table.taskRequestId, table.version),
    uniqueIndex('ai_outputs_run_key').on(table.runId),
    index('ai_outputs_org_status_idx').on(table.organizationId, table.status),
  ],
);

/** A human decision on one output version, with quality scores by category. */
export const outputReviews = pgTable(
  'output_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    outputId: uuid('output_id')
      .notNull()
      .references(() => aiOutputs.id, { onDelete: 'cascade' }),
    taskRequestId: uuid('task_request_id')
      .notNull()
      .references(() => taskRequests.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id').notNull(),
    decision: text('decision', { enum: REVIEW_DECISIONS }).notNull(),
    notes: text('notes').notNull().default(''),
    scores: jsonb('scores').$type<Partial<Record<QualityCategory, number>>>().notNull(),
    /** Mean of the category scores, 0–100. */
    overallScore: real('overall_score').notNull(),
    /** Issues the reviewer listed (the quality screen's "documents assessed with their issues"). */
    issues: jsonb('issues').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('output_reviews_output_key').on(table.outputId),
    index('output_reviews_org_created_idx').on(table.organizationId, table.createdAt),
  ],
);
