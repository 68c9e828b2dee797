import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RISK_CATEGORIES, RISK_STATUSES, RISK_TREATMENTS } from '../../../shared/schemas/programme-statuses.ts';
import { controls } from './controls.ts';
import { organizations } from './organizations.ts';

/** The risk register (docs/programme.md "Risks"): likelihood × impact, inherent and residual. Tenant table. */
export const risks = pgTable(
  'risks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** A short reference the client uses, unique per organization. */
    ref: text('ref').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: RISK_CATEGORIES }).notNull(),
    likelihood: integer('likelihood').notNull(),
    impact: integer('impact').notNull(),
    residualLikelihood: integer('residual_likelihood').notNull(),
    residualImpact: integer('residual_impact').notNull(),
    treatment: text('treatment', { enum: RISK_TREATMENTS }).notNull(),
    treatmentPlan: text('treatment_plan').notNull().default(''),
    ownerId: uuid('owner_id'),
    reviewDate: date('review_date', { mode: 'string' }),
    status: text('status', { enum: RISK_STATUSES }).notNull().default('open'),
    region: text('region').notNull().default(''),
    businessUnit: text('business_unit').notNull().default(''),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('risks_org_idx').on(table.organizationId, table.status),
    uniqueIndex('risks_org_ref').on(table.organizationId, table.ref),
  ],
);

export const riskControls = pgTable(
  'risk_controls',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    riskId: uuid('risk_id')
      .notNull()
      .references(() => risks.id, { onDelete: 'cascade' }),
    controlId: text('control_id')
      .notNull()
      .references(() => controls.id),
  },
  (table) => [primaryKey({ columns: [table.riskId, table.controlId] })],
);
