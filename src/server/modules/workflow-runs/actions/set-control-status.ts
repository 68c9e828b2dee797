import type { ActionConfig } from '../../../../shared/schemas/workflow-runs.ts';
import { SYSTEM_ORIGIN } from '../../../platform/audit/record-audit.ts';
import { setControlStatus } from '../../frameworks/control-state.ts';
import { type ActionContext, type ActionResult, StepFailure } from './action-context.ts';

/**
 * Sets the status of a control in the organization's programme, through controls' `setControlStatus`
 * (which records `control.update`). The run is a job, so the trail names the system; the row's
 * `updatedBy` keeps whoever the run acts for, as before.
 */
export async function setControlStatusAction(context: ActionContext<ActionConfig<'set_control_status'>>): Promise<ActionResult> {
  const { tx, run, config, now } = context;
  const changed = await setControlStatus(tx, {
    organizationId: run.organizationId,
    controlId: config.controlId,
    status: config.status,
    origin: SYSTEM_ORIGIN,
    updatedBy: context.actorId,
    now,
  });
  if (!changed) throw new StepFailure(`The control ${config.controlId} is not in this organization's programme.`);
  return {
    outcome: { controlId: config.controlId, from: changed.from, to: config.status },
    data: { controlStatus: config.status },
    next: { kind: 'continue' },
  };
}
