import { and, eq } from 'drizzle-orm';
import type { TaskClassification } from '../../../shared/schemas/task-requests.ts';
import type { Db } from '../../db/client.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { DraftInput } from '../agent-runs/providers/agent-provider.ts';
import { createBuiltinAgentProvider } from '../agent-runs/providers/builtin-agent-provider.ts';
import { deadLetterAgentRun, runAgentJob } from '../agent-runs/run-agent.ts';
import { decideOutput } from '../reviews/decide-output.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';
import { createTaskComment } from '../task-requests/task-comments.service.ts';
import { cancelTaskRequest } from '../task-requests/task-requests.service.ts';
import { handleWorkflowStep } from '../workflow-runs/engine.ts';
import { decideWorkflowApproval, listWorkflowApprovals, startWorkflowRun } from '../workflow-runs/runs.service.ts';
import { publishWorkflow, useWorkflowTemplate as copyWorkflowTemplate } from '../workflows/organization-workflows.service.ts';
import { daysFrom, REQUESTS, SCORES } from './sample-content.ts';
import type { SampleContext } from './sample-context.ts';

/**
 * The sample's work (docs/sample-data.md): task requests taken to every state through the delivery
 * pipeline (agent runs driven inline with the offline builtin provider, reviews by our sample reviewer),
 * and two workflows from the template library with a run waiting for approval and a finished one.
 */

/** A draft provider that cannot reach the model: the sample's failed request (the run is dead-lettered, as after its retries). */
const unreachable = {
  name: 'builtin',
  classify: () => Promise.reject(new Error('unused')),
  draft: (_db: Db, _input: DraftInput) => Promise.reject(new Error('The model endpoint did not answer within 120 s.')),
};

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
    if (request.end === 'queued') continue;
    if (request.end === 'cancelled') {
      await cancelTaskRequest(manager, row.id, jobs);
      continue;
    }
    const [run] = runs;
    if (!run) throw new Error('loadSampleData: the request queued no agent run');
    const job = (provider: typeof builtin) =>
      runAgentJob({ db, jobs, provider }, { id: `sample-${run.runId}`, data: run, retryCount: 0, retryLimit: 2 });
    if (request.end === 'in_progress' || request.end === 'failed') {
      // The first attempt timed out; the in-progress one waits for its retry, the failed one ran out of retries.
      await job(unreachable).catch(() => undefined);
      if (request.end === 'failed') await deadLetterAgentRun({ db, jobs, provider: unreachable }, run);
      continue;
    }
    await job(builtin);
    if (request.end === 'in_review') continue;
    const [output] = await db.select({ id: aiOutputs.id }).from(aiOutputs).where(eq(aiOutputs.runId, run.runId));
    if (!output) throw new Error('loadSampleData: the run drafted nothing');
    if (request.end === 'redraft') {
      await decideOutput(reviewer, {
        ...reviewDecision,
        outputId: output.id,
        reviewerId: ids.reviewer,
        decision: {
          decision: 'rejected',
          notes: 'Name the system each item comes from (Okta, AWS, Google Workspace) and who collects it.',
          scores: { accuracy: 3.8, completeness: 3.2, framework_alignment: 4.2, timeliness: 4.5 },
          issues: ['Systems are not named'],
        },
      });
      // The redraft with the reviewer's notes is the agent's next run: it waits in the queue.
      jobs.take('agent-run');
      continue;
    }
    await decideOutput(reviewer, {
      ...reviewDecision,
      outputId: output.id,
      reviewerId: ids.reviewer,
      decision: { decision: 'approved', notes: 'Clear and complete.', scores: SCORES, issues: [] },
    });
  }
  const [firstRequest] = await db
    .select({ id: taskRequests.id })
    .from(taskRequests)
    .where(and(eq(taskRequests.organizationId, organizationId), eq(taskRequests.status, 'in_review')));
  if (firstRequest) {
    await createTaskComment(manager, {
      id: firstRequest.id,
      body: 'The vendor sent their SOC 2 Type II report yesterday; it is attached to the vendor record.',
      origin: deps.publicOrigin,
      log: () => undefined,
    });
    await createTaskComment(reviewer, {
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
      jobs.take('agent-run');
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
