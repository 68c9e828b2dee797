import type { ActionConfig } from '../../../../shared/schemas/workflow-runs.ts';
import type { ActionContext, ActionResult } from './action-context.ts';

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** Waits a duration: the next step's job is sent with startAfter, so the wait survives a restart. */
export async function waitAction(context: ActionContext<ActionConfig<'wait'>>): Promise<ActionResult> {
  const at = new Date(context.now.getTime() + context.config.amount * UNIT_MS[context.config.unit]);
  return { outcome: { until: at.toISOString() }, next: { kind: 'until', at } };
}
