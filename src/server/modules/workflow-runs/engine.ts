import type { JobWithMetadata } from 'pg-boss';
import { ACTION_CONFIG_SCHEMAS, type WorkflowActionType } from '../../../shared/schemas/workflow-runs.ts';
import type { WorkflowNode } from '../../../shared/schemas/workflows.ts';
import { ExpressionError, evaluateExpression } from '../../../shared/rules/workflow-expression.ts';
import { decisionExpression, isActionType } from '../../../shared/rules/workflow-validation.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { workflowRunSteps, workflowRuns } from '../../db/schema/workflow-runs.ts';
import type { JobDataMap, Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { type ActionContext, type ActionResult, StepFailure } from './actions/action-context.ts';
import { approvalAction } from './actions/approval.ts';
import { createTaskRequestAction } from './actions/create-task-request.ts';
import { notifyAction } from './actions/notify.ts';
import { setControlStatusAction } from './actions/set-control-status.ts';
import { waitAction } from './actions/wait.ts';
import { type WebhookDeps, callWebhook, webhookAction } from './actions/webhook.ts';
import { type LoadedRun, SYSTEM, actorOf, advance, failStep, finish, loadRun, nextNodeId } from './run-state.ts';
import { eq } from 'drizzle-orm';

/**
 * The workflow engine (docs/workflow-runs.md): one 'workflow-step' job per node. A job carries the run
 * and the seq it may move; under the run's row lock it checks that seq is still current, executes the
 * node, records the step (input, outcome, time) and either sends the next seq's job, waits, or ends the
 * run — all in one transaction. A job replayed after a crash finds its seq spent and does nothing.
 */

export interface EngineDeps extends WebhookDeps {
  db: Db;
  jobs: Jobs;
}

type AnyAction = (context: ActionContext<never>) => Promise<ActionResult>;
const ACTIONS: Record<WorkflowActionType, AnyAction> = {
  create_task_request: createTaskRequestAction as AnyAction,
  notify: notifyAction as AnyAction,
  approval: approvalAction as AnyAction,
  wait: waitAction as AnyAction,
  set_control_status: setControlStatusAction as AnyAction,
  webhook: webhookAction as AnyAction,
};

function configOf(node: WorkflowNode): { type: WorkflowActionType; config: unknown } {
  const type = node.data.actionType;
  if (!isActionType(type)) throw new StepFailure(`Unknown action “${type ?? ''}”.`);
  const parsed = ACTION_CONFIG_SCHEMAS[type].safeParse(node.data.configuration ?? {});
  if (!parsed.success) throw new StepFailure(`The step's configuration is not valid: ${parsed.error.issues[0]?.message ?? ''}`);
  return { type, config: parsed.data };
}

function isCurrent(loaded: LoadedRun | null, seq: number): loaded is LoadedRun {
  return Boolean(loaded && loaded.run.stepSeq === seq && (loaded.run.status === 'running' || loaded.run.status === 'waiting'));
}

/** Executes the current node inside the run's transaction (the run row is locked). */
async function execute(
  tx: DbTransaction,
  deps: EngineDeps,
  loaded: LoadedRun,
  node: WorkflowNode,
  external?: Record<string, unknown>,
): Promise<void> {
  const { run } = loaded;
  const now = new Date();
  const record = (status: 'succeeded' | 'waiting', input: Record<string, unknown>, outcome: Record<string, unknown>) =>
    tx.insert(workflowRunSteps).values({
      organizationId: run.organizationId,
      runId: run.id,
      seq: run.stepSeq,
      nodeId: node.id,
      nodeType: node.type,
      label: node.data.label,
      actionType: node.type === 'action' ? (node.data.actionType ?? null) : null,
      status,
      input,
      outcome,
      startedAt: now,
      finishedAt: status === 'succeeded' ? new Date() : null,
    });
  if (node.type === 'end') {
    await record('succeeded', {}, { finished: true });
    await finish(tx, deps.jobs, run, 'succeeded');
    return;
  }
  if (node.type === 'start') {
    await record('succeeded', { data: run.data }, { trigger: run.triggerKind });
    const next = nextNodeId(loaded.edges, node.id);
    if (!next) throw new StepFailure('The start leads nowhere.');
    await advance(tx, deps.jobs, run, next);
    return;
  }
  if (node.type === 'decision') {
    const expression = decisionExpression(node);
    if (!expression) throw new StepFailure('The decision has no condition.');
    let value;
    try {
      value = evaluateExpression(expression, run.data);
    } catch (error) {
      throw new StepFailure(error instanceof ExpressionError ? error.message : 'The condition could not be evaluated.');
    }
    const branch = value !== null && value !== false && value !== 0 && value !== '' ? 'yes' : 'no';
    await record('succeeded', { expression }, { value, branch });
    const next = nextNodeId(loaded.edges, node.id, branch);
    if (!next) throw new StepFailure(`The decision has no “${branch}” branch.`);
    await advance(tx, deps.jobs, run, next);
    return;
  }
  const { type, config } = configOf(node);
  const actorId = await actorOf(tx, loaded);
  const result = await ACTIONS[type]({ tx, jobs: deps.jobs, run, node, config: config as never, now, actorId, external });
  const input = { ...node.data.configuration, ...(type === 'webhook' ? { secret: '••••' } : {}) };
  if (result.next.kind === 'approval') {
    await record('waiting', input, result.outcome);
    await tx.update(workflowRuns).set({ status: 'waiting', updatedAt: now }).where(eq(workflowRuns.id, run.id));
    return;
  }
  await record('succeeded', input, result.outcome);
  const next = nextNodeId(loaded.edges, node.id);
  if (!next) throw new StepFailure('This step leads nowhere.');
  await advance(tx, deps.jobs, run, next, {
    data: result.data,
    ...(result.next.kind === 'until' ? { waitUntil: result.next.at } : {}),
  });
}

async function failRun(deps: EngineDeps, runId: string, seq: number, message: string): Promise<void> {
  await withTenant(deps.db, SYSTEM, async (tx) => {
    const loaded = await loadRun(tx, runId, true);
    if (!isCurrent(loaded, seq)) return;
    await failStep(
      tx,
      deps.jobs,
      loaded,
      loaded.nodes.find((node) => node.id === loaded.run.currentNodeId),
      message,
    );
  });
}

/** One 'workflow-step' job. Throws to have pg-boss retry (with backoff); its last attempt fails the run instead. */
export async function handleWorkflowStep(
  deps: EngineDeps,
  job: Pick<JobWithMetadata<JobDataMap['workflow-step']>, 'data' | 'retryCount' | 'retryLimit'>,
) {
  const { runId, seq } = job.data;
  const lastAttempt = job.retryCount >= job.retryLimit;
  const peek = await withTenant(deps.db, SYSTEM, (tx) => loadRun(tx, runId, false));
  if (!isCurrent(peek, seq)) return;
  const node = peek.nodes.find((candidate) => candidate.id === peek.run.currentNodeId);
  if (peek.run.status === 'waiting' && (!peek.run.waitingUntil || peek.run.waitingUntil > new Date())) return;
  try {
    if (!node) throw new StepFailure(`The step ${peek.run.currentNodeId ?? ''} is not in version ${peek.run.version}.`);
    let external: Record<string, unknown> | undefined;
    if (node.type === 'action' && node.data.actionType === 'webhook') {
      const { config } = configOf(node);
      external = await callWebhook(deps, config as never, {
        runId,
        seq,
        workflowId: peek.run.workflowId,
        organizationId: peek.run.organizationId,
        nodeId: node.id,
        data: peek.run.data,
      });
    }
    await withTenant(deps.db, SYSTEM, async (tx) => {
      const loaded = await loadRun(tx, runId, true);
      if (!isCurrent(loaded, seq)) return;
      await execute(tx, deps, loaded, node, external);
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof StepFailure || lastAttempt) return failRun(deps, runId, seq, message);
    throw error;
  }
}
