import { and, eq } from 'drizzle-orm';
import { decideOutputInputSchema } from '../../../shared/schemas/reviews.ts';
import type { TaskClassification } from '../../../shared/schemas/task-requests.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { attachAgentRunJob } from '../task-requests/agent-run-state.ts';
import { createBuiltinAgentProvider } from '../agent-runs/providers/builtin-agent-provider.ts';
import { runAgentJob } from '../agent-runs/run-agent.ts';
import { decideOutput } from '../reviews/decide-output.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';
import { createTaskComment } from '../task-requests/task-comments.service.ts';
import { cancelTaskRequest } from '../task-requests/task-requests.service.ts';
import { handleWorkflowStep } from '../workflow-runs/engine.ts';
import { decideWorkflowApproval, listWorkflowApprovals, startWorkflowRun } from '../workflow-runs/runs.service.ts';
import { publishWorkflow, useWorkflowTemplate as copyWorkflowTemplate } from '../workflows/organization-workflows.service.ts';
import { APPROVED_SCORES, daysFrom, REDRAFT_SCORES, REQUESTS } from './sample-content.ts';
import type { SampleContext } from './sample-context.ts';

/**
 * The sample's work (docs/sample-data.md): task requests taken to every state through the delivery
 * pipeline (agent runs driven inline with the offline builtin provider, reviews by our sample reviewer;
 * the open requests' runs handed to the real queue at the end), and two workflows from the template library with a run waiting for approval and a finished one.
 */

export async function loadSampleRequests(context: SampleContext): Promise<void> {
  const { deps, now, jobs, ids, organizationId, manager, reviewer } = context;
  const { db } = deps;
  const builtin = createBuiltinAgentProvider();
  const step = (name: string) => deps.onStep?.(name);
  step('task requests');
  const reviewDecision = {
    jobs,
    publicOrigin: deps.publicOrigin,
  };
  for (const request of REQUESTS) {
    const submittedAt = daysFrom(now, -request.daysAgo);
    const classification: TaskClassification = await builtin.classify({
      title: request.title,
      description: request.description,
      department: request.department,
      deadline: null,
      frameworks: request.frameworks,
      now: submittedAt,
    });
    const row = await manager.transaction((tx) =>
      submitTaskRequest(tx, jobs, {
        organizationId,
        requestedBy: request.end === 'cancelled' ? ids.client_member : ids.client_manager,
        title: request.title,
        description: request.description,
        department: request.department,
        deadline: null,
        frameworks: request.frameworks,
        source: 'wizard',
        classification,
        submittedAt,
      }),
    );
    const runs = jobs.take('agent-run');
    if (request.end === 'queued') {
      context.openRuns.push(...runs); // To the real queue when the load ends (handOverOpenRuns).
      continue;
    }
    const [run] = runs;
    if (request.end === 'cancelled') {
      await cancelTaskRequest(manager, row.id, jobs);
      continue;
    }
    if (!run) throw new Error('loadSampleData: the request queued no agent run');
    await runAgentJob({ db, jobs, provider: builtin }, { id: `sample-${run.runId}`, data: run, retryCount: 0, retryLimit: 2 });
    if (request.end === 'in_review') continue;
    const [output] = await db.select({ id: aiOutputs.id }).from(aiOutputs).where(eq(aiOutputs.runId, run.runId));
    if (!output) throw new Error('loadSampleData: the run drafted nothing');
    if (request.end === 'redraft') {
      await decideOutput(reviewer, {
        ...reviewDecision,
        outputId: output.id,
        reviewerId: ids.reviewer,
        // Parsed like the review form's input, so the sample's scores are on the product's own scale.
        decision: decideOutputInputSchema.parse({
          decision: 'rejected',
          notes: 'Name the system each item comes from (Okta, AWS, Google Workspace) and who collects it.',
          scores: REDRAFT_SCORES,
          issues: ['Systems are not named'],
        }),
      });
      // The redraft with the reviewer's notes is the agent's next run: it goes to the real queue when the load ends.
      context.openRuns.push(...jobs.take('agent-run'));
      continue;
    }
    await decideOutput(reviewer, {
      ...reviewDecision,
      outputId: output.id,
      reviewerId: ids.reviewer,
      decision: decideOutputInputSchema.parse({ decision: 'approved', notes: 'Clear and complete.', scores: APPROVED_SCORES, issues: [] }),
    });
  }
  const [firstRequest] = await db
    .select({ id: taskRequests.id })
    .from(taskRequests)
    .where(and(eq(taskRequests.organizationId, organizationId), eq(taskRequests.status, 'in_review')));
  if (firstRequest) {
    await createTaskComment(manager, jobs, {
      id: firstRequest.id,
      body: 'The vendor sent their SOC 2 Type II report yesterday; it is attached to the vendor record.',
      origin: deps.publicOrigin,
      log: () => undefined,
    });
    await createTaskComment(reviewer, jobs, {
      id: firstRequest.id,
      body: 'Thanks, Maya. We will fold their report into the review and come back with the BAA gaps.',
      origin: deps.publicOrigin,
      log: () => undefined,
    });
  }
}

