import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AdvisorSource, AiSuggestion } from '../../../shared/schemas/advisor.ts';

export const ADVISOR_MESSAGE_STATUSES = ['ok', 'refused', 'failed'] as const;

/**
 * Every advisor exchange, one row per chat message (product.md §3 Chat message: content, isUser,
 * timestamp), so the user can read their history and support can see what was advised.
 * `exchange_id` pairs a question with its answer; rows are only ever read by their owner.
 */
export const advisorMessages = pgTable(
  'advisor_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    exchangeId: uuid('exchange_id').notNull(),
    isUser: boolean('is_user').notNull(),
    content: text('content').notNull(),
    mode: text('mode').notNull().default('general'),
    portalContext: text('portal_context'),
    provider: text('provider'),
    status: text('status', { enum: ADVISOR_MESSAGE_STATUSES }).notNull().default('ok'),
    suggestion: jsonb('suggestion').$type<AiSuggestion>(),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    sources: jsonb('sources').$type<AdvisorSource[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('advisor_messages_user_created_idx').on(table.userId, table.createdAt)],
);
