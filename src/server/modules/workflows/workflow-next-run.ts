import { eq } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { organizationWorkflows } from '../../db/schema/workflows.ts';

/**
 * The next time a scheduled workflow starts (the schedule job moves it on, a new time zone moves it);
 * bookkeeping of the published schedule, so no trail entry of its own: the publish, resume or time
 * zone change that caused it has one.
 */
export async function setWorkflowNextRun(tx: DbTransaction, workflowId: string, nextRunAt: Date | null): Promise<void> {
  await tx.update(organizationWorkflows).set({ nextRunAt }).where(eq(organizationWorkflows.id, workflowId));
}
