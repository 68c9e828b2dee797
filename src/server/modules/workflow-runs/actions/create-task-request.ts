import type { ActionConfig } from '../../../../shared/schemas/workflow-runs.ts';
import { classifyBuiltin } from '../../agent-runs/providers/builtin-classifier.ts';
import { submitTaskRequest } from '../../task-requests/pipeline.ts';
import { type ActionContext, type ActionResult, StepFailure } from './action-context.ts';

/** Opens a task request through the delivery pipeline (source 'workflow'), in the run's transaction. */
export async function createTaskRequestAction(context: ActionContext<ActionConfig<'create_task_request'>>): Promise<ActionResult> {
  const { config, run, now } = context;
  if (!context.actorId) throw new StepFailure('Nobody in the organization to request the task for.');
  const input = {
    title: config.title,
    description: config.description || `Opened by the workflow step “${context.node.data.label}”.`,
    department: config.department,
    deadline: config.deadlineDays ? new Date(now.getTime() + config.deadlineDays * 86_400_000).toISOString().slice(0, 10) : null,
    frameworks: [] as string[],
  };
  const request = await submitTaskRequest(context.tx, context.jobs, {
    ...input,
    organizationId: run.organizationId,
    requestedBy: context.actorId,
    source: 'workflow',
    classification: classifyBuiltin({ ...input, now }),
    submittedAt: now,
  });
  return {
    outcome: { taskRequestId: request.id, title: request.title, status: request.status },
    data: { taskRequestId: request.id },
    next: { kind: 'continue' },
  };
}
