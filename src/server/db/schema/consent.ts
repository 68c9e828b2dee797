import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Evidence of cookie consent (product.md §4 Cookie banner): one append-only row per choice a signed-in
 * user makes, never updated, so the history shows what was agreed and when. `user_id` has no
 * foreign key into the auth schema, like profiles, so the auth database can be swapped out.
 */
export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    essential: boolean('essential').notNull().default(true),
    functional: boolean('functional').notNull(),
    analytics: boolean('analytics').notNull(),
    marketing: boolean('marketing').notNull(),
    /** The timestamp of the record the browser stored (product.md §3); created_at is the server's clock. */
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cookie_consents_user_created_idx').on(table.userId, table.createdAt)],
);
