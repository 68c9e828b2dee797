import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Connection,
  ConnectionList,
  ConnectionRun,
  ConnectionRunList,
  ConnectorList,
  createConnectionInputSchema,
  TestConnectionResult,
} from '../../../shared/schemas/connectors.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { connectionRuns, connections } from '../../db/schema/connectors.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { Sealer } from '../auth/tokens/sealing.ts';
import { releaseFailures } from './check-consequences.ts';
import { connectorById, connectorView, CONNECTORS } from './connector-catalogue.ts';
import { describeProviderError, isCredentialsRefused, providerStatusOf } from './connector-types.ts';
import { insertConnection, queueConnectionRun, removeConnection, setConnectionHealth } from './connection-records.ts';
import { type ConnectionRow, connectionRunView, connectionViews } from './connection-views.ts';
import { assertPublicEndpoints } from './endpoint-guard.ts';

/**
 * The connections of an organization (issue 38, docs/connectors.md), through the tenant guard: another
 * organization's connection is 404. Credentials are checked by the connector's own rules, sealed, and
 * never returned; a test or run reads the provider outside any transaction.
 */

export const CONNECTION_NOT_FOUND = 'No such connection.';
const TEST_TIMEOUT_MS = 20_000;

export interface ConnectorsContext {
  tenant: Tenant;
  jobs: Jobs;
  sealer: Sealer;
  allowPrivateEndpoints: boolean;
  userId: string;
}

export function listConnectors(): ConnectorList {
  return { connectors: CONNECTORS.map(connectorView) };
}

async function viewOne(tx: DbTransaction, row: ConnectionRow): Promise<Connection> {
  const [view] = await connectionViews(tx, [row]);
  if (!view) throw new Error('viewOne: no view');
  return view;
}

export async function reachableConnection(tx: DbTransaction, tenant: Tenant, id: string, lock = false): Promise<ConnectionRow> {
  const query = tx
    .select()
    .from(connections)
    .where(and(eq(connections.id, id), tenant.where(connections.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, CONNECTION_NOT_FOUND);
  if (!row) throw new AppError('NOT_FOUND', CONNECTION_NOT_FOUND);
  return row;
}

function parseCredentials(connectorId: Connection['connectorId'], given: Record<string, string>): Record<string, unknown> {
  const connector = connectorById(connectorId);
  const present = Object.fromEntries(Object.entries(given).filter(([, value]) => value.trim() !== ''));
  const parsed = connector.credentials.safeParse(present);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The request is not valid.',
      parsed.error.issues.map((issue) => ({ path: ['body', 'credentials', ...issue.path].join('.'), message: issue.message })),
    );
  }
  return parsed.data as Record<string, unknown>;
}

export async function createConnection(
  context: ConnectorsContext,
  input: z.output<typeof createConnectionInputSchema>,
  now = new Date(),
): Promise<Connection> {
  const { tenant } = context;
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'body.organizationId',
    soleAssignmentImplied: true,
  });
  const credentials = parseCredentials(input.connectorId, input.credentials);
  await assertPublicEndpoints(connectorById(input.connectorId), credentials, context.allowPrivateEndpoints);
  return tenant.transaction(async (tx) => {
    const row = await insertConnection(
      tx,
      context.jobs,
      {
        organizationId,
        connectorId: input.connectorId,
        name: input.name,
        schedule: input.schedule,
        sealedCredentials: context.sealer.seal(JSON.stringify(credentials)),
        credentialKeys: Object.keys(credentials).sort(),
        ownerId: context.userId,
      },
      tenant.origin,
      now,
    );
    return viewOne(tx, row);
  });
}

export async function listConnections(tenant: Tenant, query: { organizationId?: string }): Promise<ConnectionList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(connections)
      .where(and(eq(connections.organizationId, organizationId), tenant.where(connections.organizationId)))
      .orderBy(asc(connections.name));
    return { organizationId, connections: await connectionViews(tx, rows) };
  });
}

/** Asks the provider who the stored credentials are; the connection's status says what it answered. */
export async function testConnection(context: ConnectorsContext, id: string): Promise<TestConnectionResult> {
  const { tenant } = context;
  const row = await tenant.transaction((tx) => reachableConnection(tx, tenant, id));
  const connector = connectorById(row.connectorId);
  let result: TestConnectionResult;
  let status: Connection['status'];
  try {
    const credentials = connector.credentials.parse(JSON.parse(context.sealer.open(row.sealedCredentials)));
    await assertPublicEndpoints(connector, credentials as Record<string, unknown>, context.allowPrivateEndpoints);
    const client = connector.connect(credentials, { timeoutMs: TEST_TIMEOUT_MS });
    const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
    result = { ok: true, detail: await connector.identify(client, { signal, now: new Date() }) };
    status = 'ok';
  } catch (error) {
    const refused = isCredentialsRefused(error) || providerStatusOf(error) === 403 || error instanceof AppError;
    result = { ok: false, detail: error instanceof AppError ? error.message : describeProviderError(error) };
    status = refused ? 'credentials_failed' : 'error';
  }
  await tenant.transaction(async (tx) => {
    const current = await reachableConnection(tx, tenant, id, true);
    await setConnectionHealth(tx, current, status, result.ok ? null : result.detail, tenant.origin, new Date());
  });
  return result;
}

export async function runConnection(context: ConnectorsContext, id: string, now = new Date()): Promise<ConnectionRun> {
  const { tenant } = context;
  return tenant.transaction(async (tx) => {
    const row = await reachableConnection(tx, tenant, id, true);
    const run = await queueConnectionRun(tx, context.jobs, row, {
      trigger: 'manual',
      requestedBy: context.userId,
      origin: tenant.origin,
      now,
    });
    return connectionRunView(run);
  });
}

export async function listConnectionRuns(tenant: Tenant, id: string, limit: number): Promise<ConnectionRunList> {
  return tenant.transaction(async (tx) => {
    await reachableConnection(tx, tenant, id);
    const rows = await tx
      .select()
      .from(connectionRuns)
      .where(eq(connectionRuns.connectionId, id))
      .orderBy(desc(connectionRuns.createdAt))
      .limit(limit);
    return { runs: rows.map(connectionRunView) };
  });
}

export async function deleteConnection(tenant: Tenant, jobs: Jobs, id: string, now = new Date()): Promise<void> {
  await tenant.transaction(async (tx) => {
    const connection = await reachableConnection(tx, tenant, id, true);
    await releaseFailures({ tx, jobs, connection, origin: tenant.origin, now });
    await removeConnection(tx, connection, tenant.origin);
  });
}
