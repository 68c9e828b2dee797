import type { WorkflowNode } from '../../../../shared/schemas/workflows.ts';
import type { DbTransaction } from '../../../db/client.ts';
import type { workflowRuns } from '../../../db/schema/workflow-runs.ts';
import type { Jobs } from '../../../platform/jobs/job-types.ts';

export type RunRow = typeof workflowRuns.$inferSelect;

/** What an action gets: the run's transaction, its row (locked), the node and its parsed configuration. */
export interface ActionContext<Config> {
  tx: DbTransaction;
  jobs: Jobs;
  run: RunRow;
  node: WorkflowNode;
  config: Config;
  now: Date;
  /** Whoever the run acts for (its starter, else the workflow's author, else an owner of the organization). */
  actorId: string | null;
  /** The outcome of a webhook call made before the transaction (the only action that talks to the outside). */
  external?: Record<string, unknown>;
}

/** What the engine does next: go on, wait for an approval, or wait until a time. */
export type ActionNext = { kind: 'continue' } | { kind: 'approval' } | { kind: 'until'; at: Date };

export interface ActionResult {
  outcome: Record<string, unknown>;
  /** Facts added to the run's data, for later decisions (a task request id, an approval's decision). */
  data?: Record<string, unknown>;
  next: ActionNext;
}

/** A failure that a retry would repeat (a control that is not in the programme, a bad configuration): the run fails now. */
export class StepFailure extends Error {}
