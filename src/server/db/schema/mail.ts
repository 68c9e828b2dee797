import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const OUTBOUND_EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * The mail queue (a transactional outbox): a mail is a row written in the same transaction as
 * whatever caused it, so a request stored is never lost to a mail failure; the worker delivers
 * with retries and leaves `failed` rows as the dead letters.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status', { enum: OUTBOUND_EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbound_emails_due_idx').on(table.status, table.nextAttemptAt)],
);
