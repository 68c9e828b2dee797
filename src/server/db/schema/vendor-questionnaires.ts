import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  SCORE_BANDS,
  VENDOR_QUESTIONNAIRE_STATUSES,
  VENDOR_QUESTIONNAIRE_TEMPLATES,
  type VendorAnswer,
  type VendorQuestion,
} from '../../../shared/schemas/vendor-questionnaires.ts';
import { organizations } from './organizations.ts';
import { taskRequests } from './task-requests.ts';
import { vendors } from './vendors.ts';

/**
 * Vendor questionnaires (docs/vendor-questionnaires.md). Tenant tables: row-level security (their
 * migration); the vendor's link reads and writes them as the system, one questionnaire by token hash.
 */
export const vendorQuestionnaires = pgTable(
  'vendor_questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    template: text('template', { enum: VENDOR_QUESTIONNAIRE_TEMPLATES }).notNull(),
    /** The questions as sent: a later change of the built-in sets never changes what the vendor answered. */
    questions: jsonb('questions').$type<VendorQuestion[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, VendorAnswer>>().notNull().default({}),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: VENDOR_QUESTIONNAIRE_STATUSES }).notNull().default('sent'),
    /** SHA-256 of the e-mailed token (never the token). */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    score: integer('score'),
    scoreBand: text('score_band', { enum: SCORE_BANDS }),
    criticalGaps: jsonb('critical_gaps').$type<string[]>().notNull().default([]),
    /** The vendor-review task request the submission opened. */
    taskRequestId: uuid('task_request_id').references(() => taskRequests.id, { onDelete: 'set null' }),
    sentBy: uuid('sent_by').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [
    index('vendor_questionnaires_vendor_idx').on(table.vendorId, table.sentAt),
    index('vendor_questionnaires_org_idx').on(table.organizationId),
    uniqueIndex('vendor_questionnaires_token_key').on(table.tokenHash),
  ],
);

/** A file the vendor attached: bytes in the content-addressed store under `sha256`. */
export const vendorQuestionnaireFiles = pgTable(
  'vendor_questionnaire_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => vendorQuestionnaires.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('vendor_questionnaire_files_idx').on(table.questionnaireId, table.createdAt)],
);
