import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
