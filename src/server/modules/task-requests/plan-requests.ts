import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Department, TaskClassification, TaskRequestSummary } from '../../../shared/schemas/task-requests.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { assistantPlanSteps, assistantPlans } from '../../db/schema/assistant-plans.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { ClassifyTask } from './classify-task.ts';
import { insertTaskRequest } from './pipeline.ts';
import { selectSummaryRows, summariesOf } from './task-request-views.ts';

/**
 * An approved advisor plan becomes work: one task request per step (source `plan`), classified like
 * any other. Classification happens before the transaction (the provider may be a network call);
 * the insert skips steps that already have their request, so doing it twice creates nothing new.
 */

/** The advisor's step categories (advisor-suggestion.ts) and the department whose work each is. */
const DEPARTMENT_FOR_CATEGORY: Record<string, Department> = {
  compliance_assessment: 'compliance',
  audit_preparation: 'compliance',
  documentation: 'compliance',
  risk_assessment: 'risk',
  vendor_management: 'risk',
  privacy: 'legal',
  policy: 'legal',
  security: 'operations',
  training: 'operations',
  process_improvement: 'operations',
};

export function departmentForCategory(category: string): Department {
  return DEPARTMENT_FOR_CATEGORY[category] ?? 'compliance';
}

export interface PlanRequestDraft {
  stepId: string;
  title: string;
  description: string;
  department: Department;
  classification: TaskClassification;
}

export interface PreparedPlanRequests {
  planId: string;
  organizationId: string;
  /** The plan's owner: the requests are theirs. */
  ownerId: string;
  drafts: PlanRequestDraft[];
}

/** The plan with the organization its subscription was bought for; null when there is no such plan. */
export async function planWithOrganization(db: Db | DbTransaction, planId: string) {
  const [plan] = await db
    .select({
      id: assistantPlans.id,
      status: assistantPlans.status,
      userId: assistantPlans.userId,
      organizationId: subscriptions.organizationId,
    })
    .from(assistantPlans)
    .innerJoin(subscriptions, eq(subscriptions.id, assistantPlans.subscriptionId))
    .where(eq(assistantPlans.id, planId));
  return plan ?? null;
}

/** Reads the plan's steps and classifies those without a request yet. Call outside any transaction. */
export async function preparePlanRequests(
  db: Db,
  classify: ClassifyTask,
  planId: string,
  skipStepIds: ReadonlySet<string> = new Set(),
): Promise<PreparedPlanRequests | null> {
  const plan = await planWithOrganization(db, planId);
  if (!plan) return null;
  const steps = await db
    .select()
    .from(assistantPlanSteps)
    .where(eq(assistantPlanSteps.planId, planId))
    .orderBy(asc(assistantPlanSteps.orderIndex));
  const drafts: PlanRequestDraft[] = [];
  for (const step of steps.filter((candidate) => !skipStepIds.has(candidate.id))) {
    const department = departmentForCategory(step.category);
    const classification = await classify({ title: step.title, description: step.description, department, deadline: null, frameworks: [] });
    drafts.push({ stepId: step.id, title: step.title, description: step.description, department, classification });
  }
  return { planId, organizationId: plan.organizationId, ownerId: plan.userId, drafts };
}

async function requestedStepIds(tx: DbTransaction, planId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ stepId: taskRequests.planStepId })
    .from(taskRequests)
    .where(and(eq(taskRequests.planId, planId), isNotNull(taskRequests.planStepId)));
  return new Set(rows.map((row) => row.stepId).filter((id): id is string => id !== null));
}

/**
 * Submits a request for each prepared step that has none yet, in the caller's transaction (one that
 * reaches the plan's organization), and answers their ids. The plan row is locked so two callers
 * cannot both create them. The caller records the one trail entry, naming the plan.
 */
export async function insertPlanRequests(tx: DbTransaction, jobs: Jobs, prepared: PreparedPlanRequests): Promise<string[]> {
  await tx.select({ id: assistantPlans.id }).from(assistantPlans).where(eq(assistantPlans.id, prepared.planId)).for('update');
  const existing = await requestedStepIds(tx, prepared.planId);
  const created: string[] = [];
  for (const draft of prepared.drafts.filter((candidate) => !existing.has(candidate.stepId))) {
    const request = await insertTaskRequest(tx, jobs, {
      organizationId: prepared.organizationId,
      requestedBy: prepared.ownerId,
      title: draft.title,
      description: draft.description,
      department: draft.department,
      deadline: null,
      frameworks: [],
      source: 'plan',
      planId: prepared.planId,
      planStepId: draft.stepId,
      classification: draft.classification,
    });
    created.push(request.id);
  }
  return created;
}

/**
 * POST /api/v1/assistant-plans/:planId/task-requests: an approved plan of an organization the caller
 * reaches becomes its task requests; a second call creates nothing and returns the same requests.
 */
export async function createTaskRequestsFromPlan(
  tenant: Tenant,
  deps: { db: Db; jobs: Jobs; classify: ClassifyTask },
  planId: string,
): Promise<{ created: number; requests: TaskRequestSummary[] }> {
  const plan = await planWithOrganization(deps.db, planId);
  tenant.assert(plan?.organizationId, 'No plan has this id.');
  if (plan.status !== 'approved') {
    throw new AppError('CONFLICT', 'Only an approved plan becomes task requests. This one is still waiting for a reviewer’s approval.');
  }
  const existing = await tenant.transaction((tx) => requestedStepIds(tx, planId));
  const prepared = await preparePlanRequests(deps.db, deps.classify, planId, existing);
  if (!prepared) throw new AppError('NOT_FOUND', 'No plan has this id.');
  return tenant.transaction(async (tx) => {
    const created = prepared.drafts.length > 0 ? await insertPlanRequests(tx, deps.jobs, prepared) : [];
    if (created.length > 0) {
      await recordAudit(tx, {
        ...tenant.origin,
        organizationId: prepared.organizationId,
        action: 'plan.task_requests_create',
        entityType: 'plan',
        entityId: planId,
        after: { taskRequestIds: created },
      });
    }
    const rows = await selectSummaryRows(
      tx,
      and(eq(taskRequests.planId, planId), tenant.where(taskRequests.organizationId)),
      [asc(taskRequests.createdAt), asc(taskRequests.id)],
      200,
    );
    return { created: created.length, requests: await summariesOf(tx, rows) };
  });
}
