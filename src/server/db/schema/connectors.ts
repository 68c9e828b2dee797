import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  CHECK_OUTCOMES,
  type CheckResource,
  type CheckResult,
  CONNECTION_RUN_STATUSES,
  CONNECTION_SCHEDULES,
  CONNECTION_STATUSES,
  CONNECTOR_IDS,
} from '../../../shared/schemas/connectors.ts';
import { organizations } from './organizations.ts';

/**
 * Connectors (issue 38, docs/connectors.md). Tenant tables (row-level security, their migration), all
 * written by the connectors module: a connection holds sealed credentials (never returned), its runs
 * what each check found, and its check states which checks fail now (and the task each one opened).
 */

export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectorId: text('connector_id', { enum: CONNECTOR_IDS }).notNull(),
    name: text('name').notNull(),
    /** The credentials as JSON, sealed with AUTH_SECRET (AES-256-GCM): read by runs only. */
    sealedCredentials: text('sealed_credentials').notNull(),
    credentialKeys: text('credential_keys').array().notNull(),
    schedule: text('schedule', { enum: CONNECTION_SCHEDULES }).notNull().default('daily'),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('new'),
    statusDetail: text('status_detail'),
    /** Who made it: told when its credentials stop working; credited with its evidence. */
    ownerId: uuid('owner_id').notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('connections_org_idx').on(table.organizationId), index('connections_next_run_idx').on(table.nextRunAt)],
);

export const connectionRuns = pgTable(
  'connection_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['schedule', 'manual', 'test'] }).notNull(),
    status: text('status', { enum: CONNECTION_RUN_STATUSES }).notNull().default('queued'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    error: text('error'),
    results: jsonb('results').$type<CheckResult[]>().notNull().default([]),
    requestedBy: uuid('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('connection_runs_connection_created_idx').on(table.connectionId, table.createdAt)],
);

/** A check of a connection as its last run left it: failing (since when, the resources at fault, the task opened) or passing. */
export const connectionCheckStates = pgTable(
  'connection_check_states',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    checkId: text('check_id').notNull(),
    outcome: text('outcome', { enum: CHECK_OUTCOMES }).notNull(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    failingResources: jsonb('failing_resources').$type<CheckResource[]>().notNull().default([]),
    /** The task request opened for this failure; cleared when the check passes again. */
    taskRequestId: uuid('task_request_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.checkId] }),
    index('connection_check_states_org_idx').on(table.organizationId),
  ],
);
