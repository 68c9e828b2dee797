import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readJson } from '../read-response.ts';
import { createTenantFixture, type TenantFixture } from '../tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../test-database.ts';
import { type Connection, type ConnectionRun, connectionSchema, type ConnectorId } from '../../src/shared/schemas/connectors.ts';
import { buildApp } from '../../src/server/app.ts';
import { connectionRuns } from '../../src/server/db/schema/connectors.ts';
import { parseEnv } from '../../src/server/env.ts';
import { withTenant } from '../../src/server/platform/tenancy/tenant.ts';
import { createSealer } from '../../src/server/modules/auth/tokens/sealing.ts';
import { type ConnectorRunDeps, executeConnectionRun } from '../../src/server/modules/connectors/connection-run.ts';
import { connectionRunView } from '../../src/server/modules/connectors/connection-views.ts';
import { runConnection } from '../../src/server/modules/connectors/connections.service.ts';
import { tenantOf } from '../../src/server/platform/tenancy/tenant.ts';

/**
 * One connector's test against its local peer (docs/connectors.md, "Tests"): the real app on a real
 * database (made once per file), a connection made through the API, runs executed here one at a time
 * (JOB_WORKERS=off) so a test reads exactly what one run found.
 */

const system = { kind: 'all', userId: null } as const;

export interface ConnectorTestKit {
  app: FastifyInstance;
  database: TestDatabase;
  fixture: TenantFixture;
  connect(connectorId: ConnectorId, credentials: Record<string, string>): Promise<Connection>;
  /** Queues a run of the connection and executes it; answers the run as listConnectionRuns shows it. */
  run(connection: Connection, overrides?: Partial<ConnectorRunDeps>): Promise<ConnectionRun>;
  close(): Promise<void>;
}

export async function connectorTestKit(): Promise<ConnectorTestKit> {
  const database = await createTestDatabase();
  const app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', JOB_WORKERS: 'off', CONNECTOR_ALLOW_PRIVATE_ENDPOINTS: '1' }) });
  const fixture = await createTenantFixture(app, database);
  const deps: ConnectorRunDeps = {
    db: database.db,
    jobs: app.jobs,
    fileStore: app.fileStore,
    sealer: createSealer(app.env.AUTH_SECRET),
    allowPrivateEndpoints: true,
  };
  const tenant = tenantOf(database.db, system);
  return {
    app,
    database,
    fixture,
    async connect(connectorId, credentials) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/connections',
        headers: { authorization: `Bearer ${fixture.tokens.staffOfA}` },
        payload: {
          organizationId: fixture.orgs.a.id,
          connectorId,
          name: `${connectorId} ${Math.random().toString(36).slice(2, 7)}`,
          credentials,
        },
      });
      if (answer.statusCode !== 201) throw new Error(`createConnection answered ${answer.statusCode}: ${answer.body}`);
      return readJson(answer, connectionSchema);
    },
    async run(connection, overrides = {}) {
      const queued = await runConnection(
        { tenant, jobs: app.jobs, sealer: deps.sealer, allowPrivateEndpoints: true, userId: fixture.userIds.staffOfA },
        connection.id,
      );
      await executeConnectionRun({ ...deps, ...overrides }, queued.id);
      const [row] = await withTenant(database.db, system, (tx) =>
        tx.select().from(connectionRuns).where(eq(connectionRuns.id, queued.id)).orderBy(desc(connectionRuns.createdAt)),
      );
      if (!row) throw new Error('run: no run');
      return connectionRunView(row);
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/** The result of one check of a run, or a failure naming the checks there are. */
export function checkOf(run: ConnectionRun, checkId: string): ConnectionRun['results'][number] {
  const found = run.results.find((result) => result.checkId === checkId);
  if (!found)
    throw new Error(`No result for ${checkId}: ${run.results.map((result) => result.checkId).join(', ')} (${run.error ?? run.status})`);
  return found;
}

/** The resources a check found at fault. */
export const failingOf = (result: ConnectionRun['results'][number]) => result.resources.filter((resource) => !resource.passed);
