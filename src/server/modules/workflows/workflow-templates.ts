import { and, desc, eq } from 'drizzle-orm';
import { type WorkflowTrigger, workflowTriggerSchema } from '../../../shared/schemas/workflow-runs.ts';
import type { WorkflowListItem, WorkflowNode } from '../../../shared/schemas/workflows.ts';
import type { Db } from '../../db/client.ts';
import { workflowTemplates } from '../../db/schema/workflows.ts';
import { TEMPLATE_LIBRARY, buildGraph } from './template-library.ts';

/** The public template library: seeded idempotently, listed for everyone, copied by 'Use template'. */

/** Public templates belong to no person: this user id marks them as the library's. */
export const LIBRARY_USER_ID = '00000000-0000-4000-8000-00000000c0de';

/** Adds the library's templates that are missing; never overwrites (ids are fixed). */
export async function seedWorkflowTemplates(db: Db): Promise<void> {
  await db
    .insert(workflowTemplates)
    .values(
      TEMPLATE_LIBRARY.map((template) => ({
        id: template.id,
        lineageId: template.id,
        name: template.name,
        description: template.description,
        category: template.category,
        ...buildGraph(template),
        isPublic: true,
        userId: LIBRARY_USER_ID,
        version: 1,
      })),
    )
    .onConflictDoNothing();
}

/** The public templates, latest version of each, by name. */
export async function listWorkflowTemplates(db: Db): Promise<WorkflowListItem[]> {
  const rows = await db
    .select()
    .from(workflowTemplates)
    .where(eq(workflowTemplates.isPublic, true))
    .orderBy(desc(workflowTemplates.version));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.lineageId)) latest.set(row.lineageId, row);
  return [...latest.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => ({
      id: row.id,
      lineage_id: row.lineageId,
      name: row.name,
      description: row.description,
      category: row.category,
      version: row.version,
      created_at: row.createdAt.toISOString(),
    }));
}

/** A template the user may copy: a public one, or one of their own (a generated workflow). */
export async function readTemplate(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(workflowTemplates)
    .where(and(eq(workflowTemplates.id, id)));
  if (!row || (!row.isPublic && row.userId !== userId)) return null;
  return row;
}

/** The trigger a template's start suggests (its configuration), manual when it suggests none that parses. */
export function suggestedTrigger(nodes: WorkflowNode[]): WorkflowTrigger {
  const configuration = nodes.find((node) => node.type === 'start')?.data.configuration ?? {};
  const kind = configuration.trigger;
  const parsed = workflowTriggerSchema.safeParse(
    kind === 'schedule'
      ? { kind, rrule: configuration.rrule, start: configuration.start }
      : kind === 'event'
        ? { kind, eventType: configuration.eventType }
        : { kind: 'manual' },
  );
  return parsed.success ? parsed.data : { kind: 'manual' };
}