export async function loadSampleWorkflows(context: SampleContext): Promise<void> {
  const { deps, jobs, ids, organizationId, manager, reviewer } = context;
  const { db } = deps;
  const step = (name: string) => deps.onStep?.(name);
  step('workflows');
  const engine = {
    db,
    jobs,
    fetch: () => Promise.reject(new Error('The sample calls no webhooks.')),
    allowPrivateHosts: false,
  };
  const workSteps = async () => {
    for (let guard = 0; guard < 50; guard += 1) {
      const [next] = jobs.take('workflow-step');
      if (!next) return;
      await handleWorkflowStep(engine, { data: next, retryCount: 0, retryLimit: 0 });
      // A task request a step opens keeps its agent run for the real queue (handOverOpenRuns).
      context.openRuns.push(...jobs.take('agent-run'));
    }
  };
  const accessReview = '7f0c1e52-0a01-4c6e-9a10-000000000001';
  const riskReview = '7f0c1e52-0a01-4c6e-9a10-000000000008';
  const workflowIds: string[] = [];
  for (const templateId of [accessReview, riskReview]) {
    const draft = await copyWorkflowTemplate(db, reviewer, { userId: ids.reviewer, templateId, organizationId });
    await publishWorkflow(reviewer, { id: draft.id, userId: ids.reviewer });
    workflowIds.push(draft.id);
  }
  const [accessId, riskId] = workflowIds as [string, string];
  // The access review waits for its sign-off; the risk register review has been approved and finished.
  await startWorkflowRun(reviewer, jobs, { workflowId: accessId, userId: ids.reviewer, data: {} });
  await workSteps();
  const finished = await startWorkflowRun(reviewer, jobs, { workflowId: riskId, userId: ids.reviewer, data: {} });
  await workSteps();
  const approvals = await listWorkflowApprovals(manager, { organizationId, status: 'pending' });
  const riskApproval = approvals.find((approval) => approval.run_id === finished.id);
  if (riskApproval) {
    await decideWorkflowApproval(manager, jobs, {
      approvalId: riskApproval.id,
      userId: ids.client_manager,
      decision: { decision: 'approved', note: 'Register reviewed in the monthly risk meeting.' },
    });
    await workSteps();
  }
}

/**
 * The last step of a load: the agent runs of the open requests (queued, and the redraft a review sent
 * back) go to the application's real queue, so the sample's open work moves on after the load like any
 * client's — drafted by the configured provider, then waiting for review — instead of staying queued
 * for ever. The load's data is committed by then; a load that fails earlier hands over nothing.
 */
export async function handOverOpenRuns(context: SampleContext): Promise<number> {
  const { deps, organizationId } = context;
  const runs = context.openRuns.splice(0);
  for (const run of runs) {
    const jobId = await deps.jobs.enqueue(deps.db, 'agent-run', run, { group: { id: organizationId, tier: 'growth' } });
    if (jobId) await attachAgentRunJob(deps.db, run.runId, jobId);
  }
  return runs.length;
}
