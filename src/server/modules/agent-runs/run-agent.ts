import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import { AGENT_RUN_FAILED_MESSAGE } from '../../../shared/schemas/agent-runs.ts';
import type { Db } from '../../db/client.ts';
import { agentRuns, agents } from '../../db/schema/agent-runs.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { organizations, staffAssignments } from '../../db/schema/organizations.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { JobDataMap, Jobs } from '../jobs/job-types.ts';
import { emitTaskStatusChanged } from '../task-requests/task-status-events.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { withTenant } from '../organizations/tenant.ts';
import { organizationPlan } from '../task-requests/pipeline.ts';
import { recordTaskEvent } from '../task-requests/task-events.ts';
import type { AgentProvider, DraftInput } from './providers/agent-provider.ts';

/**
 * The 'agent-run' job (docs/delivery.md): one attempt at drafting a request. Three short transactions
 * around the provider call, which never runs inside one: claim (run running, request in progress),
 * draft, record (the output version — once per run, whatever replays — the request in review).
 * A throw fails the attempt; pg-boss retries it with backoff and dead-letters it when out of tries.
 */

export interface RunAgentDeps {
  db: Db;
  jobs: Jobs;
  provider: AgentProvider;
  /** Wakes the mail sender after a transaction queued mail. */
  mailQueued?: () => void;
}

type RunJob = Pick<JobWithMetadata<JobDataMap['agent-run']>, 'id' | 'data' | 'retryCount' | 'retryLimit'>;

/** How long a run of a paused agent (maintenance) waits before it looks again. */
export const MAINTENANCE_RECHECK_MS = 60_000;

const system = { kind: 'all', userId: null } as const;

export type RunOutcome = 'drafted' | 'already-done' | 'paused' | 'cancelled';

export async function runAgentJob(deps: RunAgentDeps, job: RunJob): Promise<RunOutcome> {
  const { db, provider } = deps;
  const { runId } = job.data;

  const claimed = await withTenant(db, system, async (tx) => {
    const [row] = await tx
      .select({ run: agentRuns, request: taskRequests, agent: agents, organization: organizations })
      .from(agentRuns)
      .innerJoin(taskRequests, eq(taskRequests.id, agentRuns.taskRequestId))
      .innerJoin(agents, eq(agents.id, agentRuns.agentId))
      .innerJoin(organizations, eq(organizations.id, agentRuns.organizationId))
      .where(eq(agentRuns.id, runId))
      .for('update', { of: agentRuns });
    if (!row || ['succeeded', 'dead', 'cancelled'].includes(row.run.status)) return { outcome: 'already-done' as const };
    if (row.request.status === 'cancelled' || row.request.status === 'delivered') {
      await tx.update(agentRuns).set({ status: 'cancelled', finishedAt: new Date() }).where(eq(agentRuns.id, runId));
      return { outcome: 'cancelled' as const };
    }
    if (row.agent.status === 'maintenance') {
      // Paused: the run waits in the queue (a fresh job, so the wait spends none of its retries).
      const plan = await organizationPlan(tx, row.run.organizationId);
      const jobId = await deps.jobs.enqueue(tx, 'agent-run', job.data, {
        startAfter: new Date(Date.now() + MAINTENANCE_RECHECK_MS),
        group: { id: row.run.organizationId, tier: plan.id },
      });
      await tx.update(agentRuns).set({ jobId }).where(eq(agentRuns.id, runId));
      return { outcome: 'paused' as const };
    }
    const attempt = job.retryCount + 1;
    await tx
      .update(agentRuns)
      .set({ status: 'running', attempts: attempt, startedAt: new Date(), error: null })
      .where(eq(agentRuns.id, runId));
    await tx.update(taskRequests).set({ status: 'in_progress', updatedAt: new Date() }).where(eq(taskRequests.id, row.request.id));
    await tx
      .update(deliverables)
      .set({ assignedTo: row.agent.name, updatedAt: new Date() })
      .where(eq(deliverables.taskRequestId, row.request.id));
    await recordTaskEvent(tx, {
      organizationId: row.request.organizationId,
      taskRequestId: row.request.id,
      kind: 'agent_started',
      detail: `${row.agent.name} started ${row.run.reviewNotes ? 'a new version with the reviewer’s notes' : 'the first draft'}${attempt > 1 ? ` (attempt ${attempt})` : ''}.`,
    });
    const [previous] = await tx
      .select({ version: aiOutputs.version, body: aiOutputs.body })
      .from(aiOutputs)
      .where(eq(aiOutputs.taskRequestId, row.request.id))
      .orderBy(desc(aiOutputs.version))
      .limit(1);
    const earlier = await tx
      .select({ id: deliverables.id, title: deliverables.title, type: deliverables.type })
      .from(deliverables)
      .where(and(eq(deliverables.organizationId, row.request.organizationId), eq(deliverables.status, 'completed')))
      .orderBy(desc(deliverables.completedAt))
      .limit(10);
    const input: DraftInput = {
      request: {
        id: row.request.id,
        title: row.request.title,
        description: row.request.description,
        department: row.request.department,
        frameworks: row.request.frameworks,
        workKind: row.request.workKind,
        deadline: row.request.deadline,
      },
      organization: {
        id: row.organization.id,
        name: row.organization.name,
        size: row.organization.size,
        country: row.organization.country,
        website: row.organization.website,
      },
      reviewNotes: row.run.reviewNotes,
      previous: previous ?? null,
      earlierDeliverables: earlier,
    };
    return { outcome: 'claimed' as const, input, agentId: row.agent.id };
  });
  if (claimed.outcome !== 'claimed') return claimed.outcome;

  let draft;
  try {
    draft = await provider.draft(db, claimed.input);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await withTenant(db, system, (tx) =>
      tx
        .update(agentRuns)
        .set({ status: 'failed', error: message.slice(0, 2_000), finishedAt: new Date() })
        .where(eq(agentRuns.id, runId)),
    );
    throw error;
  }

  return withTenant(db, system, async (tx) => {
    const [run] = await tx.select().from(agentRuns).where(eq(agentRuns.id, runId)).for('update');
    const [request] = run ? await tx.select().from(taskRequests).where(eq(taskRequests.id, run.taskRequestId)) : [];
    if (!run || !request || run.status === 'succeeded') return 'already-done' as const;
    if (request.status === 'cancelled') {
      await tx.update(agentRuns).set({ status: 'cancelled', finishedAt: new Date() }).where(eq(agentRuns.id, runId));
      return 'cancelled' as const;
    }
    const [latest] = await tx
      .select({ version: max(aiOutputs.version) })
      .from(aiOutputs)
      .where(eq(aiOutputs.taskRequestId, request.id));
    const version = (latest?.version ?? 0) + 1;
    const inserted = await tx
      .insert(aiOutputs)
      .values({
        organizationId: request.organizationId,
        taskRequestId: request.id,
        runId,
        agentId: claimed.agentId,
        version,
        title: draft.title,
        type: request.workKind,
        confidence: Math.round(Math.min(100, Math.max(0, draft.confidence))),
        summary: draft.summary,
        keyFindings: draft.keyFindings,
        riskScore: Math.round(Math.min(100, Math.max(0, draft.riskScore))),
        recommendations: draft.recommendations,
        body: draft.body,
        sources: draft.sources,
        status: 'pending_review',
      })
      .onConflictDoNothing({ target: aiOutputs.runId })
      .returning({ id: aiOutputs.id });
    if (inserted.length === 0) return 'already-done' as const;
    // Any older version still waiting is replaced by this one.
    await tx
      .update(aiOutputs)
      .set({ status: 'superseded' })
      .where(and(eq(aiOutputs.taskRequestId, request.id), eq(aiOutputs.status, 'pending_review'), sql`${aiOutputs.version} < ${version}`));
    await tx
      .update(agentRuns)
      .set({
        status: 'succeeded',
        finishedAt: new Date(),
        provider: draft.provider,
        model: draft.model,
        inputTokens: draft.inputTokens,
        outputTokens: draft.outputTokens,
        error: null,
      })
      .where(eq(agentRuns.id, runId));
    await tx
      .update(taskRequests)
      .set({ status: 'in_review', failureMessage: null, updatedAt: new Date() })
      .where(eq(taskRequests.id, request.id));
    await emitTaskStatusChanged(tx, deps.jobs, request, 'in_review');
    await tx.update(deliverables).set({ status: 'in_review', updatedAt: new Date() }).where(eq(deliverables.taskRequestId, request.id));
    await recordTaskEvent(
      tx,
      { organizationId: request.organizationId, taskRequestId: request.id, kind: 'draft_ready', detail: `Version ${version} is drafted.` },
      {
        organizationId: request.organizationId,
        taskRequestId: request.id,
        kind: 'in_review',
        detail: 'Waiting for a reviewer on our team.',
      },
    );
    return 'drafted' as const;
  });
}

