import { bigint, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EVIDENCE_KINDS } from '../../../shared/schemas/programme-statuses.ts';
import { controls } from './controls.ts';
import { organizations } from './organizations.ts';

/**
 * Evidence (docs/programme.md "Evidence"): a file (bytes in the content-addressed file store under
 * `sha256`) or a link, collected at a time, covering a period, expiring by the strictest freshness
 * policy of the controls it proves. Tenant table.
 */
export const evidence = pgTable(
  'evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: EVIDENCE_KINDS }).notNull(),
    url: text('url'),
    sha256: text('sha256'),
    fileName: text('file_name'),
    mediaType: text('media_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the expiry job when it marked the item stale. */
    staleAt: timestamp('stale_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    region: text('region').notNull().default(''),
    businessUnit: text('business_unit').notNull().default(''),
    environment: text('environment').notNull().default(''),
    dataClassification: text('data_classification').notNull().default(''),
    uploadedBy: uuid('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('evidence_org_expires_idx').on(table.organizationId, table.expiresAt),
    index('evidence_org_created_idx').on(table.organizationId, table.createdAt),
  ],
);

/** One evidence item proves many controls. */
export const evidenceControls = pgTable(
  'evidence_controls',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    controlId: text('control_id')
      .notNull()
      .references(() => controls.id),
  },
  (table) => [
    primaryKey({ columns: [table.evidenceId, table.controlId] }),
    index('evidence_controls_org_control_idx').on(table.organizationId, table.controlId),
  ],
);

export const EVIDENCE_NOTICE_KINDS = ['expiring_30', 'expiring_7', 'stale'] as const;

/** What the expiry job already did for an item (so a notice is sent once, a renewal opened once). */
export const evidenceNotices = pgTable(
  'evidence_notices',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    evidenceId: uuid('evidence_id')
      .notNull()
      .references(() => evidence.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EVIDENCE_NOTICE_KINDS }).notNull(),
    /** The renewal task request opened with the stale notice, if any. */
    taskRequestId: uuid('task_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.evidenceId, table.kind] })],
);
