import { and, eq } from 'drizzle-orm';
import type { ActionConfig } from '../../../../shared/schemas/workflow-runs.ts';
import { organizationControls } from '../../../db/schema/controls.ts';
import { type ActionContext, type ActionResult, StepFailure } from './action-context.ts';

/** Sets the status of a control in the organization's programme. */
export async function setControlStatusAction(context: ActionContext<ActionConfig<'set_control_status'>>): Promise<ActionResult> {
  const { tx, run, config, now } = context;
  const [before] = await tx
    .select({ id: organizationControls.id, status: organizationControls.status })
    .from(organizationControls)
    .where(and(eq(organizationControls.organizationId, run.organizationId), eq(organizationControls.controlId, config.controlId)))
    .for('update');
  if (!before) throw new StepFailure(`The control ${config.controlId} is not in this organization's programme.`);
  await tx
    .update(organizationControls)
    .set({ status: config.status, updatedAt: now, updatedBy: context.actorId })
    .where(eq(organizationControls.id, before.id));
  return {
    outcome: { controlId: config.controlId, from: before.status, to: config.status },
    data: { controlStatus: config.status },
    next: { kind: 'continue' },
  };
}
