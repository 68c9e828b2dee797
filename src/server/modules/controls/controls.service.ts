import { and, eq } from 'drizzle-orm';
import type { ControlList, ControlListQuery, ProgrammeControl, UpdateControlInput } from '../../../shared/schemas/controls.ts';
import type { CatalogueFrameworkId } from '../../../shared/schemas/programme-statuses.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { organizationMembers, staffAssignments } from '../../db/schema/organizations.ts';
import { editControl } from '../frameworks/control-state.ts';
import type { ProgrammeContext } from '../frameworks/frameworks.service.ts';
import { type ProgrammeState, loadProgrammeState, readerFrameworks, visibleControlIds } from '../frameworks/programme-state.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/** A client's controls in scope (docs/programme.md "Controls"): the register and its edits. */

const notFound = () => new AppError('NOT_FOUND', 'No such control in this programme.');

function toProgrammeControl(
  context: ProgrammeContext,
  state: ProgrammeState,
  controlId: string,
  names: ReadonlyMap<string, string>,
  shown: readonly CatalogueFrameworkId[],
): ProgrammeControl | null {
  const { catalogue } = context;
  const control = catalogue.controlById.get(controlId);
  const row = state.controls.get(controlId);
  if (!control || !row) return null;
  const counts = catalogue.requirementCountsByControl.get(controlId);
  const frameworks = shown.filter((frameworkId) => catalogue.controlIdsByFramework.get(frameworkId)?.has(controlId));
  let requirementCount = 0;
  for (const frameworkId of frameworks) requirementCount += counts?.get(frameworkId) ?? 0;
  const evidence = state.evidence.get(controlId);
  return {
    id: control.id,
    domain: control.domain,
    title: control.title,
    description: control.description,
    evidenceHint: control.evidenceHint,
    freshnessDays: control.freshnessDays,
    status: row.status,
    applicable: row.applicable,
    justification: row.justification,
    owner: row.ownerId ? { id: row.ownerId, name: names.get(row.ownerId) ?? 'A team member' } : null,
    businessUnit: row.businessUnit,
    environment: row.environment,
    frameworks,
    requirementCount,
    evidenceCount: evidence?.total ?? 0,
    freshEvidenceCount: evidence?.fresh ?? 0,
    nextExpiry: evidence?.nextExpiry?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadWithNames(tx: DbTransaction, organizationId: string, now: Date) {
  const state = await loadProgrammeState(tx, organizationId, now);
  const names = await userNames(
    tx,
    [...state.controls.values()].map((row) => row.ownerId),
  );
  return { state, names };
}

/** The catalogue's frameworks, in its order, that are active in the organization and visible to the reader. */
function shownFrameworks(
  context: ProgrammeContext,
  state: ProgrammeState,
  visible: ReadonlySet<CatalogueFrameworkId>,
): CatalogueFrameworkId[] {
  const active = new Set(state.activations.map((activation) => activation.frameworkId));
  return context.catalogue.frameworks
    .map((framework) => framework.id)
    .filter((frameworkId) => active.has(frameworkId) && visible.has(frameworkId));
}

/** The organization's controls the reader sees, in the catalogue's order, filtered. */
export async function listControls(context: ProgrammeContext, query: ControlListQuery, now = new Date()): Promise<ControlList> {
  const { tenant, catalogue } = context;
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  const { state, names } = await tenant.transaction((tx) => loadWithNames(tx, organizationId, now));
  const ids = visibleControlIds(catalogue, state, context.reader);
  const shown = shownFrameworks(context, state, readerFrameworks(catalogue, context.reader));
  const words = (query.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const controls = catalogue.controls
    .filter((control) => ids.has(control.id))
    .map((control) => toProgrammeControl(context, state, control.id, names, shown))
    .filter((control): control is ProgrammeControl => control !== null)
    .filter((control) => !query.frameworkId || control.frameworks.includes(query.frameworkId))
    .filter((control) => !query.status || control.status === query.status)
    .filter((control) => {
      const text = `${control.id} ${control.title} ${control.domain}`.toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    });
  return { organizationId, controls };
}

/** The owner must be someone who works on the organization: a member, or staff assigned to it. */
async function assertOwner(tx: DbTransaction, organizationId: string, ownerId: string): Promise<void> {
  const [member] = await tx
    .select({ id: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, ownerId)));
  if (member) return;
  const [staff] = await tx
    .select({ id: staffAssignments.staffUserId })
    .from(staffAssignments)
    .where(and(eq(staffAssignments.organizationId, organizationId), eq(staffAssignments.staffUserId, ownerId)));
  if (staff) return;
  throw new AppError('VALIDATION_FAILED', 'The owner must be a member of the organization or staff assigned to it.', [
    { path: 'body.ownerId', message: 'Choose someone who works on this organization' },
  ]);
}

export async function updateControl(
  context: ProgrammeContext,
  controlId: string,
  input: UpdateControlInput,
  now = new Date(),
): Promise<ProgrammeControl> {
  const { tenant, catalogue } = context;
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    // Locked first: edits of one control at once apply in turn, each trail entry's `before` the state it replaced.
    await tx
      .select({ id: organizationControls.id })
      .from(organizationControls)
      .where(and(eq(organizationControls.organizationId, organizationId), eq(organizationControls.controlId, controlId)))
      .for('update');
    const before = await loadProgrammeState(tx, organizationId, now);
    const row = before.controls.get(controlId);
    if (!row || !visibleControlIds(catalogue, before, context.reader).has(controlId)) throw notFound();
    if (input.ownerId) await assertOwner(tx, organizationId, input.ownerId);
    const applicable = input.applicable ?? row.applicable;
    const justification = input.justification ?? row.justification;
    if (!applicable && justification.trim().length < 10) {
      throw new AppError('VALIDATION_FAILED', 'Say why the control does not apply.', [
        { path: 'body.justification', message: 'Say why the control does not apply (at least 10 characters)' },
      ]);
    }
    await editControl(tx, tenant.origin, row, {
      ...(input.status ? { status: input.status } : {}),
      ...(input.ownerId !== undefined ? { ownerId: input.ownerId } : {}),
      applicable,
      justification,
      ...(input.businessUnit !== undefined ? { businessUnit: input.businessUnit } : {}),
      ...(input.environment !== undefined ? { environment: input.environment } : {}),
      updatedBy: tenant.scope.userId,
      updatedAt: now,
    });
    const { state, names } = await loadWithNames(tx, organizationId, now);
    const updated = toProgrammeControl(
      context,
      state,
      controlId,
      names,
      shownFrameworks(context, state, readerFrameworks(catalogue, context.reader)),
    );
    if (!updated) throw notFound();
    return updated;
  });
}
