import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_EMAIL_MODES, NOTIFICATION_KINDS } from '../../../shared/schemas/notifications.ts';
import { organizations } from './organizations.ts';

/** E-mail state of one notification: none wanted, waiting for the daily digest, or handed to the mail outbox. */
export const NOTIFICATION_EMAIL_STATES = ['none', 'digest', 'queued', 'sent_in_digest'] as const;

/** One notification for one user about one organization (docs/notifications.md). Tenant table (RLS). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    /** What caused it (a domain event id, `comment:<id>`): one notification per user and source, however often a job retries. */
    sourceKey: text('source_key'),
    emailState: text('email_state', { enum: NOTIFICATION_EMAIL_STATES }).notNull().default('none'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt),
    index('notifications_org_idx').on(table.organizationId),
    uniqueIndex('notifications_user_source').on(table.userId, table.sourceKey),
  ],
);

/** Per-user choice of which notifications also come by e-mail, and how. Not a tenant table: it belongs to the user. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').primaryKey(),
  emailMode: text('email_mode', { enum: NOTIFICATION_EMAIL_MODES }).notNull().default('immediate'),
  emailKinds: text('email_kinds', { enum: NOTIFICATION_KINDS }).array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
