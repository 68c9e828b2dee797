import { and, eq, inArray } from 'drizzle-orm';
import type { Connection, ConnectionRun } from '../../../shared/schemas/connectors.ts';
import type { DbTransaction } from '../../db/client.ts';
import { connectionCheckStates, type connectionRuns, type connections } from '../../db/schema/connectors.ts';

export type ConnectionRow = typeof connections.$inferSelect;
export type ConnectionRunRow = typeof connectionRuns.$inferSelect;

/** Connections as the API shows them: the credential keys given, never their values. */
export async function connectionViews(tx: DbTransaction, rows: readonly ConnectionRow[]): Promise<Connection[]> {
  const failing =
    rows.length === 0
      ? []
      : await tx
          .select({ connectionId: connectionCheckStates.connectionId, checkId: connectionCheckStates.checkId })
          .from(connectionCheckStates)
          .where(
            and(
              inArray(
                connectionCheckStates.connectionId,
                rows.map((row) => row.id),
              ),
              eq(connectionCheckStates.outcome, 'fail'),
            ),
          );
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    connectorId: row.connectorId,
    name: row.name,
    schedule: row.schedule,
    status: row.status,
    statusDetail: row.statusDetail,
    credentialKeys: [...row.credentialKeys],
    ownerId: row.ownerId,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt.toISOString(),
    failingChecks: failing
      .filter((state) => state.connectionId === row.id)
      .map((state) => state.checkId)
      .sort(),
    createdAt: row.createdAt.toISOString(),
  }));
}

export function connectionRunView(row: ConnectionRunRow): ConnectionRun {
  return {
    id: row.id,
    connectionId: row.connectionId,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    error: row.error,
    results: row.results,
    createdAt: row.createdAt.toISOString(),
  };
}
