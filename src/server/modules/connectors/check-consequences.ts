import { and, eq, inArray } from 'drizzle-orm';
import type { CheckResult } from '../../../shared/schemas/connectors.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';
import type { DbTransaction } from '../../db/client.ts';
import { connectionCheckStates, connections } from '../../db/schema/connectors.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import type { AuditOrigin } from '../../platform/audit/record-audit.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { classifyBuiltin } from '../agent-runs/providers/builtin-classifier.ts';
import { clearFailingControls, markControlsFailing } from '../frameworks/control-state.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';
import { closeResolvedTaskRequest } from '../task-requests/task-request-status.ts';
import { connectorById } from './connector-catalogue.ts';
import { checkStateOf, saveCheckState } from './connection-records.ts';
import type { ConnectionRow } from './connection-views.ts';

/**
 * What a check's result sets in motion (docs/connectors.md), in the run's transaction, each through the
 * owning module's named function: a failure marks its controls failing with the resources at fault
 * (frameworks' control state), opens one task for the controls' owner (task-requests) and emits
 * `connector.check_failed`, once per failure; a pass after a failure closes that task and gives back the
 * controls no other failing check still holds. A check that could not run changes nothing.
 */

export interface CheckConsequenceContext {
  tx: DbTransaction;
  jobs: Jobs;
  connection: ConnectionRow;
  origin: AuditOrigin;
  now: Date;
}

/** The owner of the first of these controls that has one, else the connection's owner. */
async function ownerOf(context: CheckConsequenceContext, controlIds: readonly string[]): Promise<string> {
  if (controlIds.length === 0) return context.connection.ownerId;
  const rows = await context.tx
    .select({ controlId: organizationControls.controlId, ownerId: organizationControls.ownerId })
    .from(organizationControls)
    .where(
      and(
        eq(organizationControls.organizationId, context.connection.organizationId),
        inArray(organizationControls.controlId, [...controlIds]),
      ),
    );
  const owners = new Map(rows.map((row) => [row.controlId, row.ownerId]));
  for (const id of controlIds) {
    const owner = owners.get(id);
    if (owner) return owner;
  }
  return context.connection.ownerId;
}

async function openFailureTask(context: CheckConsequenceContext, result: CheckResult, requestedBy: string): Promise<string> {
  const connector = connectorById(context.connection.connectorId);
  const failing = result.resources.filter((resource) => !resource.passed);
  const input = {
    title: `Fix failing check: ${result.title} (${context.connection.name})`.slice(0, 200),
    description:
      `${connector.name} check “${result.title}” failed on ${context.now.toISOString().slice(0, 10)}: ${result.summary}\n\nControls: ${result.controlIds.join(', ')}.\n\nResources at fault:\n${failing
        .slice(0, 30)
        .map((resource) => `- ${resource.id}: ${resource.detail}`)
        .join(
          '\n',
        )}${failing.length > 30 ? `\n- and ${failing.length - 30} more (see the run's evidence)` : ''}\n\nThis task closes by itself when the check passes again.`.slice(
        0,
        5000,
      ),
    department: 'compliance' as const,
    deadline: null,
    frameworks: [],
  };
  const task = await submitTaskRequest(context.tx, context.jobs, {
    ...input,
    organizationId: context.connection.organizationId,
    requestedBy,
    source: 'connector',
    classification: classifyBuiltin({ ...input, now: context.now }),
    submittedAt: context.now,
    origin: context.origin,
  });
  return task.id;
}

/** Controls other failing checks of the organization still hold failing. */
async function stillFailedElsewhere(context: CheckConsequenceContext, checkId: string): Promise<Set<string>> {
  const rows = await context.tx
    .select({
      connectionId: connectionCheckStates.connectionId,
      checkId: connectionCheckStates.checkId,
      connectorId: connections.connectorId,
    })
    .from(connectionCheckStates)
    .innerJoin(connections, eq(connections.id, connectionCheckStates.connectionId))
    .where(and(eq(connectionCheckStates.organizationId, context.connection.organizationId), eq(connectionCheckStates.outcome, 'fail')));
  const held = new Set<string>();
  for (const row of rows) {
    if (row.connectionId === context.connection.id && row.checkId === checkId) continue;
    const check = connectorById(row.connectorId).checks.find((candidate) => candidate.id === row.checkId);
    for (const id of check?.controlIds ?? []) held.add(id);
  }
  return held;
}

