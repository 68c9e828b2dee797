import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  WorkflowApproval,
  WorkflowRun,
  WorkflowRunDetail,
  approvalListQuerySchema,
  decideWorkflowApprovalInputSchema,
  workflowRunListQuerySchema,
} from '../../../shared/schemas/workflow-runs.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { workflowApprovals, workflowRunSteps, workflowRuns } from '../../db/schema/workflow-runs.ts';
import { organizationWorkflows } from '../../db/schema/workflows.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { RunRow } from './actions/action-context.ts';
import { advance, finish, loadRun, nextNodeId, runSteps } from './run-state.ts';
import { startRun } from './start-run.ts';

/** Runs and approvals through the tenant guard: another organization's run is 404, like a missing one. */

const RUN_NOT_FOUND = 'Workflow run not found.';
const APPROVAL_NOT_FOUND = 'Approval not found.';

type ApprovalRow = typeof workflowApprovals.$inferSelect;

function runView(row: RunRow, name: string): WorkflowRun {
  return {
    id: row.id,
    organization_id: row.organizationId,
    workflow_id: row.workflowId,
    workflow_name: name,
    version: row.version,
    status: row.status,
    trigger_kind: row.triggerKind,
    current_node_id: row.currentNodeId,
    waiting_until: row.waitingUntil?.toISOString() ?? null,
    data: row.data,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function approvalView(row: ApprovalRow, workflow: { id: string; name: string }): WorkflowApproval {
  return {
    id: row.id,
    run_id: row.runId,
    workflow_id: workflow.id,
    workflow_name: workflow.name,
    node_id: row.nodeId,
    title: row.title,
    instructions: row.instructions,
    status: row.status,
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  };
}

async function reachableRun(tx: DbTransaction, tenant: Tenant, runId: string, lock = false): Promise<RunRow> {
  const query = tx
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.id, runId), tenant.where(workflowRuns.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, RUN_NOT_FOUND);
  return row;
}

async function workflowName(tx: DbTransaction, workflowId: string): Promise<string> {
  const [row] = await tx
    .select({ name: organizationWorkflows.name })
    .from(organizationWorkflows)
    .where(eq(organizationWorkflows.id, workflowId));
  return row?.name ?? '';
}

export async function getWorkflowRun(tenant: Tenant, runId: string): Promise<WorkflowRunDetail> {
  return tenant.transaction(async (tx) => detail(tx, await reachableRun(tx, tenant, runId)));
}

async function detail(tx: DbTransaction, run: RunRow): Promise<WorkflowRunDetail> {
  const name = await workflowName(tx, run.workflowId);
  const steps = await runSteps(tx, run.id);
  const approvals = await tx.select().from(workflowApprovals).where(eq(workflowApprovals.runId, run.id)).orderBy(workflowApprovals.seq);
  return {
    ...runView(run, name),
    steps: steps.map((step) => ({
      id: step.id,
      seq: step.seq,
      node_id: step.nodeId,
      node_type: step.nodeType,
      label: step.label,
      action_type: step.actionType,
      status: step.status,
      input: step.input,
      outcome: step.outcome,
      error: step.error,
      attempts: step.attempts,
      started_at: step.startedAt.toISOString(),
      finished_at: step.finishedAt?.toISOString() ?? null,
    })),
    approvals: approvals.map((row) => approvalView(row, { id: run.workflowId, name })),
  };
}

export async function listWorkflowRuns(tenant: Tenant, query: z.output<typeof workflowRunListQuerySchema>): Promise<WorkflowRun[]> {
  if (query.organizationId) tenant.assert(query.organizationId, 'No such organization.');
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select({ run: workflowRuns, name: organizationWorkflows.name })
      .from(workflowRuns)
      .innerJoin(organizationWorkflows, eq(organizationWorkflows.id, workflowRuns.workflowId))
      .where(
        and(
          tenant.where(workflowRuns.organizationId),
          ...(query.organizationId ? [eq(workflowRuns.organizationId, query.organizationId)] : []),
          ...(query.workflowId ? [eq(workflowRuns.workflowId, query.workflowId)] : []),
          ...(query.status ? [eq(workflowRuns.status, query.status)] : []),
        ),
      )
      .orderBy(desc(workflowRuns.createdAt))
      .limit(query.limit);
    return rows.map((row) => runView(row.run, row.name));
  });
}

/** 'Run now': a manual run of the workflow's published version. */
export async function startWorkflowRun(
  tenant: Tenant,
  jobs: Jobs,
  input: { workflowId: string; userId: string; data: Record<string, unknown> },
): Promise<WorkflowRunDetail> {
  return tenant.transaction(async (tx) => {
    const [workflow] = await tx
      .select()
      .from(organizationWorkflows)
      .where(and(eq(organizationWorkflows.id, input.workflowId), tenant.where(organizationWorkflows.organizationId)));
    tenant.assert(workflow?.organizationId, 'Workflow not found.');
    if (workflow.status === 'paused') throw new AppError('CONFLICT', 'The workflow is paused: resume it to run it.');
    const run = await startRun(tx, jobs, {
      workflow,
      triggerKind: 'manual',
      data: input.data,
      startedBy: input.userId,
      origin: tenant.origin,
    });
    if (!run) throw new Error('startWorkflowRun: a manual run has no trigger key to collide on');
    return detail(tx, run);
  });
}

