import { and, eq, sql } from 'drizzle-orm';
import {
  CONNECTION_SCHEDULE_HOURS,
  type CheckOutcome,
  type CheckResource,
  type CheckResult,
  type ConnectionRunStatus,
  type ConnectionSchedule,
  type ConnectionStatus,
  type ConnectorId,
} from '../../../shared/schemas/connectors.ts';
import type { DbTransaction } from '../../db/client.ts';
import { connectionCheckStates, connectionRuns, connections } from '../../db/schema/connectors.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { ConnectionRow, ConnectionRunRow } from './connection-views.ts';

/**
 * Every write of the connectors' tables (docs/connectors.md), each with its trail entry in the caller's
 * transaction. Sealed credentials never reach the trail: it records which keys were given.
 */

const HOUR_MS = 3_600_000;
export const nextRunAfter = (schedule: ConnectionSchedule, from: Date) =>
  new Date(from.getTime() + CONNECTION_SCHEDULE_HOURS[schedule] * HOUR_MS);
const audited = (row: ConnectionRow) => {
  const { sealedCredentials: _sealed, ...rest } = row;
  return rest;
};

export interface NewConnection {
  organizationId: string;
  connectorId: ConnectorId;
  name: string;
  schedule: ConnectionSchedule;
  sealedCredentials: string;
  credentialKeys: string[];
  ownerId: string;
}

/** A new connection; its first run is queued at once (then every `schedule`). */
export async function insertConnection(
  tx: DbTransaction,
  jobs: Jobs,
  input: NewConnection,
  origin: AuditOrigin,
  now: Date,
): Promise<ConnectionRow> {
  const [row] = await tx
    .insert(connections)
    .values({ ...input, nextRunAt: nextRunAfter(input.schedule, now), createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insertConnection: insert returned nothing');
  await recordAudit(tx, {
    ...origin,
    organizationId: row.organizationId,
    action: 'connection.create',
    entityType: 'connection',
    entityId: row.id,
    after: audited(row),
  });
  await queueConnectionRun(tx, jobs, row, { trigger: 'schedule', requestedBy: input.ownerId, origin, now });
  return row;
}

export async function removeConnection(tx: DbTransaction, row: ConnectionRow, origin: AuditOrigin): Promise<void> {
  await tx.delete(connections).where(eq(connections.id, row.id));
  await recordAudit(tx, {
    ...origin,
    organizationId: row.organizationId,
    action: 'connection.delete',
    entityType: 'connection',
    entityId: row.id,
    before: audited(row),
  });
}

/** A run in the queue with its job; the connection's next scheduled run moves one period on. */
export async function queueConnectionRun(
  tx: DbTransaction,
  jobs: Jobs,
  connection: ConnectionRow,
  options: { trigger: 'schedule' | 'manual'; requestedBy: string | null; origin: AuditOrigin; now: Date },
): Promise<ConnectionRunRow> {
  const [run] = await tx
    .insert(connectionRuns)
    .values({
      organizationId: connection.organizationId,
      connectionId: connection.id,
      trigger: options.trigger,
      requestedBy: options.requestedBy,
      createdAt: options.now,
    })
    .returning();
  if (!run) throw new Error('queueConnectionRun: insert returned nothing');
  if (options.trigger === 'schedule') {
    await tx
      .update(connections)
      .set({ nextRunAt: nextRunAfter(connection.schedule, options.now), updatedAt: options.now })
      .where(eq(connections.id, connection.id));
  }
  await jobs.enqueue(tx, 'connector-run', { runId: run.id, organizationId: run.organizationId });
  await recordAudit(tx, {
    ...options.origin,
    organizationId: run.organizationId,
    action: 'connection_run.queue',
    entityType: 'connection',
    entityId: connection.id,
    after: { runId: run.id, trigger: run.trigger },
  });
  return run;
}

/** The run is taken up: `running`, unless it was taken up already (a retried job). Answers whether it was queued. */
export async function startConnectionRun(tx: DbTransaction, runId: string, now: Date): Promise<boolean> {
  const started = await tx
    .update(connectionRuns)
    .set({ status: 'running', startedAt: now })
    .where(and(eq(connectionRuns.id, runId), eq(connectionRuns.status, 'queued')))
    .returning({ id: connectionRuns.id });
  return started.length > 0;
}

export async function finishConnectionRun(
  tx: DbTransaction,
  run: ConnectionRunRow,
  outcome: { status: ConnectionRunStatus; error: string | null; results: CheckResult[] },
  origin: AuditOrigin,
  now: Date,
): Promise<void> {
  await tx
    .update(connectionRuns)
    .set({ ...outcome, endedAt: now })
    .where(eq(connectionRuns.id, run.id));
  await tx.update(connections).set({ lastRunAt: now, updatedAt: now }).where(eq(connections.id, run.connectionId));
  await recordAudit(tx, {
    ...origin,
    organizationId: run.organizationId,
    action: 'connection_run.finish',
    entityType: 'connection',
    entityId: run.connectionId,
    after: {
      runId: run.id,
      status: outcome.status,
      error: outcome.error,
      checks: outcome.results.map((result) => ({ checkId: result.checkId, outcome: result.outcome, evidenceId: result.evidenceId })),
    },
  });
}

/** Whether the provider took the credentials; answers the status before (to tell the owner once). */
export async function setConnectionHealth(
  tx: DbTransaction,
  connection: ConnectionRow,
  status: ConnectionStatus,
  detail: string | null,
  origin: AuditOrigin,
  now: Date,
): Promise<ConnectionStatus> {
  if (connection.status === status && connection.statusDetail === detail) return status;
  await tx.update(connections).set({ status, statusDetail: detail, updatedAt: now }).where(eq(connections.id, connection.id));
  await recordAudit(tx, {
    ...origin,
    organizationId: connection.organizationId,
    action: 'connection.status',
    entityType: 'connection',
    entityId: connection.id,
    before: { status: connection.status, statusDetail: connection.statusDetail },
    after: { status, statusDetail: detail },
  });
  return connection.status;
}

export type CheckStateRow = typeof connectionCheckStates.$inferSelect;

export async function checkStateOf(tx: DbTransaction, connectionId: string, checkId: string): Promise<CheckStateRow | undefined> {
  const [row] = await tx
    .select()
    .from(connectionCheckStates)
    .where(and(eq(connectionCheckStates.connectionId, connectionId), eq(connectionCheckStates.checkId, checkId)))
    .for('update');
  return row;
}

/** A check's state after a run (recorded on the run's own trail entry). */
export async function saveCheckState(
  tx: DbTransaction,
  connection: ConnectionRow,
  checkId: string,
  state: { outcome: CheckOutcome; failingSince: Date | null; failingResources: CheckResource[]; taskRequestId: string | null },
  now: Date,
): Promise<void> {
  await tx
    .insert(connectionCheckStates)
    .values({ organizationId: connection.organizationId, connectionId: connection.id, checkId, ...state, updatedAt: now })
    .onConflictDoUpdate({
      target: [connectionCheckStates.connectionId, connectionCheckStates.checkId],
      set: { ...state, updatedAt: sql`excluded.updated_at` },
    });
}
