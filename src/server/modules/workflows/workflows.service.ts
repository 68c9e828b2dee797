import { and, asc, desc, eq, max, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GENERATED_WORKFLOW } from '../../../shared/constants.ts';
import type {
  WorkflowListItem,
  WorkflowTemplateDetail,
  generateWorkflowInputSchema,
  saveWorkflowVersionInputSchema,
} from '../../../shared/schemas/workflows.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { workflowTemplates } from '../../db/schema/workflows.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { generateWorkflowGraph } from './workflow-generator.ts';

/**
 * Workflow templates (product.md §3). A user reads their own templates and public ones; only the owner
 * saves a new version. Someone else's private template answers 404, as if it did not exist. A template
 * belongs to a person, not an organization: its trail entries (`workflow_template.create`, `.version`)
 * are on the global chain, naming the lineage (the first version's id) so every version's entries read
 * together.
 */

type Row = typeof workflowTemplates.$inferSelect;
export type GenerateWorkflowInput = z.output<typeof generateWorkflowInputSchema>;
export type SaveWorkflowVersionInput = z.output<typeof saveWorkflowVersionInputSchema>;

async function toDetail(db: Db, row: Row): Promise<WorkflowTemplateDetail> {
  const versions = await db
    .select({ id: workflowTemplates.id, version: workflowTemplates.version, createdAt: workflowTemplates.createdAt })
    .from(workflowTemplates)
    .where(
      and(
        eq(workflowTemplates.lineageId, row.lineageId),
        or(eq(workflowTemplates.userId, row.userId), eq(workflowTemplates.isPublic, true)),
      ),
    )
    .orderBy(asc(workflowTemplates.version));
  return {
    id: row.id,
    lineage_id: row.lineageId,
    name: row.name,
    description: row.description,
    category: row.category,
    nodes: row.nodes,
    edges: row.edges,
    is_public: row.isPublic,
    user_id: row.userId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    versions: versions.map((version) => ({ id: version.id, version: version.version, created_at: version.createdAt.toISOString() })),
  };
}

async function readable(db: Db, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(workflowTemplates)
    .where(and(eq(workflowTemplates.id, id), or(eq(workflowTemplates.userId, userId), eq(workflowTemplates.isPublic, true))));
  if (!row) throw new AppError('NOT_FOUND', 'Workflow not found.');
  return row;
}

/** What the trail shows of a template version: its name, version and size, not the whole graph (the row keeps that). */
async function recordTemplateChange(tx: DbTransaction, origin: AuditOrigin, action: string, row: Row): Promise<void> {
  await recordAudit(tx, {
    ...origin,
    organizationId: null,
    action,
    entityType: 'workflow_template',
    entityId: row.lineageId,
    after: { id: row.id, name: row.name, version: row.version, nodeCount: row.nodes.length, isPublic: row.isPublic },
  });
}

export async function generateWorkflow(
  db: Db,
  input: { userId: string; suggestion: GenerateWorkflowInput; origin: AuditOrigin },
): Promise<WorkflowTemplateDetail> {
  const { suggestion } = input;
  const id = crypto.randomUUID();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(workflowTemplates)
      .values({
        id,
        lineageId: id,
        name: suggestion.title,
        description: suggestion.description,
        category: GENERATED_WORKFLOW.category,
        ...generateWorkflowGraph(suggestion),
        isPublic: GENERATED_WORKFLOW.isPublic,
        userId: input.userId,
        version: GENERATED_WORKFLOW.version,
      })
      .returning();
    if (!inserted) throw new Error('generateWorkflow: insert returned nothing');
    await recordTemplateChange(tx, input.origin, 'workflow_template.create', inserted);
    return inserted;
  });
  return toDetail(db, row);
}

export async function getWorkflow(db: Db, input: { userId: string; id: string }): Promise<WorkflowTemplateDetail> {
  return toDetail(db, await readable(db, input.userId, input.id));
}

/** The user's own workflows, the latest version of each. */
export async function listWorkflows(db: Db, userId: string): Promise<WorkflowListItem[]> {
  const rows = await db
    .select()
    .from(workflowTemplates)
    .where(eq(workflowTemplates.userId, userId))
    .orderBy(desc(workflowTemplates.version));
  const latest = new Map<string, Row>();
  for (const row of rows) if (!latest.has(row.lineageId)) latest.set(row.lineageId, row);
  return [...latest.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
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

/** Saves edits as the next version of the workflow; earlier versions stay as they were. */
export async function saveWorkflowVersion(
  db: Db,
  input: { userId: string; id: string; changes: SaveWorkflowVersionInput; origin: AuditOrigin },
): Promise<WorkflowTemplateDetail> {
  const base = await readable(db, input.userId, input.id);
  if (base.userId !== input.userId) throw new AppError('FORBIDDEN', 'Only the owner can save a new version of this workflow.');
  const row = await db.transaction(async (tx) => {
    // Versions of one lineage are numbered one at a time: concurrent saves queue here instead of
    // racing for the same number (the unique constraint would refuse all but one).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${base.lineageId}, 0))`);
    const [latest] = await tx
      .select({ version: max(workflowTemplates.version) })
      .from(workflowTemplates)
      .where(eq(workflowTemplates.lineageId, base.lineageId));
    const [inserted] = await tx
      .insert(workflowTemplates)
      .values({
        lineageId: base.lineageId,
        name: input.changes.name ?? base.name,
        description: input.changes.description ?? base.description,
        category: base.category,
        nodes: input.changes.nodes,
        edges: input.changes.edges,
        isPublic: base.isPublic,
        userId: input.userId,
        version: (latest?.version ?? base.version) + 1,
      })
      .returning();
    if (!inserted) throw new Error('saveWorkflowVersion: insert returned nothing');
    await recordTemplateChange(tx, input.origin, 'workflow_template.version', inserted);
    return inserted;
  });
  return toDetail(db, row);
}
