import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTROL_STATUSES, MAPPING_RELATIONS } from '../../../shared/schemas/programme-statuses.ts';
import { frameworkRequirements } from './frameworks.ts';
import { organizations } from './organizations.ts';

/** The common control set (shared by every client; seeded from data/catalogue/controls.json). */
export const controls = pgTable('controls', {
  id: text('id').primaryKey(),
  domain: text('domain').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  freshnessDays: integer('freshness_days').notNull(),
  evidenceHint: text('evidence_hint').notNull(),
  position: integer('position').notNull(),
});

/** A typed mapping from a common control to a requirement. */
export const controlMappings = pgTable(
  'control_mappings',
  {
    controlId: text('control_id')
      .notNull()
      .references(() => controls.id, { onDelete: 'cascade' }),
    requirementId: text('requirement_id')
      .notNull()
      .references(() => frameworkRequirements.id, { onDelete: 'cascade' }),
    relation: text('relation', { enum: MAPPING_RELATIONS }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.controlId, table.requirementId] }),
    index('control_mappings_requirement_idx').on(table.requirementId),
  ],
);

/**
 * A control in a client's programme: in scope because an active framework maps to it. Rows are made
 * when a framework is activated and kept when it is deactivated (the work done stays). Tenant table.
 */
export const organizationControls = pgTable(
  'organization_controls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    controlId: text('control_id')
      .notNull()
      .references(() => controls.id),
    ownerId: uuid('owner_id'),
    status: text('status', { enum: CONTROL_STATUSES }).notNull().default('not_started'),
    applicable: boolean('applicable').notNull().default(true),
    /** Required when not applicable: why. */
    justification: text('justification').notNull().default(''),
    /** Free-text scope attributes (docs/programme.md "Scopes"), empty when the control applies everywhere. */
    businessUnit: text('business_unit').notNull().default(''),
    environment: text('environment').notNull().default(''),
    notes: text('notes').notNull().default(''),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organization_controls_org_control').on(table.organizationId, table.controlId),
    index('organization_controls_org_status_idx').on(table.organizationId, table.status),
  ],
);
