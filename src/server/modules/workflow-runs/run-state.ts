import { and, asc, eq } from 'drizzle-orm';
import type { WorkflowEdge, WorkflowNode } from '../../../shared/schemas/workflows.ts';
import { branchOf } from '../../../shared/rules/workflow-validation.ts';
import type { DbTransaction } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/organizations.ts';
import { workflowRunSteps, workflowRuns } from '../../db/schema/workflow-runs.ts';
import { organizationWorkflows, workflowVersions } from '../../db/schema/workflows.ts';
import { type AuditOrigin, SYSTEM_ORIGIN, recordAudit } from '../../platform/audit/record-audit.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { RunRow } from './actions/action-context.ts';

/** The run state machine's shared moves (docs/workflow-runs.md): read, advance, finish. */

export const SYSTEM = { kind: 'all', userId: null } as const;

export interface LoadedRun {
  run: RunRow;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  workflowName: string;
  workflowCreatedBy: string | null;
}

export async function loadRun(tx: DbTransaction, runId: string, lock: boolean): Promise<LoadedRun | null> {
  const query = tx.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
  const [run] = lock ? await query.for('update') : await query;
  if (!run) return null;
  const [version] = await tx
    .select({
      nodes: workflowVersions.nodes,
      edges: workflowVersions.edges,
      name: organizationWorkflows.name,
      createdBy: organizationWorkflows.createdBy,
    })
    .from(workflowVersions)
    .innerJoin(organizationWorkflows, eq(organizationWorkflows.id, workflowVersions.workflowId))
    .where(eq(workflowVersions.id, run.versionId));
  if (!version) return null;
  return { run, nodes: version.nodes, edges: version.edges, workflowName: version.name, workflowCreatedBy: version.createdBy };
}

/** The next node after `nodeId`: its one edge, or the branch (`yes`/`no`) when it branches. */
export function nextNodeId(edges: WorkflowEdge[], nodeId: string, branch?: 'yes' | 'no'): string | null {
  const outgoing = edges.filter((edge) => edge.source === nodeId);
  if (branch) {
    const chosen = outgoing.find((edge) => branchOf(edge) === branch);
    if (chosen) return chosen.target;
    if (outgoing.some((edge) => branchOf(edge) !== null)) return null;
  }
  return outgoing[0]?.target ?? null;
}

/** Whoever the run acts for: its starter, else the workflow's author, else the organization's first owner. */
export async function actorOf(tx: DbTransaction, loaded: LoadedRun): Promise<string | null> {
  if (loaded.run.startedBy) return loaded.run.startedBy;
  if (loaded.workflowCreatedBy) return loaded.workflowCreatedBy;
  const [owner] = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, loaded.run.organizationId))
    .orderBy(asc(organizationMembers.role), asc(organizationMembers.createdAt))
    .limit(1);
  return owner?.userId ?? null;
}

/** Moves the run to `nodeId` under the next seq and sends that step's job (after `startAfter`, for waits). */
export async function advance(
  tx: DbTransaction,
  jobs: Jobs,
  run: RunRow,
  nodeId: string,
  options: { data?: Record<string, unknown>; waitUntil?: Date } = {},
): Promise<void> {
  const seq = run.stepSeq + 1;
  await tx
    .update(workflowRuns)
    .set({
      currentNodeId: nodeId,
      stepSeq: seq,
      status: options.waitUntil ? 'waiting' : 'running',
      waitingUntil: options.waitUntil ?? null,
      data: { ...run.data, ...options.data },
      updatedAt: new Date(),
    })
    .where(eq(workflowRuns.id, run.id));
  await jobs.enqueue(
    tx,
    'workflow-step',
    { runId: run.id, organizationId: run.organizationId, seq },
    { ...(options.waitUntil ? { startAfter: options.waitUntil } : {}), singletonKey: `${run.id}:${seq}` },
  );
}

/** Ends the run (succeeded, failed or cancelled), on the trail (`workflow_run.finish`, by the system unless a user ended it) and says so: 'workflow_run.finished'. */
export async function finish(
  tx: DbTransaction,
  jobs: Jobs,
  run: RunRow,
  status: 'succeeded' | 'failed' | 'cancelled',
  options: { error?: string; data?: Record<string, unknown>; origin?: AuditOrigin } = {},
): Promise<void> {
  const now = new Date();
  await tx
    .update(workflowRuns)
    .set({
      status,
      error: options.error ?? null,
      data: { ...run.data, ...options.data },
      waitingUntil: null,
      finishedAt: now,
      updatedAt: now,
      ...(status === 'succeeded' ? { currentNodeId: null } : {}),
    })
    .where(eq(workflowRuns.id, run.id));
  await recordAudit(tx, {
    ...(options.origin ?? SYSTEM_ORIGIN),
    organizationId: run.organizationId,
    action: 'workflow_run.finish',
    entityType: 'workflow_run',
    entityId: run.id,
    before: { status: run.status },
    after: { status, error: options.error ?? null },
  });
  await emitDomainEvent(tx, jobs, {
    type: 'workflow_run.finished',
    organizationId: run.organizationId,
    entityId: run.id,
    data: { workflowId: run.workflowId, status, version: run.version },
  });
}

/** Records a step that failed for good and fails its run. */
export async function failStep(tx: DbTransaction, jobs: Jobs, loaded: LoadedRun, node: WorkflowNode | undefined, message: string) {
  const { run } = loaded;
  await tx
    .insert(workflowRunSteps)
    .values({
      organizationId: run.organizationId,
      runId: run.id,
      seq: run.stepSeq,
      nodeId: node?.id ?? run.currentNodeId ?? '',
      nodeType: node?.type ?? 'unknown',
      label: node?.data.label ?? 'Unknown step',
      actionType: node?.data.actionType ?? null,
      status: 'failed',
      input: { ...node?.data.configuration },
      error: message.slice(0, 2000),
      finishedAt: new Date(),
    })
    .onConflictDoNothing();
  await finish(tx, jobs, run, 'failed', { error: message.slice(0, 2000) });
}

export async function runSteps(tx: DbTransaction, runId: string) {
  return tx
    .select()
    .from(workflowRunSteps)
    .where(and(eq(workflowRunSteps.runId, runId)))
    .orderBy(asc(workflowRunSteps.seq));
}
