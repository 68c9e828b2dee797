import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { workflowRuns } from '../../db/schema/workflow-runs.ts';
import { organizationWorkflows, workflowVersions } from '../../db/schema/workflows.ts';
import { type AuditOrigin, SYSTEM_ORIGIN, recordAudit } from '../../platform/audit/record-audit.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import type { RunRow } from './actions/action-context.ts';

type WorkflowRow = typeof organizationWorkflows.$inferSelect;

export interface StartRunInput {
  workflow: Pick<WorkflowRow, 'id' | 'organizationId' | 'publishedVersion'>;
  triggerKind: 'manual' | 'schedule' | 'event';
  /** `event:<id>` or `schedule:<ISO>`: a second start with the same key starts nothing. */
  triggerKey?: string | null;
  data?: Record<string, unknown>;
  startedBy?: string | null;
  /** Who the trail names: the user of a 'Run now', the system for a trigger (the default). */
  origin?: AuditOrigin;
}

/**
 * Starts a run of the workflow's published version (pinned: later versions never change it) at its start
 * node, with the first step's job, in the caller's transaction. Answers null when the trigger key ran already.
 */
export async function startRun(tx: DbTransaction, jobs: Jobs, input: StartRunInput): Promise<RunRow | null> {
  const { workflow } = input;
  const [version] = await tx
    .select()
    .from(workflowVersions)
    .where(eq(workflowVersions.workflowId, workflow.id))
    .orderBy(desc(workflowVersions.version))
    .limit(1);
  if (!version) throw new AppError('CONFLICT', 'Publish the workflow before running it.');
  const start = version.nodes.find((node) => node.type === 'start');
  if (!start) throw new AppError('CONFLICT', 'The published workflow has no start.');
  const [run] = await tx
    .insert(workflowRuns)
    .values({
      organizationId: workflow.organizationId,
      workflowId: workflow.id,
      versionId: version.id,
      version: version.version,
      triggerKind: input.triggerKind,
      triggerKey: input.triggerKey ?? null,
      data: input.data ?? {},
      currentNodeId: start.id,
      stepSeq: 0,
      startedBy: input.startedBy ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!run) return null;
  await recordAudit(tx, {
    ...(input.origin ?? SYSTEM_ORIGIN),
    organizationId: run.organizationId,
    action: 'workflow_run.start',
    entityType: 'workflow_run',
    entityId: run.id,
    after: { workflowId: run.workflowId, version: run.version, triggerKind: run.triggerKind, triggerKey: run.triggerKey },
  });
  await jobs.enqueue(tx, 'workflow-step', { runId: run.id, organizationId: run.organizationId, seq: 0 }, { singletonKey: `${run.id}:0` });
  return run;
}

/** Active workflows whose published version's trigger is this event type (a draft's trigger waits for its publishing). */
export async function workflowsListening(tx: DbTransaction, organizationId: string, eventType: string) {
  const rows = await tx
    .select({ workflow: organizationWorkflows, trigger: workflowVersions.trigger })
    .from(organizationWorkflows)
    .innerJoin(
      workflowVersions,
      and(eq(workflowVersions.workflowId, organizationWorkflows.id), eq(workflowVersions.version, organizationWorkflows.publishedVersion)),
    )
    .where(and(eq(organizationWorkflows.organizationId, organizationId), eq(organizationWorkflows.status, 'active')));
  return rows.filter((row) => row.trigger.kind === 'event' && row.trigger.eventType === eventType).map((row) => row.workflow);
}