/** Cancels a run that is running or waiting; its pending approvals are withdrawn. */
export async function cancelWorkflowRun(tenant: Tenant, jobs: Jobs, runId: string): Promise<WorkflowRunDetail> {
  return tenant.transaction(async (tx) => {
    const run = await reachableRun(tx, tenant, runId, true);
    if (run.status !== 'running' && run.status !== 'waiting')
      throw new AppError('CONFLICT', 'Only a running or waiting run can be cancelled.');
    await tx
      .update(workflowApprovals)
      .set({ status: 'cancelled', decidedAt: new Date() }) // when it stopped waiting (Program Analytics)
      .where(and(eq(workflowApprovals.runId, run.id), eq(workflowApprovals.status, 'pending')));
    await finish(tx, jobs, run, 'cancelled', { origin: tenant.origin });
    return detail(tx, await reachableRun(tx, tenant, runId));
  });
}

/** Retries a failed run from the step that failed, on the same (pinned) version. */
export async function retryWorkflowRun(tenant: Tenant, jobs: Jobs, runId: string): Promise<WorkflowRunDetail> {
  return tenant.transaction(async (tx) => {
    const run = await reachableRun(tx, tenant, runId, true);
    if (run.status !== 'failed' || !run.currentNodeId) throw new AppError('CONFLICT', 'Only a failed run can be retried.');
    await tx.update(workflowRuns).set({ error: null, finishedAt: null }).where(eq(workflowRuns.id, run.id));
    await advance(tx, jobs, { ...run, error: null }, run.currentNodeId);
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: run.organizationId,
      action: 'workflow_run.retry',
      entityType: 'workflow_run',
      entityId: run.id,
      before: { status: run.status, error: run.error, currentNodeId: run.currentNodeId },
    });
    return detail(tx, await reachableRun(tx, tenant, runId));
  });
}

export async function listWorkflowApprovals(tenant: Tenant, query: z.output<typeof approvalListQuerySchema>): Promise<WorkflowApproval[]> {
  if (query.organizationId) tenant.assert(query.organizationId, 'No such organization.');
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select({ approval: workflowApprovals, workflowId: workflowRuns.workflowId, name: organizationWorkflows.name })
      .from(workflowApprovals)
      .innerJoin(workflowRuns, eq(workflowRuns.id, workflowApprovals.runId))
      .innerJoin(organizationWorkflows, eq(organizationWorkflows.id, workflowRuns.workflowId))
      .where(
        and(
          tenant.where(workflowApprovals.organizationId),
          ...(query.organizationId ? [eq(workflowApprovals.organizationId, query.organizationId)] : []),
          ...(query.status ? [eq(workflowApprovals.status, query.status)] : []),
        ),
      )
      .orderBy(desc(workflowApprovals.createdAt))
      .limit(200);
    return rows.map((row) => approvalView(row.approval, { id: row.workflowId, name: row.name }));
  });
}

/**
 * Approve or reject: the decision joins the run's data (`approval`, `approvalNote`) and picks the branch
 * (the approval step's own approved/rejected edges, or its one edge to a decision that reads `approval`).
 */
export async function decideWorkflowApproval(
  tenant: Tenant,
  jobs: Jobs,
  input: { approvalId: string; userId: string; decision: z.output<typeof decideWorkflowApprovalInputSchema> },
): Promise<WorkflowRunDetail> {
  return tenant.transaction(async (tx) => {
    const [approval] = await tx
      .select()
      .from(workflowApprovals)
      .where(and(eq(workflowApprovals.id, input.approvalId), tenant.where(workflowApprovals.organizationId)))
      .for('update');
    tenant.assert(approval?.organizationId, APPROVAL_NOT_FOUND);
    const loaded = await loadRun(tx, approval.runId, true);
    if (approval.status !== 'pending' || !loaded || loaded.run.status !== 'waiting' || loaded.run.stepSeq !== approval.seq) {
      throw new AppError('CONFLICT', 'This approval has already been decided or withdrawn.');
    }
    const { decision, note } = input.decision;
    const now = new Date();
    await tx
      .update(workflowApprovals)
      .set({ status: decision, decidedBy: input.userId, decidedAt: now, note })
      .where(eq(workflowApprovals.id, approval.id));
    await tx
      .update(workflowRunSteps)
      .set({ status: 'succeeded', outcome: { approvalId: approval.id, decision, note, decidedBy: input.userId }, finishedAt: now })
      .where(and(eq(workflowRunSteps.runId, approval.runId), inArray(workflowRunSteps.seq, [approval.seq])));
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: approval.organizationId,
      action: 'workflow_approval.decide',
      entityType: 'workflow_approval',
      entityId: approval.id,
      before: { status: approval.status },
      after: { status: decision, note, runId: approval.runId },
    });
    const data = { approval: decision, approvalNote: note };
    const next = nextNodeId(loaded.edges, approval.nodeId, decision === 'approved' ? 'yes' : 'no');
    if (next) await advance(tx, jobs, loaded.run, next, { data });
    // A run that cannot go on fails here, by the system: the decision itself is the user's entry above.
    else await finish(tx, jobs, loaded.run, 'failed', { error: `The approval step has no “${decision}” branch.`, data });
    return detail(tx, await reachableRun(tx, tenant, approval.runId));
  });
}
