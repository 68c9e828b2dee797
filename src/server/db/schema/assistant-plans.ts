import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subscriptions } from './billing.ts';
import { PLAN_STATUSES, STEP_STATUSES } from '../../../shared/schemas/assistant-plans.ts';

/** Plans the advisor proposed and the user kept ('Use plan'), product.md §3 Assistant plan. */
export const assistantPlans = pgTable(
  'assistant_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('draft'),
    sourceMode: text('source_mode').notNull().default('general'),
    rawMessage: text('raw_message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The staff approver's decision (approved or changes_requested); null until one is made. */
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
  },
  (table) => [
    index('assistant_plans_user_created_idx').on(table.userId, table.createdAt),
    index('assistant_plans_status_submitted_idx').on(table.status, table.submittedAt),
  ],
);

/** product.md §3 Assistant plan step; `order_index` is dense from 0 within a plan. */
export const assistantPlanSteps = pgTable(
  'assistant_plan_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => assistantPlans.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    priority: integer('priority').notNull(),
    status: text('status', { enum: STEP_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistant_plan_steps_plan_order_idx').on(table.planId, table.orderIndex)],
);