/**
 * A run out of retries (the dead-letter queue): the run is dead, the request failed with words for the
 * client, and the staff serving the organization are e-mailed. The request itself is never lost: staff
 * can queue a new run from it.
 */
export async function deadLetterAgentRun(deps: RunAgentDeps, data: JobDataMap['agent-run']): Promise<void> {
  const queuedMail = await withTenant(deps.db, system, async (tx) => {
    const [run] = await tx.select().from(agentRuns).where(eq(agentRuns.id, data.runId)).for('update');
    if (!run || run.status === 'succeeded' || run.status === 'dead' || run.status === 'cancelled') return false;
    const [request] = await tx.select().from(taskRequests).where(eq(taskRequests.id, run.taskRequestId));
    await tx.update(agentRuns).set({ status: 'dead', finishedAt: new Date() }).where(eq(agentRuns.id, run.id));
    if (!request || request.status === 'cancelled' || request.status === 'delivered') return false;
    await tx
      .update(taskRequests)
      .set({ status: 'failed', failureMessage: AGENT_RUN_FAILED_MESSAGE, updatedAt: new Date() })
      .where(eq(taskRequests.id, request.id));
    await emitTaskStatusChanged(tx, deps.jobs, request, 'failed');
    await recordTaskEvent(tx, {
      organizationId: request.organizationId,
      taskRequestId: request.id,
      kind: 'run_failed',
      detail: AGENT_RUN_FAILED_MESSAGE,
    });
    const staff = await tx
      .select({ email: authUsers.email })
      .from(staffAssignments)
      .innerJoin(authUsers, eq(authUsers.id, staffAssignments.staffUserId))
      .where(eq(staffAssignments.organizationId, request.organizationId));
    const addresses = [...new Set(staff.map((row) => row.email).filter((email): email is string => Boolean(email)))];
    for (const to of addresses) {
      await enqueueEmail(tx, {
        kind: 'agent_run_failed',
        to,
        subject: `Agent run failed: ${request.title}`,
        text: `The agent could not draft "${request.title}" after ${run.attempts} attempts.\n\nLast error: ${run.error ?? 'unknown'}\n\nOpen the request in the workspace and queue a new run, or draft it by hand.`,
      });
    }
    return addresses.length > 0;
  });
  if (queuedMail) deps.mailQueued?.();
}
