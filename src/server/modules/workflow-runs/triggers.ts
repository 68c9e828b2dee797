import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { organizationWorkflows } from '../../db/schema/workflows.ts';
import type { DomainEventListener } from '../../platform/events/domain-events.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { setWorkflowNextRun } from '../workflows/workflow-next-run.ts';
import { SYSTEM } from './run-state.ts';
import { nextOccurrence } from '../workflows/schedule.ts';
import { publishedTrigger } from '../workflows/published-trigger.ts';
import { startRun, workflowsListening } from './start-run.ts';

/**
 * Triggers (docs/workflow-runs.md). Events: a listener starts a run of every active workflow of the
 * event's organization whose trigger is that event type, keyed `event:<id>` (a retried event starts
 * nothing twice). Schedules: every minute, each active scheduled workflow whose next occurrence came due
 * starts one run keyed by that occurrence and moves on to the next occurrence after now.
 */

export function workflowEventListener(deps: { db: Db; jobs: Jobs }): DomainEventListener {
  return {
    name: 'workflow triggers',
    types: '*',
    async handle(event) {
      await withTenant(deps.db, SYSTEM, async (tx) => {
        for (const workflow of await workflowsListening(tx, event.organizationId, event.type)) {
          // A workflow never triggers itself on its own runs' end.
          if (event.type === 'workflow_run.finished' && event.data.workflowId === workflow.id) continue;
          await startRun(tx, deps.jobs, {
            workflow,
            triggerKind: 'event',
            triggerKey: `event:${event.id}`,
            data: { ...event.data, eventType: event.type, entityId: event.entityId },
          });
        }
      });
    },
  };
}

/** Starts what came due at `now`; answers how many runs started. */
export async function runDueSchedules(deps: { db: Db; jobs: Jobs }, now = new Date()): Promise<number> {
  const due = await withTenant(deps.db, SYSTEM, (tx) =>
    tx
      .select({ id: organizationWorkflows.id })
      .from(organizationWorkflows)
      .where(
        and(
          eq(organizationWorkflows.status, 'active'),
          isNotNull(organizationWorkflows.nextRunAt),
          lte(organizationWorkflows.nextRunAt, now),
        ),
      ),
  );
  let started = 0;
  for (const { id } of due) {
    await withTenant(deps.db, SYSTEM, async (tx) => {
      const [workflow] = await tx.select().from(organizationWorkflows).where(eq(organizationWorkflows.id, id)).for('update');
      if (!workflow?.nextRunAt || workflow.nextRunAt > now || workflow.status !== 'active') return;
      const trigger = await publishedTrigger(tx, workflow);
      if (trigger?.kind !== 'schedule') {
        await setWorkflowNextRun(tx, workflow.id, null);
        return;
      }
      const [organization] = await tx
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, workflow.organizationId));
      const run = await startRun(tx, deps.jobs, {
        workflow,
        triggerKind: 'schedule',
        triggerKey: `schedule:${workflow.nextRunAt.toISOString()}`,
        data: { scheduledFor: workflow.nextRunAt.toISOString() },
      });
      if (run) started += 1;
      const next = nextOccurrence(trigger, organization?.timeZone ?? 'UTC', now);
      await setWorkflowNextRun(tx, workflow.id, next);
    });
  }
  return started;
}
