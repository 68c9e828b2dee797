import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { INTEREST_OPTIONS } from '../../../shared/constants.ts';
import { LEAD_INTEREST_LEVELS, LEAD_URGENCIES } from '../../../shared/rules/lead-qualification.ts';

/**
 * Leads from the public site (product.md §3): 'Book Demo' consultation requests and contact-form
 * submissions. Each row is written, with its notification e-mails, before the visitor is told
 * it arrived; interest level and urgency are the lead qualification of product.md §9.
 */
const leadColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull(),
  interest: text('interest', { enum: INTEREST_OPTIONS }),
  message: text('message').notNull().default(''),
  interestLevel: text('interest_level', { enum: LEAD_INTEREST_LEVELS }).notNull(),
  urgency: text('urgency', { enum: LEAD_URGENCIES }).notNull(),
  /** Kept for abuse investigations only; the client IP as Fastify saw it. */
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  /**
   * sha256 of the normalized submission (leads-fingerprint.ts): the same request sent again within
   * LEAD_DUPLICATE_WINDOW_MINUTES finds this row instead of making a second one. Null on rows from
   * before it existed.
   */
  fingerprint: text('fingerprint'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const consultationRequests = pgTable('consultation_requests', leadColumns(), (table) => [
  index('consultation_requests_created_idx').on(table.createdAt),
  index('consultation_requests_email_idx').on(table.email),
  index('consultation_requests_fingerprint_idx').on(table.fingerprint, table.createdAt),
]);

export const contactSubmissions = pgTable('contact_submissions', leadColumns(), (table) => [
  index('contact_submissions_created_idx').on(table.createdAt),
  index('contact_submissions_email_idx').on(table.email),
  index('contact_submissions_fingerprint_idx').on(table.fingerprint, table.createdAt),
]);
