import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VENDOR_DOCUMENT_KINDS, type VendorDocumentRead } from '../../../shared/schemas/vendor-document-extraction.ts';
import { type ConfirmedExtraction, VENDOR_DOCUMENT_STATUSES } from '../../../shared/schemas/vendor-documents.ts';
import { VENDOR_DATA_CATEGORIES, VENDOR_RESIDUAL_RISKS, VENDOR_STATUSES } from '../../../shared/schemas/vendors.ts';
import { controls } from './controls.ts';
import { organizations } from './organizations.ts';
import { risks } from './risks.ts';

/** The vendor register (issue 35, docs/vendors.md). Tenant table. */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** A short reference the client uses (V-001), unique per organization. */
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    website: text('website').notNull().default(''),
    ownerId: uuid('owner_id'),
    /** Criticality 1 (critical) to 4 (low): sets the review cadence. */
    tier: integer('tier').notNull(),
    services: text('services').notNull().default(''),
    dataCategories: text('data_categories', { enum: VENDOR_DATA_CATEGORIES }).array().notNull().default([]),
    isSubProcessor: boolean('is_sub_processor').notNull().default(false),
    contractStart: date('contract_start', { mode: 'string' }),
    contractEnd: date('contract_end', { mode: 'string' }),
    dpaSignedOn: date('dpa_signed_on', { mode: 'string' }),
    baaSignedOn: date('baa_signed_on', { mode: 'string' }),
    status: text('status', { enum: VENDOR_STATUSES }).notNull().default('proposed'),
    residualRisk: text('residual_risk', { enum: VENDOR_RESIDUAL_RISKS }),
    conditions: text('conditions').notNull().default(''),
    nextReviewOn: date('next_review_on', { mode: 'string' }),
    /** The review date whose `vendor.review_due` was sent (the daily clock sends each date once). */
    reviewDueSentFor: date('review_due_sent_for', { mode: 'string' }),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vendors_org_idx').on(table.organizationId, table.status),
    uniqueIndex('vendors_org_ref').on(table.organizationId, table.ref),
    index('vendors_review_idx').on(table.nextReviewOn),
  ],
);

/** A vendor → a risk of the register it touches. */
export const vendorRisks = pgTable(
  'vendor_risks',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id')
      .notNull()
      .references(() => risks.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.vendorId, table.riskId] })],
);

/** A vendor → a control of the organization's programme it touches. */
export const vendorControls = pgTable(
  'vendor_controls',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    controlId: text('control_id')
      .notNull()
      .references(() => controls.id),
  },
  (table) => [primaryKey({ columns: [table.vendorId, table.controlId] })],
);

/**
 * A vendor's document (docs/vendor-documents.md): the file (content-addressed in the file store), what
 * the reader made of it, and the reviewer's confirmed extraction, the only one that counts. Tenant table.
 */
export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Sniffed from the bytes, never the browser's claim. */
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    status: text('status', { enum: VENDOR_DOCUMENT_STATUSES }).notNull(),
    message: text('message'),
    kind: text('kind', { enum: VENDOR_DOCUMENT_KINDS }),
    pageCount: integer('page_count'),
    /** The reader's VendorDocumentRead (status read or confirmed). */
    reading: jsonb('reading').$type<VendorDocumentRead>(),
    /** The reviewer's ConfirmedExtraction. */
    confirmed: jsonb('confirmed').$type<ConfirmedExtraction>(),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The expiry date whose `vendor.document_expiring` was sent (the daily pass sends each date once). */
    expiringSentFor: date('expiring_sent_for', { mode: 'string' }),
    findingRiskId: uuid('finding_risk_id'),
    residualRiskChange: jsonb('residual_risk_change').$type<{ from: string | null; to: string }>(),
    renewalTaskRequestId: uuid('renewal_task_request_id'),
    uploadedBy: uuid('uploaded_by').notNull(),
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vendor_documents_vendor_idx').on(table.vendorId, table.createdAt),
    index('vendor_documents_expiry_idx').on(table.status, table.expiresOn),
  ],
);

/**
 * A complementary user entity control of a confirmed report as a requirement on the client: the
 * organization's controls that meet it (mapped through the SOC 2 criteria it names), or the task request
 * that asks a person to when none maps. Tenant table.
 */
export const vendorCuecRequirements = pgTable(
  'vendor_cuec_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => vendorDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    criteria: text('criteria').array().notNull().default([]),
    page: integer('page').notNull(),
    controlIds: text('control_ids').array().notNull().default([]),
    taskRequestId: uuid('task_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('vendor_cuec_requirements_document_idx').on(table.documentId, table.position)],
);
