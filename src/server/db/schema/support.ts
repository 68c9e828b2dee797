import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SUPPORT_AUTHOR_KINDS, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from '../../../shared/schemas/support.ts';
import { organizations } from './organizations.ts';

/**
 * Support requests and their threads (docs/support.md). Tenant tables: row-level security
 * (migration 0026) hides another organization's rows.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').notNull(),
    subject: text('subject').notNull(),
    category: text('category', { enum: SUPPORT_CATEGORIES }).notNull(),
    priority: text('priority', { enum: SUPPORT_PRIORITIES }).notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    /** The SLA clock: opened + the priority's first-response hours (src/shared/rules/support-sla.ts). */
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_requests_org_idx').on(table.organizationId, table.createdAt),
    index('support_requests_queue_idx').on(table.status, table.firstResponseDueAt),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    authorKind: text('author_kind', { enum: SUPPORT_AUTHOR_KINDS }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_messages_request_idx').on(table.requestId, table.createdAt)],
);

/** A file uploaded for a support message: stored content-addressed (modules/files), linked when the message is sent. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => supportMessages.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').notNull(),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_attachments_message_idx').on(table.messageId), index('support_attachments_org_idx').on(table.organizationId)],
);
