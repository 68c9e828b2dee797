import { and, desc, eq, inArray } from 'drizzle-orm';
import { PLANS, type Plan } from '../../../shared/pricing-plans.ts';
import type { Department, TaskClassification, TaskPriority, TaskSource } from '../../../shared/schemas/task-requests.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { type agentRuns, agents } from '../../db/schema/agent-runs.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { taskAttachments, taskRequests } from '../../db/schema/task-requests.ts';
import { attachAgentRunJob, insertQueuedAgentRun } from './agent-run-state.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { openDeliverable } from '../deliverables/deliverable-state.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { recordTaskEvent } from './task-events.ts';

/**
 * The delivery pipeline's ordering (docs/delivery.md): submit → classified → queued agent run. Each
 * step writes its row, its timeline event and its job in the caller's transaction, so a request the
 * client was told "sent" exists with its job, or neither does.
 */

type Tx = Db | DbTransaction;
export type TaskRequestRow = typeof taskRequests.$inferSelect;
export type AgentRunRow = typeof agentRuns.$inferSelect;

const DEFAULT_PLAN = PLANS[0] as Plan;

/** The organization's plan: its live subscription's, or the first plan when it has none (a trial). */
export async function organizationPlan(tx: Tx, organizationId: string): Promise<Plan> {
  const [row] = await tx
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, organizationId), inArray(subscriptions.status, ['active', 'past_due'])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return PLANS.find((plan) => plan.id === row?.plan) ?? DEFAULT_PLAN;
}

/** Adds business days (Monday to Friday, in UTC), keeping the time of day. */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** The SLA clock: a critical request gets the plan's urgent turnaround, every other one its standard turnaround. */
export function slaDueAt(submittedAt: Date, plan: Plan, priority: TaskPriority): Date {
  if (priority === 'critical') return new Date(submittedAt.getTime() + plan.urgentTurnaroundHours * 3_600_000);
  return addBusinessDays(submittedAt, plan.turnaroundBusinessDays);
}

export interface SubmitTaskRequestInput {
  organizationId: string;
  requestedBy: string;
  title: string;
  description: string;
  department: Department;
  deadline: string | null;
  frameworks: string[];
  source: TaskSource;
  planId?: string | null;
  planStepId?: string | null;
  /** Uploaded attachments (task_attachments ids of this organization, not yet attached) to link. */
  attachmentIds?: string[];
  classification: TaskClassification;
  /** Defaults to now. */
  submittedAt?: Date;
  /** Who submits, for the audit trail; defaults to the requester with no address (a job, a workflow). */
  origin?: AuditOrigin;
}

/**
 * Creates the request, its timeline (submitted, classified), its pending deliverable and the first
 * agent run with its job, and records it on the audit trail. Call it inside the tenant transaction
 * that authorised the caller.
 */
export async function submitTaskRequest(tx: DbTransaction, jobs: Jobs, input: SubmitTaskRequestInput): Promise<TaskRequestRow> {
  const request = await insertTaskRequest(tx, jobs, input);
  await recordAudit(tx, {
    ...(input.origin ?? { actor: input.requestedBy }),
    organizationId: request.organizationId,
    action: 'task_request.create',
    entityType: 'task_request',
    entityId: request.id,
    after: request,
  });
  return request;
}

/**
 * submitTaskRequest without its own trail entry, for a state change that makes requests as part of
 * something larger and records that one entry itself (a plan's steps, an auditor's item): one
 * operation, one entry naming its main entity (docs/audit.md).
 */
export async function insertTaskRequest(tx: DbTransaction, jobs: Jobs, input: SubmitTaskRequestInput): Promise<TaskRequestRow> {
  const submittedAt = input.submittedAt ?? new Date();
  const plan = await organizationPlan(tx, input.organizationId);
  const { classification } = input;
  const [request] = await tx
    .insert(taskRequests)
    .values({
      organizationId: input.organizationId,
      requestedBy: input.requestedBy,
      title: input.title,
      description: input.description,
      department: input.department,
      deadline: input.deadline,
      frameworks: input.frameworks,
      source: input.source,
      planId: input.planId ?? null,
      planStepId: input.planStepId ?? null,
      priority: classification.priority,
      complexity: classification.complexity,
      estimateMinDays: classification.estimateMinDays,
      estimateMaxDays: classification.estimateMaxDays,
      workKind: classification.workKind,
      agentId: classification.agentId,
      classificationReasons: classification.reasons,
      classifiedBy: classification.provider,
      status: 'queued',
      dueAt: slaDueAt(submittedAt, plan, classification.priority),
      createdAt: submittedAt,
      updatedAt: submittedAt,
    })
    .returning();
  if (!request) throw new Error('submitTaskRequest: insert returned nothing');
  if (input.attachmentIds?.length) {
    await tx
      .update(taskAttachments)
      .set({ taskRequestId: request.id })
      .where(and(inArray(taskAttachments.id, input.attachmentIds), eq(taskAttachments.organizationId, input.organizationId)));
  }
  const [agent] = await tx.select({ name: agents.name }).from(agents).where(eq(agents.id, classification.agentId));
  await openDeliverable(tx, {
    organizationId: request.organizationId,
    taskRequestId: request.id,
    title: request.title,
    type: request.workKind,
    description: request.description.slice(0, 500),
    tags: request.frameworks,
    dueAt: request.dueAt,
    assignedTo: agent?.name ?? '',
  });
  await recordTaskEvent(
    tx,
    jobs,
    { organizationId: request.organizationId, taskRequestId: request.id, kind: 'submitted', actorId: input.requestedBy },
    {
      organizationId: request.organizationId,
      taskRequestId: request.id,
      kind: 'classified',
      detail: `${classification.priority} priority, ${classification.complexity} complexity, ${classification.estimateMinDays}-${classification.estimateMaxDays} days; assigned to ${agent?.name ?? classification.agentId}.`,
    },
  );
  await startAgentRun(tx, jobs, { taskRequest: request, plan });
  return request;
}

export interface StartAgentRunInput {
  taskRequest: Pick<TaskRequestRow, 'id' | 'organizationId' | 'agentId'>;
  /** The reviewer's notes for a redraft; omit for the first draft. */
  reviewNotes?: string | null;
  /** The organization's plan, when the caller has it already (sets the concurrency tier). */
  plan?: Plan;
}

/** Queues an agent run (a row and its job) for a request: the first draft, or a redraft with a reviewer's notes. */
export async function startAgentRun(tx: DbTransaction, jobs: Jobs, input: StartAgentRunInput): Promise<AgentRunRow> {
  const { taskRequest } = input;
  const plan = input.plan ?? (await organizationPlan(tx, taskRequest.organizationId));
  const run = await insertQueuedAgentRun(tx, {
    organizationId: taskRequest.organizationId,
    taskRequestId: taskRequest.id,
    agentId: taskRequest.agentId,
    reviewNotes: input.reviewNotes ?? null,
  });
  const jobId = await jobs.enqueue(
    tx,
    'agent-run',
    { runId: run.id, organizationId: run.organizationId },
    { group: { id: run.organizationId, tier: plan.id } },
  );
  if (jobId) await attachAgentRunJob(tx, run.id, jobId);
  await tx.update(taskRequests).set({ status: 'queued', updatedAt: new Date() }).where(eq(taskRequests.id, taskRequest.id));
  return { ...run, jobId };
}
