import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrganizationWorkflow, WorkflowProblem, updateOrganizationWorkflowInputSchema } from '../../../shared/schemas/workflows.ts';
import type { WorkflowTrigger } from '../../../shared/schemas/workflow-runs.ts';
import { validateWorkflowGraph } from '../../../shared/rules/workflow-validation.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { workflowRuns } from '../../db/schema/workflow-runs.ts';
import { organizationWorkflows, workflowVersions } from '../../db/schema/workflows.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { checkSchedule, nextOccurrence } from './schedule.ts';
import { publishedTrigger } from './published-trigger.ts';
import { readTemplate, suggestedTrigger } from './workflow-templates.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * An organization's workflows (docs/workflow-runs.md): 'Use template' copies a template in as a draft;
 * the builder edits the draft; publishing validates it and writes the next immutable version, which new
 * runs pin; pause and resume stop and restart its triggers. Another organization's workflow is 404.
 */

type Row = typeof organizationWorkflows.$inferSelect;
const NOT_FOUND = 'Workflow not found.';

interface LastRun {
  id: string;
  status: (typeof workflowRuns.$inferSelect)['status'];
  createdAt: Date;
}

async function lastRuns(tx: DbTransaction, ids: string[]): Promise<Map<string, LastRun>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: workflowRuns.id, workflowId: workflowRuns.workflowId, status: workflowRuns.status, createdAt: workflowRuns.createdAt })
    .from(workflowRuns)
    .where(inArray(workflowRuns.workflowId, ids))
    .orderBy(desc(workflowRuns.createdAt));
  const last = new Map<string, LastRun>();
  for (const row of rows) if (!last.has(row.workflowId)) last.set(row.workflowId, row);
  return last;
}

function view(row: Row, last: LastRun | undefined): OrganizationWorkflow {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    trigger: row.trigger,
    nodes: row.nodes,
    edges: row.edges,
    published_version: row.publishedVersion,
    has_unpublished_changes: row.dirty,
    next_run_at: row.status === 'active' ? (row.nextRunAt?.toISOString() ?? null) : null,
    last_run: last ? { id: last.id, status: last.status, created_at: last.createdAt.toISOString() } : null,
    source_template_id: row.sourceTemplateId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function reachable(tx: DbTransaction, tenant: Tenant, id: string, lock = false): Promise<Row> {
  const query = tx
    .select()
    .from(organizationWorkflows)
    .where(and(eq(organizationWorkflows.id, id), tenant.where(organizationWorkflows.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, NOT_FOUND);
  return row;
}

async function viewOne(tx: DbTransaction, row: Row): Promise<OrganizationWorkflow> {
  return view(row, (await lastRuns(tx, [row.id])).get(row.id));
}

export async function listOrganizationWorkflows(tenant: Tenant, named: string | undefined): Promise<OrganizationWorkflow[]> {
  const organizationId = await actingOrganization(tenant, named, { field: 'query.organizationId', soleAssignmentImplied: true });
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(organizationWorkflows)
      .where(eq(organizationWorkflows.organizationId, organizationId))
      .orderBy(desc(organizationWorkflows.createdAt));
    const last = await lastRuns(
      tx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => view(row, last.get(row.id)));
  });
}

export async function getOrganizationWorkflow(tenant: Tenant, id: string): Promise<OrganizationWorkflow> {
  return tenant.transaction(async (tx) => viewOne(tx, await reachable(tx, tenant, id)));
}

/** What the trail shows of a workflow: its name, state and published version, not the whole graph (the versions keep that). */
function auditedWorkflow(row: Row | undefined) {
  return (
    row && {
      name: row.name,
      status: row.status,
      trigger: row.trigger,
      publishedVersion: row.publishedVersion,
      dirty: row.dirty,
      nodeCount: row.nodes.length,
      sourceTemplateId: row.sourceTemplateId,
    }
  );
}

async function recordWorkflowChange(tx: DbTransaction, tenant: Tenant, action: string, before: Row | null, after: Row | undefined) {
  const row = after ?? before;
  if (!row) return;
  await recordAudit(tx, {
    ...tenant.origin,
    organizationId: row.organizationId,
    action,
    entityType: 'workflow',
    entityId: row.id,
    before: before ? auditedWorkflow(before) : null,
    after: auditedWorkflow(after),
  });
}

/** 'Use template': the template's graph and suggested trigger, as a draft of the organization's. */
export async function useWorkflowTemplate(
  db: Db,
  tenant: Tenant,
  input: { userId: string; templateId: string; organizationId?: string },
): Promise<OrganizationWorkflow> {
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  const template = await readTemplate(db, input.userId, input.templateId);
  if (!template) throw new AppError('NOT_FOUND', 'Template not found.');
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .insert(organizationWorkflows)
      .values({
        organizationId,
        name: template.name,
        description: template.description,
        category: template.category,
        trigger: suggestedTrigger(template.nodes),
        nodes: template.nodes,
        edges: template.edges,
        sourceTemplateId: template.id,
        createdBy: input.userId,
      })
      .returning();
    if (!row) throw new Error('useWorkflowTemplate: insert returned nothing');
    await recordWorkflowChange(tx, tenant, 'workflow.create', null, row);
    return view(row, undefined);
  });
}