export async function applyCheckResult(context: CheckConsequenceContext, result: CheckResult): Promise<void> {
  if (result.outcome === 'error') return;
  const { tx, connection, now, origin } = context;
  const before = await checkStateOf(tx, connection.id, result.checkId);
  if (result.outcome === 'fail') {
    const failing = result.resources.filter((resource) => !resource.passed);
    await markControlsFailing(
      tx,
      connection.organizationId,
      result.controlIds,
      { connectionId: connection.id, checkId: result.checkId, summary: result.summary, resources: failing.slice(0, 20) },
      origin,
      now,
    );
    let taskRequestId = before?.outcome === 'fail' ? before.taskRequestId : null;
    if (before?.outcome !== 'fail') {
      taskRequestId = await openFailureTask(context, result, await ownerOf(context, result.controlIds));
      await emitDomainEvent(tx, context.jobs, {
        type: 'connector.check_failed',
        organizationId: connection.organizationId,
        entityId: connection.id,
        data: {
          connectorId: connection.connectorId,
          checkId: result.checkId,
          title: result.title,
          failingResources: failing.length,
          taskRequestId,
        },
      });
    }
    await saveCheckState(
      tx,
      connection,
      result.checkId,
      { outcome: 'fail', failingSince: before?.failingSince ?? now, failingResources: failing.slice(0, 200), taskRequestId },
      now,
    );
    return;
  }
  if (before?.outcome === 'fail') {
    if (before.taskRequestId) {
      await closeResolvedTaskRequest(
        tx,
        context.jobs,
        before.taskRequestId,
        `The check “${result.title}” passes again (${connection.name}).`,
        now,
      );
    }
    const held = await stillFailedElsewhere(context, result.checkId);
    await clearFailingControls(
      tx,
      connection.organizationId,
      result.controlIds.filter((id) => !held.has(id)),
      origin,
      now,
    );
  }
  await saveCheckState(
    tx,
    connection,
    result.checkId,
    { outcome: 'pass', failingSince: null, failingResources: [], taskRequestId: null },
    now,
  );
}

/** The connection's link, for notices. */
export const connectionsHref = (organizationId: string) => workspaceHref.integrations({ organizationId });

/**
 * A connection is deleted: what its failing checks set in motion ends with it — their tasks are closed and
 * their controls given back (those no other failing check holds). Called before the connection goes.
 */
export async function releaseFailures(context: CheckConsequenceContext): Promise<void> {
  const { tx, connection } = context;
  const failing = await tx
    .select()
    .from(connectionCheckStates)
    .where(and(eq(connectionCheckStates.connectionId, connection.id), eq(connectionCheckStates.outcome, 'fail')));
  const connector = connectorById(connection.connectorId);
  for (const state of failing) {
    if (state.taskRequestId) {
      await closeResolvedTaskRequest(tx, context.jobs, state.taskRequestId, `The connection ${connection.name} was deleted.`, context.now);
    }
    await saveCheckState(
      tx,
      connection,
      state.checkId,
      { outcome: 'pass', failingSince: null, failingResources: [], taskRequestId: null },
      context.now,
    );
  }
  for (const state of failing) {
    const held = await stillFailedElsewhere(context, state.checkId);
    const controlIds = connector.checks.find((check) => check.id === state.checkId)?.controlIds ?? [];
    await clearFailingControls(
      tx,
      connection.organizationId,
      controlIds.filter((id) => !held.has(id)),
      context.origin,
      context.now,
    );
  }
}
