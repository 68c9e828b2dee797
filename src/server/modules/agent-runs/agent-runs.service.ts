import { and, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AgentDetail,
  type AgentFailure,
  type AgentList,
  type AgentRun,
  type AgentStatus,
  type AgentSummary,
} from '../../../shared/schemas/agent-runs.ts';
import { WORK_KINDS } from '../../../shared/schemas/task-requests.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { agentRuns, agents } from '../../db/schema/agent-runs.ts';
import { aiOutputs, outputReviews } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';

/**
 * The Agent Dashboard's figures (docs/delivery.md "Agents"), computed from runs, outputs and reviews,
 * never stored. Every tenant table is read inside the tenant's transaction and filtered by it, so staff
 * see counts and current tasks of the organizations they reach only; administrators see all.
 */

const RECENT_FAILURES = 5;
const RECENT_RUNS = 20;
const WEEK_MS = 7 * 86_400_000;

type AgentRow = typeof agents.$inferSelect;

interface Statistics {
  tasksCompleted: Map<string, number>;
  successRate: Map<string, number>;
  currentTask: Map<string, string>;
  queueDepth: Map<string, number>;
  runsLast7Days: Map<string, number>;
  failures: Map<string, AgentFailure[]>;
}

async function statistics(tx: DbTransaction, tenant: Tenant, agentIds: readonly string[], now: Date): Promise<Statistics> {
  const inScope = and(tenant.where(agentRuns.organizationId), inArray(agentRuns.agentId, [...agentIds]));

  const runCounts = await tx
    .select({
      agentId: agentRuns.agentId,
      queued: sql<number>`count(*) filter (where ${agentRuns.status} = 'queued')`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${agentRuns.createdAt} > ${new Date(now.getTime() - WEEK_MS).toISOString()})`.mapWith(
        Number,
      ),
    })
    .from(agentRuns)
    .where(inScope)
    .groupBy(agentRuns.agentId);

  // The running run's request: joined under the same tenant filter on both tables.
  const running = await tx
    .select({ agentId: agentRuns.agentId, title: taskRequests.title })
    .from(agentRuns)
    .innerJoin(taskRequests, eq(taskRequests.id, agentRuns.taskRequestId))
    .where(and(inScope, eq(agentRuns.status, 'running'), tenant.where(taskRequests.organizationId)))
    .orderBy(desc(agentRuns.startedAt), desc(agentRuns.createdAt));

  const completed = await tx
    .select({ agentId: aiOutputs.agentId, requests: countDistinct(aiOutputs.taskRequestId) })
    .from(aiOutputs)
    .where(and(tenant.where(aiOutputs.organizationId), inArray(aiOutputs.agentId, [...agentIds]), eq(aiOutputs.status, 'approved')))
    .groupBy(aiOutputs.agentId);

  // Per reviewed request: was it ever rejected, was it approved. First-time approvals / reviewed requests.
  const reviewed = await tx
    .select({
      agentId: aiOutputs.agentId,
      rejected: sql<boolean>`bool_or(${outputReviews.decision} = 'rejected')`,
      approved: sql<boolean>`bool_or(${outputReviews.decision} = 'approved')`,
    })
    .from(outputReviews)
    .innerJoin(aiOutputs, eq(aiOutputs.id, outputReviews.outputId))
    .where(
      and(tenant.where(outputReviews.organizationId), tenant.where(aiOutputs.organizationId), inArray(aiOutputs.agentId, [...agentIds])),
    )
    .groupBy(aiOutputs.agentId, outputReviews.taskRequestId);

  const failures = new Map<string, AgentFailure[]>();
  for (const agentId of agentIds) {
    const rows = await tx
      .select({
        runId: agentRuns.id,
        taskRequestId: agentRuns.taskRequestId,
        status: agentRuns.status,
        error: agentRuns.error,
        finishedAt: agentRuns.finishedAt,
        createdAt: agentRuns.createdAt,
      })
      .from(agentRuns)
      .where(and(tenant.where(agentRuns.organizationId), eq(agentRuns.agentId, agentId), inArray(agentRuns.status, ['failed', 'dead'])))
      .orderBy(desc(sql`coalesce(${agentRuns.finishedAt}, ${agentRuns.createdAt})`), desc(agentRuns.id))
      .limit(RECENT_FAILURES);
    failures.set(
      agentId,
      rows.map((row) => ({
        runId: row.runId,
        taskRequestId: row.taskRequestId,
        status: row.status,
        error: row.error,
        at: (row.finishedAt ?? row.createdAt).toISOString(),
      })),
    );
  }

  const successRate = new Map<string, number>();
  const tally = new Map<string, { reviewed: number; firstTime: number }>();
  for (const row of reviewed) {
    const entry = tally.get(row.agentId) ?? { reviewed: 0, firstTime: 0 };
    entry.reviewed += 1;
    if (row.approved && !row.rejected) entry.firstTime += 1;
    tally.set(row.agentId, entry);
  }
  for (const [agentId, entry] of tally) successRate.set(agentId, Math.round((entry.firstTime / entry.reviewed) * 1000) / 10);

  const currentTask = new Map<string, string>();
  for (const row of running) if (!currentTask.has(row.agentId)) currentTask.set(row.agentId, row.title);

  return {
    tasksCompleted: new Map(completed.map((row) => [row.agentId, row.requests])),
    successRate,
    currentTask,
    queueDepth: new Map(runCounts.map((row) => [row.agentId, row.queued])),
    runsLast7Days: new Map(runCounts.map((row) => [row.agentId, row.recent])),
    failures,
  };
}

function summarize(agent: AgentRow, stats: Statistics): AgentSummary {
  return {
    id: agent.id,
    name: agent.name,
    type: agent.type,
    workKind: agent.workKind,
    description: agent.description,
    status: agent.status,
    tasksCompleted: stats.tasksCompleted.get(agent.id) ?? 0,
    successRate: stats.successRate.get(agent.id) ?? null,
    currentTask: stats.currentTask.get(agent.id) ?? null,
    queueDepth: stats.queueDepth.get(agent.id) ?? 0,
    runsLast7Days: stats.runsLast7Days.get(agent.id) ?? 0,
    recentFailures: stats.failures.get(agent.id) ?? [],
    updatedAt: agent.updatedAt.toISOString(),
  };
}

const byWorkKind = (a: AgentRow, b: AgentRow) =>
  WORK_KINDS.indexOf(a.workKind) - WORK_KINDS.indexOf(b.workKind) || a.id.localeCompare(b.id);

export async function listAgents(tenant: Tenant, now = new Date()): Promise<AgentList> {
  return tenant.transaction(async (tx) => {
    const rows = (await tx.select().from(agents)).sort(byWorkKind);
    if (rows.length === 0) return { agents: [] };
    const stats = await statistics(
      tx,
      tenant,
      rows.map((row) => row.id),
      now,
    );
    return { agents: rows.map((row) => summarize(row, stats)) };
  });
}

export async function getAgent(tenant: Tenant, agentId: string, now = new Date()): Promise<AgentDetail> {
  return tenant.transaction(async (tx) => {
    const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId));
    if (!agent) throw new AppError('NOT_FOUND', 'No such agent.');
    const stats = await statistics(tx, tenant, [agent.id], now);
    const rows = await tx
      .select({ run: agentRuns, requestTitle: taskRequests.title })
      .from(agentRuns)
      .innerJoin(taskRequests, eq(taskRequests.id, agentRuns.taskRequestId))
      .where(and(eq(agentRuns.agentId, agent.id), tenant.where(agentRuns.organizationId), tenant.where(taskRequests.organizationId)))
      .orderBy(desc(agentRuns.createdAt), desc(agentRuns.id))
      .limit(RECENT_RUNS);
    const runs: AgentRun[] = rows.map(({ run, requestTitle }) => ({
      id: run.id,
      taskRequestId: run.taskRequestId,
      requestTitle,
      status: run.status,
      attempts: run.attempts,
      provider: run.provider,
      model: run.model,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      durationMs: run.startedAt && run.finishedAt ? Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime()) : null,
      error: run.error,
      createdAt: run.createdAt.toISOString(),
    }));
    return { ...summarize(agent, stats), runs };
  });
}

/**
 * An administrator sets an agent's status; the job handler pauses an agent in maintenance. Agents serve
 * every organization, so the change is on the global chain (`agent.status`).
 */
export async function updateAgentStatus(tenant: Tenant, agentId: string, status: AgentStatus): Promise<AgentSummary> {
  await tenant.transaction(async (tx) => {
    const [current] = await tx.select({ status: agents.status }).from(agents).where(eq(agents.id, agentId)).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'No such agent.');
    await tx.update(agents).set({ status, updatedAt: new Date() }).where(eq(agents.id, agentId));
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: null,
      action: 'agent.status',
      entityType: 'agent',
      entityId: agentId,
      before: { status: current.status },
      after: { status },
    });
  });
  const { runs: _runs, ...summary } = await getAgent(tenant, agentId);
  return summary;
}
