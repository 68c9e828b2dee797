import { index, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DSAR_STATUSES } from '../../../shared/schemas/dsar.ts';
import { DSAR_RELATIONSHIPS, DSAR_REQUEST_TYPES } from '../../../shared/rules/dsar.ts';

/** The running number in `DSAR-2026-000123`; a sequence never hands out the same number twice. */
export const dsarReferenceSequence = pgSequence('dsar_reference_seq', { startWith: 1, increment: 1 });

/** Data-subject requests filed through /dsar ('Privacy Request'). */
export const dsarRequests = pgTable(
  'dsar_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    requestType: text('request_type', { enum: DSAR_REQUEST_TYPES }).notNull(),
    status: text('status', { enum: DSAR_STATUSES }).notNull().default('received'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    relationship: text('relationship', { enum: DSAR_RELATIONSHIPS }).notNull(),
    subjectName: text('subject_name'),
    country: text('country').notNull(),
    accountEmail: text('account_email'),
    details: text('details'),
    /** The statutory deadline: 30 days after receipt. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** When an administrator marked it handled (completed or rejected): the day they give. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What was done, in the administrator's words; required to mark it handled. */
    resolutionNote: text('resolution_note'),
    handledBy: uuid('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('dsar_requests_reference_key').on(table.reference),
    index('dsar_requests_due_idx').on(table.status, table.dueAt),
    index('dsar_requests_email_idx').on(table.email),
  ],
);
