import { and, eq } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { type organizationWorkflows, workflowVersions } from '../../db/schema/workflows.ts';

type WorkflowRow = typeof organizationWorkflows.$inferSelect;

/** The trigger of the workflow's published version. */
export async function publishedTrigger(tx: DbTransaction, workflow: Pick<WorkflowRow, 'id' | 'publishedVersion'>) {
  if (workflow.publishedVersion === null) return null;
  const [row] = await tx
    .select({ trigger: workflowVersions.trigger })
    .from(workflowVersions)
    .where(and(eq(workflowVersions.workflowId, workflow.id), eq(workflowVersions.version, workflow.publishedVersion)));
  return row?.trigger ?? null;
}