/** Saves the builder's draft; the published version (and every run on it) stays as it was. */
export async function updateOrganizationWorkflow(
  tenant: Tenant,
  id: string,
  changes: z.output<typeof updateOrganizationWorkflowInputSchema>,
): Promise<OrganizationWorkflow> {
  return tenant.transaction(async (tx) => {
    const row = await reachable(tx, tenant, id, true);
    const [updated] = await tx
      .update(organizationWorkflows)
      .set({
        name: changes.name ?? row.name,
        description: changes.description ?? row.description,
        trigger: changes.trigger ?? row.trigger,
        nodes: changes.nodes,
        edges: changes.edges,
        dirty: true,
        updatedAt: new Date(),
      })
      .where(eq(organizationWorkflows.id, row.id))
      .returning();
    await recordWorkflowChange(tx, tenant, 'workflow.update', row, updated);
    return viewOne(tx, updated ?? row);
  });
}

export function validateDraft(row: Pick<Row, 'nodes' | 'edges' | 'trigger'>): WorkflowProblem[] {
  const problems = validateWorkflowGraph(row);
  if (row.trigger.kind === 'schedule') {
    try {
      checkSchedule(row.trigger.rrule, row.trigger.start);
    } catch (error) {
      problems.push({ nodeId: row.nodes.find((node) => node.type === 'start')?.id ?? null, message: (error as Error).message });
    }
  }
  return problems;
}

async function timeZoneOf(tx: DbTransaction, organizationId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.timeZone ?? 'UTC';
}

async function nextRunOf(tx: DbTransaction, organizationId: string, trigger: WorkflowTrigger, now: Date): Promise<Date | null> {
  return trigger.kind === 'schedule' ? nextOccurrence(trigger, await timeZoneOf(tx, organizationId), now) : null;
}

export async function validateOrganizationWorkflow(tenant: Tenant, id: string): Promise<WorkflowProblem[]> {
  return tenant.transaction(async (tx) => validateDraft(await reachable(tx, tenant, id)));
}

/** Validates the draft and writes it as the next version; the workflow becomes active (unless paused). */
export async function publishWorkflow(tenant: Tenant, input: { id: string; userId: string }): Promise<OrganizationWorkflow> {
  return tenant.transaction(async (tx) => {
    const row = await reachable(tx, tenant, input.id, true);
    const problems = validateDraft(row);
    if (problems.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The workflow is not ready to publish.',
        problems.map((problem) => ({ path: problem.nodeId ? `nodes.${problem.nodeId}` : 'workflow', message: problem.message })),
      );
    }
    const [latest] = await tx
      .select({ version: max(workflowVersions.version) })
      .from(workflowVersions)
      .where(eq(workflowVersions.workflowId, row.id));
    const version = (latest?.version ?? 0) + 1;
    await tx.insert(workflowVersions).values({
      organizationId: row.organizationId,
      workflowId: row.id,
      version,
      nodes: row.nodes,
      edges: row.edges,
      trigger: row.trigger,
      publishedBy: input.userId,
    });
    const now = new Date();
    const [updated] = await tx
      .update(organizationWorkflows)
      .set({
        publishedVersion: version,
        dirty: false,
        status: row.status === 'paused' ? 'paused' : 'active',
        nextRunAt: await nextRunOf(tx, row.organizationId, row.trigger, now),
        updatedAt: now,
      })
      .where(eq(organizationWorkflows.id, row.id))
      .returning();
    await recordWorkflowChange(tx, tenant, 'workflow.publish', row, updated);
    return viewOne(tx, updated ?? row);
  });
}

/** Pause (triggers stop; runs under way go on) or resume (a published workflow only). */
export async function setWorkflowStatus(tenant: Tenant, input: { id: string; status: 'active' | 'paused' }): Promise<OrganizationWorkflow> {
  return tenant.transaction(async (tx) => {
    const row = await reachable(tx, tenant, input.id, true);
    if (row.publishedVersion === null) throw new AppError('CONFLICT', 'Publish the workflow first.');
    const trigger = await publishedTrigger(tx, row);
    const [updated] = await tx
      .update(organizationWorkflows)
      .set({
        status: input.status,
        nextRunAt: input.status === 'active' && trigger ? await nextRunOf(tx, row.organizationId, trigger, new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(organizationWorkflows.id, row.id))
      .returning();
    await recordWorkflowChange(tx, tenant, input.status === 'paused' ? 'workflow.pause' : 'workflow.resume', row, updated);
    return viewOne(tx, updated ?? row);
  });
}
