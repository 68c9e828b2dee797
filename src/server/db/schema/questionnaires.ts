import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  QUESTION_STATUSES,
  QUESTIONNAIRE_FORMATS,
  QUESTIONNAIRE_STATUSES,
  SHORT_ANSWERS,
  type Citation,
  type QuestionnaireSheet,
} from '../../../shared/schemas/questionnaires.ts';
import { organizations } from './organizations.ts';

/**
 * A customer's security questionnaire (docs/questionnaires.md): the client's own file (bytes in the
 * content-addressed file store under `sha256`, for the export), its sheets with the detected or corrected
 * question and answer columns, and the answering job's progress. Tenant table.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: QUESTIONNAIRE_FORMATS }).notNull(),
    sha256: text('sha256').notNull(),
    sheets: jsonb('sheets').$type<QuestionnaireSheet[]>().notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    status: text('status', { enum: QUESTIONNAIRE_STATUSES }).notNull().default('uploaded'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    error: text('error'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('questionnaires_org_idx').on(table.organizationId, table.createdAt)],
);

/** One question of a questionnaire (a row of a sheet, a paragraph of a document) and its answer. Tenant table. */
export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sheet: text('sheet').notNull(),
    row: integer('row').notNull(),
    text: text('text').notNull(),
    shortAnswer: text('short_answer', { enum: SHORT_ANSWERS }),
    answer: text('answer').notNull().default(''),
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    confidence: integer('confidence').notNull().default(0),
    status: text('status', { enum: QUESTION_STATUSES }).notNull().default('unanswered'),
    duplicateOfId: uuid('duplicate_of_id'),
    assigneeId: uuid('assignee_id'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('questionnaire_questions_position').on(table.questionnaireId, table.position)],
);

/**
 * An answer a reviewer approved (accepted or wrote), kept in the organization's answer library and
 * reused by later questionnaires; one per question wording (normalised). Tenant table.
 */
export const questionnaireLibraryAnswers = pgTable(
  'questionnaire_library_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The question's words, normalised (lower case, no punctuation): one approved answer per wording. */
    questionKey: text('question_key').notNull(),
    question: text('question').notNull(),
    shortAnswer: text('short_answer', { enum: SHORT_ANSWERS }),
    answer: text('answer').notNull(),
    sources: jsonb('sources').$type<Citation[]>().notNull().default([]),
    ownerId: uuid('owner_id').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('questionnaire_library_answers_key').on(table.organizationId, table.questionKey)],
);
