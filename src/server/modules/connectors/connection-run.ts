import { eq } from 'drizzle-orm';
import { CHECK_RESOURCES_KEPT, type CheckResult, type ConnectionRunStatus } from '../../../shared/schemas/connectors.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { connectionRuns, connections } from '../../db/schema/connectors.ts';
import { SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import type { Sealer } from '../auth/tokens/sealing.ts';
import { recordCollectedEvidence } from '../evidence/evidence-create.ts';
import { notify } from '../notifications/notifications.service.ts';
import { applyCheckResult, connectionsHref } from './check-consequences.ts';
import { connectorById } from './connector-catalogue.ts';
import {
  type CheckContext,
  type CheckOutput,
  type ConnectorDefinition,
  describeProviderError,
  isCredentialsRefused,
  providerStatusOf,
} from './connector-types.ts';
import { finishConnectionRun, setConnectionHealth, startConnectionRun } from './connection-records.ts';
import type { ConnectionRow, ConnectionRunRow } from './connection-views.ts';
import { assertPublicEndpoints } from './endpoint-guard.ts';

/**
 * One run of a connection (the `connector-run` job, docs/connectors.md): the credentials are opened,
 * the provider asked who they are, then every check runs with its own time limit, outside any
 * transaction. Each answer is stored as a JSON file (content-addressed, SHA-256) and, in one transaction,
 * becomes evidence on the check's controls and has its consequences. A check that could not run says why
 * in the run; credentials the provider refuses mark the connection and tell its owner.
 */

export interface ConnectorRunDeps {
  db: Db;
  jobs: Jobs;
  fileStore: FileStore;
  sealer: Sealer;
  allowPrivateEndpoints: boolean;
  /** Each check's limit (all its requests and retries). */
  checkTimeoutMs?: number;
  /** Each request's limit. */
  requestTimeoutMs?: number;
}

const system = { kind: 'all', userId: null } as const;
const DEFAULT_CHECK_TIMEOUT_MS = 120_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 20_000;

class CheckTimeout extends Error {
  override name = 'TimeoutError';
}

/** Runs `work` with an abort signal that fires after `ms`; answers as soon as the time is up, whatever `work` does. */
async function withTimeLimit<T>(ms: number, work: (context: CheckContext) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort(new CheckTimeout('time is up'));
      reject(new CheckTimeout(`No answer within ${Math.round(ms / 1000)} s.`));
    }, ms);
  });
  try {
    return await Promise.race([work({ signal: controller.signal, now: new Date() }), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function resultOf(check: ConnectorDefinition['checks'][number], output: CheckOutput | Error): CheckResult {
  const base = { checkId: check.id, title: check.title, controlIds: [...check.controlIds], evidenceId: null };
  if (output instanceof Error) {
    return {
      ...base,
      outcome: 'error',
      summary: `Could not be checked: ${describeProviderError(output)}`,
      resources: [],
      moreResources: 0,
    };
  }
  const passed = output.passed ?? (output.resources.length > 0 ? output.resources.every((resource) => resource.passed) : true);
  const ordered = [...output.resources.filter((resource) => !resource.passed), ...output.resources.filter((resource) => resource.passed)];
  return {
    ...base,
    outcome: passed ? 'pass' : 'fail',
    summary: output.summary.slice(0, 1000),
    resources: ordered.slice(0, CHECK_RESOURCES_KEPT),
    moreResources: Math.max(0, ordered.length - CHECK_RESOURCES_KEPT),
  };
}

function runStatus(results: readonly CheckResult[]): ConnectionRunStatus {
  if (results.some((result) => result.outcome === 'error'))
    return results.every((result) => result.outcome === 'error') ? 'error' : 'partial';
  return results.some((result) => result.outcome === 'fail') ? 'failed' : 'passed';
}

async function loadRun(tx: DbTransaction, runId: string) {
  const [row] = await tx
    .select({ run: connectionRuns, connection: connections })
    .from(connectionRuns)
    .innerJoin(connections, eq(connections.id, connectionRuns.connectionId))
    .where(eq(connectionRuns.id, runId));
  return row;
}

/** Ends a run that could not start its checks (credentials, endpoint, provider down), saying why. */
async function abortRun(
  deps: ConnectorRunDeps,
  run: ConnectionRunRow,
  connection: ConnectionRow,
  why: { error: string; credentials: boolean; unreachable: boolean },
) {
  const now = new Date();
  await withTenant(deps.db, system, async (tx) => {
    await finishConnectionRun(tx, run, { status: 'error', error: why.error, results: [] }, SYSTEM_ORIGIN, now);
    if (!why.credentials && !why.unreachable) return;
    const status = why.credentials ? 'credentials_failed' : 'error';
    const before = await setConnectionHealth(tx, connection, status, why.error, SYSTEM_ORIGIN, now);
    if (why.credentials && before !== 'credentials_failed') {
      await notify(tx, deps.jobs, {
        organizationId: connection.organizationId,
        userIds: [connection.ownerId],
        kind: 'integration',
        title: `The ${connection.name} connection’s credentials stopped working`,
        body: `${why.error} Its checks did not run. Give the connection new read-only credentials under Integrations → Connections.`,
        link: connectionsHref(connection.organizationId),
        sourceKey: `connection-credentials:${connection.id}:${run.id}`,
      });
    }
  });
}

async function storeAnswer(
  deps: ConnectorRunDeps,
  connection: ConnectionRow,
  identity: string,
  result: CheckResult,
  output: CheckOutput,
  collectedAt: Date,
) {
  const document = {
    connector: connection.connectorId,
    connection: { id: connection.id, name: connection.name, identity },
    check: { id: result.checkId, title: result.title, controlIds: result.controlIds },
    collectedAt: collectedAt.toISOString(),
    outcome: result.outcome,
    summary: result.summary,
    resources: output.resources,
    response: output.raw,
  };
  return deps.fileStore.put(Buffer.from(JSON.stringify(document, null, 2)));
}

export async function executeConnectionRun(deps: ConnectorRunDeps, runId: string): Promise<void> {
  const startedAt = new Date();
  const loaded = await withTenant(deps.db, system, async (tx) => {
    const row = await loadRun(tx, runId);
    if (!row) return null;
    if (await startConnectionRun(tx, runId, startedAt)) return row;
    // A job retried after its worker died mid-run: the run ends as an error rather than staying `running`.
    if (row.run.status === 'running') {
      await finishConnectionRun(
        tx,
        row.run,
        { status: 'error', error: 'The worker running it stopped; the next run checks again.', results: [] },
        SYSTEM_ORIGIN,
        new Date(),
      );
    }
    return null;
  });
  if (!loaded) return;
  const { run, connection } = loaded;
  const connector = connectorById(connection.connectorId);
  let credentials: Record<string, unknown>;
  try {
    credentials = connector.credentials.parse(JSON.parse(deps.sealer.open(connection.sealedCredentials))) as Record<string, unknown>;
    await assertPublicEndpoints(connector, credentials, deps.allowPrivateEndpoints);
  } catch (error) {
    await abortRun(deps, run, connection, {
      error: `The stored credentials cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      credentials: true,
      unreachable: false,
    });
    return;
  }
  const checkMs = deps.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const client = connector.connect(credentials, { timeoutMs: deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS });
  let identity: string;
  try {
    identity = await withTimeLimit(checkMs, (context) => connector.identify(client, context));
  } catch (error) {
    const refused = isCredentialsRefused(error) || providerStatusOf(error) === 403;
    await abortRun(deps, run, connection, { error: describeProviderError(error), credentials: refused, unreachable: !refused });
    return;
  }
  const checked: { result: CheckResult; output: CheckOutput | null }[] = [];
  for (const check of connector.checks) {
    const output = await withTimeLimit(checkMs, (context) => check.run(client, context)).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
    checked.push({ result: resultOf(check, output), output: output instanceof Error ? null : output });
  }
  const collectedAt = new Date();
  const files = new Map<string, { sha256: string; size: number }>();
  for (const { result, output } of checked)
    if (output) files.set(result.checkId, await storeAnswer(deps, connection, identity, result, output, collectedAt));
  await withTenant(deps.db, system, async (tx) => {
    const now = new Date();
    const [current] = await tx.select().from(connections).where(eq(connections.id, connection.id)).for('update');
    if (!current) return;
    for (const { result } of checked) {
      const file = files.get(result.checkId);
      if (file) {
        const item = await recordCollectedEvidence(
          tx,
          current.organizationId,
          {
            title: `${connector.name}: ${result.title} — ${result.outcome === 'pass' ? 'passed' : 'failed'} (${current.name})`,
            description: result.summary,
            controlIds: result.controlIds,
            file: { ...file, fileName: `${current.connectorId}-${result.checkId}.json`, mediaType: 'application/json' },
            collectedAt,
            periodStart: startedAt.toISOString().slice(0, 10),
            periodEnd: collectedAt.toISOString().slice(0, 10),
            uploadedBy: current.ownerId,
          },
          SYSTEM_ORIGIN,
          now,
        );
        result.evidenceId = item?.id ?? null;
      }
      await applyCheckResult({ tx, jobs: deps.jobs, connection: current, origin: SYSTEM_ORIGIN, now }, result);
    }
    const results = checked.map(({ result }) => result);
    await setConnectionHealth(tx, current, 'ok', null, SYSTEM_ORIGIN, now);
    await finishConnectionRun(tx, run, { status: runStatus(results), error: null, results }, SYSTEM_ORIGIN, now);
  });
}

export async function startConnectorRunWorker(jobs: JobQueue, deps: ConnectorRunDeps): Promise<void> {
  await jobs.work('connector-run', { localConcurrency: 2 }, async (job) => executeConnectionRun(deps, job.data.runId));
}
