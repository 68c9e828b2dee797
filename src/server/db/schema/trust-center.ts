import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TRUST_ACCESS_STATUSES, TRUST_DOCUMENT_SOURCES, TRUST_DOCUMENT_VISIBILITIES } from '../../../shared/schemas/trust-center.ts';
import { organizations } from './organizations.ts';

/**
 * The trust center (docs/trust-center.md). Tenant tables: row-level security (its migration) hides
 * another organization's rows; the public page reads them as the system, one organization by slug.
 */
export const trustCenters = pgTable(
  'trust_centers',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** The page's address, /trust/<slug>: unique across organizations. */
    slug: text('slug').notNull(),
    frameworkIds: text('framework_ids').array().notNull().default([]),
    controlDomains: text('control_domains').array().notNull().default([]),
    autoApproveDomains: text('auto_approve_domains').array().notNull().default([]),
    ndaText: text('nda_text').notNull(),
    accessDays: integer('access_days').notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('trust_centers_slug_key').on(table.slug)],
);

/**
 * A document on the page: its bytes are in the content-addressed file store under `sha256`, copied
 * (by reference) when it was added, so a later edit of the deliverable or evidence it came from never
 * changes what prospects were promised without someone adding it again.
 */
export const trustDocuments = pgTable(
  'trust_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    visibility: text('visibility', { enum: TRUST_DOCUMENT_VISIBILITIES }).notNull(),
    source: text('source', { enum: TRUST_DOCUMENT_SOURCES }).notNull(),
    sourceId: uuid('source_id'),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    addedBy: uuid('added_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('trust_documents_org_idx').on(table.organizationId, table.createdAt)],
);

/**
 * A prospect's request for one restricted document, with the NDA they clicked through; once approved it
 * carries the grant: the SHA-256 of the e-mailed token (never the token) and when it expires.
 */
export const trustAccessRequests = pgTable(
  'trust_access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => trustDocuments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    /** The NDA exactly as it stood when the requester accepted it. */
    ndaText: text('nda_text').notNull(),
    ndaAcceptedAt: timestamp('nda_accepted_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: TRUST_ACCESS_STATUSES }).notNull().default('pending'),
    autoApproved: boolean('auto_approved').notNull().default(false),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('trust_access_requests_org_idx').on(table.organizationId, table.createdAt),
    uniqueIndex('trust_access_requests_token_key').on(table.tokenHash),
  ],
);

/**
 * Page views, aggregated: one row (and one audit entry) per visitor per organization per hour, the
 * visitor being a salted hash of address and browser. Reloads within the hour add nothing.
 */
export const trustCenterViews = pgTable(
  'trust_center_views',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.visitor, table.hour] })],
);
