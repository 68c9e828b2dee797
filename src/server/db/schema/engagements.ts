import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  AUDIT_AUTHOR_KINDS,
  AUDIT_MESSAGE_KINDS,
  AUDIT_REQUEST_STATUSES,
  type AuditDecision,
} from '../../../shared/schemas/engagement-statuses.ts';
import { AUDIT_TYPES } from '../../../shared/schemas/programme-statuses.ts';
import { evidence } from './evidence.ts';
import { organizations } from './organizations.ts';

/**
 * Audit engagements (docs/audit.md): one organization, one catalogue framework, Type I or II, the
 * period under audit, fieldwork dates, the auditors, and the day their access ends. Tenant tables with
 * row-level security (migration 0022); an engagement's auditors see its rows through their own id.
 */
export const auditEngagements = pgTable(
  'audit_engagements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    frameworkId: text('framework_id').notNull(),
    auditType: text('audit_type', { enum: AUDIT_TYPES }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    fieldworkStart: date('fieldwork_start', { mode: 'string' }).notNull(),
    fieldworkEnd: date('fieldwork_end', { mode: 'string' }).notNull(),
    /** The auditors' last day of access (inclusive, UTC). */
    accessEndsOn: date('access_ends_on', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_engagements_org_idx').on(table.organizationId, table.createdAt)],
);

export const engagementAuditors = pgTable(
  'engagement_auditors',
  {
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => auditEngagements.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the auditor last opened the engagement's dashboard ("changed since your last visit"). */
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.engagementId, table.userId] }), index('engagement_auditors_user_idx').on(table.userId)],
);

/** One item of the "provided by client" list. */
export const auditRequests = pgTable(
  'audit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => auditEngagements.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    /** The requirement it tests; null for a request the auditor added. */
    requirementId: text('requirement_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: AUDIT_REQUEST_STATUSES }).notNull().default('open'),
    dueOn: date('due_on', { mode: 'string' }),
    lastDecision: text('last_decision').$type<AuditDecision>(),
    /** The task request staff opened from this item, if any. */
    taskRequestId: uuid('task_request_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('audit_requests_engagement_ref').on(table.engagementId, table.ref),
    index('audit_requests_engagement_status_idx').on(table.engagementId, table.status),
  ],
);

/** Evidence provided for a request (generated from the requirement's controls, or linked by the client). */
export const auditRequestEvidence = pgTable(
  'audit_request_evidence',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => auditRequests.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    linkedBy: uuid('linked_by'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.evidenceId] })],
);

/** The request's thread: comments, decisions and submissions, oldest first. */
export const auditRequestMessages = pgTable(
  'audit_request_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => auditRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id'),
    authorKind: text('author_kind', { enum: AUDIT_AUTHOR_KINDS }).notNull(),
    kind: text('kind', { enum: AUDIT_MESSAGE_KINDS }).notNull(),
    decision: text('decision').$type<AuditDecision>(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_request_messages_request_idx').on(table.requestId, table.createdAt)],
);

/** A population the client provided and the sample the auditor drew from it, reproducible from its seed. */
export const auditSamples = pgTable(
  'audit_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => auditEngagements.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => auditRequests.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<string[][]>().notNull(),
    populationSha256: text('population_sha256').notNull(),
    uploadedBy: uuid('uploaded_by'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    sampleSize: integer('sample_size'),
    seed: text('seed'),
    /** Zero-based row indices drawn, in draw order. */
    selected: jsonb('selected').$type<number[]>(),
    drawnBy: uuid('drawn_by'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
  },
  (table) => [index('audit_samples_engagement_idx').on(table.engagementId)],
);
