import type { ActionConfig } from '../../../../shared/schemas/workflow-runs.ts';
import { workflowApprovals } from '../../../db/schema/workflow-runs.ts';
import type { ActionContext, ActionResult } from './action-context.ts';

/** Puts an item in the approval inbox; the run waits until someone decides (decideWorkflowApproval). */
export async function approvalAction(context: ActionContext<ActionConfig<'approval'>>): Promise<ActionResult> {
  const { tx, run, node, config } = context;
  const [approval] = await tx
    .insert(workflowApprovals)
    .values({
      organizationId: run.organizationId,
      runId: run.id,
      seq: run.stepSeq,
      nodeId: node.id,
      title: config.title,
      instructions: config.instructions,
    })
    .returning({ id: workflowApprovals.id });
  return { outcome: { approvalId: approval?.id ?? null }, next: { kind: 'approval' } };
}
