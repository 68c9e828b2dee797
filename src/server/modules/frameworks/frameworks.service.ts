import { and, eq } from 'drizzle-orm';
import type { PermissionSubject } from '../../../shared/permissions.ts';
import {
  type ActivateFrameworkInput,
  type Crosswalk,
  type FrameworkDetail,
  type FrameworkList,
  type FrameworkSummary,
  type ReadinessCounts,
  type activationResultSchema,
  frameworkIdList,
} from '../../../shared/schemas/frameworks.ts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { organizationFrameworks, readinessSnapshots } from '../../db/schema/frameworks.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { addProgrammeControls } from './control-state.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { CatalogueIndex, FrameworkRow } from './catalogue-index.ts';
import { computeCrosswalk, crosswalkDelta } from './crosswalk.ts';
import { type ProgrammeState, loadProgrammeState, programmeReadiness, readerFrameworks } from './programme-state.ts';
import { recordReadinessSnapshot } from './readiness-snapshots.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/** The catalogue, activations and each framework's requirements (docs/programme.md). */

export interface ProgrammeContext {
  tenant: Tenant;
  catalogue: CatalogueIndex;
  /** The caller's permissions and access scopes. */
  reader: PermissionSubject;
}

const notFound = () => new AppError('NOT_FOUND', 'No such framework.');

/**
 * The organization a catalogue read is about, or null: a client's own; the one staff named (or their
 * only one); nobody for staff who have not chosen (the catalogue alone) or a client without one yet.
 */
export async function optionalOrganization(tenant: Tenant, named: string | undefined): Promise<string | null> {
  const { scope } = tenant;
  if (named) return await actingOrganization(tenant, named, { field: 'query.organizationId', soleAssignmentImplied: true });
  if (scope.kind === 'member') return scope.organizationId;
  if (scope.kind === 'staff' && scope.organizationIds.length === 1) return scope.organizationIds[0] ?? null;
  return null;
}

/** The framework if the reader may see it; 404 otherwise (out of scope reads as absent). */
export function visibleFramework(context: ProgrammeContext, id: string): FrameworkRow {
  const framework = context.catalogue.frameworkById.get(id);
  if (!framework || !readerFrameworks(context.catalogue, context.reader).has(framework.id)) throw notFound();
  return framework;
}

function summarize(
  catalogue: CatalogueIndex,
  framework: FrameworkRow,
  state: ProgrammeState | null,
  readiness: ReadinessCounts | null,
  active: readonly FrameworkRow[] = [],
): FrameworkSummary {
  const activation = state?.activations.find((row) => row.frameworkId === framework.id);
  return {
    id: framework.id,
    name: framework.name,
    fullName: framework.fullName,
    version: framework.version,
    publisher: framework.publisher,
    region: framework.region,
    auditTypes: framework.auditTypes,
    textSource: framework.textSource,
    requirementCount: (catalogue.requirementsByFramework.get(framework.id) ?? []).filter((row) => row.assessable).length,
    controlCount: catalogue.controlIdsByFramework.get(framework.id)?.size ?? 0,
    activation: activation
      ? { targetDate: activation.targetDate, auditType: activation.auditType, activatedAt: activation.activatedAt.toISOString() }
      : null,
    readiness,
    delta: activation || active.length === 0 ? null : crosswalkDelta(catalogue, active, framework),
  };
}

function readinessCounts(readiness: ReturnType<typeof programmeReadiness>): Map<string, ReadinessCounts> {
  return new Map(
    readiness.map(({ frameworkId, score, met, partial, notMet, notApplicable, notAddressable, total }) => [
      frameworkId,
      { score, met, partial, notMet, notApplicable, notAddressable, total },
    ]),
  );
}

export async function listFrameworks(context: ProgrammeContext, named: string | undefined, now = new Date()): Promise<FrameworkList> {
  const { catalogue, tenant } = context;
  const organizationId = await optionalOrganization(tenant, named);
  const state = organizationId ? await tenant.transaction((tx) => loadProgrammeState(tx, organizationId, now)) : null;
  const counts = state ? readinessCounts(programmeReadiness(catalogue, state)) : new Map<string, ReadinessCounts>();
  const visible = readerFrameworks(catalogue, context.reader);
  const shown = catalogue.frameworks.filter((framework) => visible.has(framework.id));
  // Each framework not yet active is compared with the active ones together (docs/programme.md "Crosswalk").
  const active = shown.filter((framework) => state?.activations.some((row) => row.frameworkId === framework.id));
  return {
    organizationId,
    frameworks: shown.map((framework) => summarize(catalogue, framework, state, counts.get(framework.id) ?? null, active)),
  };
}

export async function getFramework(
  context: ProgrammeContext,
  id: string,
  named: string | undefined,
  now = new Date(),
): Promise<FrameworkDetail> {
  const { catalogue, tenant } = context;
  const framework = visibleFramework(context, id);
  const organizationId = await optionalOrganization(tenant, named);
  const state = organizationId ? await tenant.transaction((tx) => loadProgrammeState(tx, organizationId, now)) : null;
  const [readiness] = state ? programmeReadiness(catalogue, state, new Set([framework.id])) : [];
  const assessed = new Map((readiness?.requirements ?? []).map((requirement) => [requirement.ref, requirement]));
  const summary = summarize(catalogue, framework, state, readiness ? (readinessCounts([readiness]).get(framework.id) ?? null) : null);
  return {
    ...summary,
    licence: framework.licence,
    requirements: (catalogue.requirementsByFramework.get(framework.id) ?? []).map((requirement) => ({
      ref: requirement.ref,
      parentRef: requirement.parentRef,
      depth: requirement.depth,
      title: requirement.title,
      summary: requirement.summary,
      assessable: requirement.assessable,
      notAddressable: requirement.notAddressable,
      controls: (catalogue.mappingsByRequirement.get(requirement.id) ?? []).map((mapping) => {
        const row = state?.controls.get(mapping.controlId);
        return {
          id: mapping.controlId,
          title: catalogue.controlById.get(mapping.controlId)?.title ?? mapping.controlId,
          relation: mapping.relation,
          status: state ? (row?.status ?? 'not_started') : null,
          applicable: state ? (row?.applicable ?? true) : null,
        };
      }),
      status: assessed.get(requirement.ref)?.status ?? null,
      reason: assessed.get(requirement.ref)?.reason ?? null,
    })),
  };
}

export type ActivationResult = z.infer<typeof activationResultSchema>;

export async function activateFramework(
  context: ProgrammeContext,
  id: string,
  input: ActivateFrameworkInput,
  now = new Date(),
): Promise<ActivationResult> {
  const { catalogue, tenant } = context;
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  const framework = visibleFramework(context, id);
  const auditType = input.auditType ?? null;
  if (auditType && !framework.auditTypes.includes(auditType)) {
    throw new AppError('VALIDATION_FAILED', `${framework.name} has no audit types.`, [
      { path: 'body.auditType', message: `${framework.name} has no Type I or Type II` },
    ]);
  }
  const controlIds = [...(catalogue.controlIdsByFramework.get(framework.id) ?? [])];
  return tenant.transaction(async (tx) => {
    const values = {
      organizationId,
      frameworkId: framework.id,
      targetDate: input.targetDate ?? null,
      auditType,
      activatedBy: tenant.scope.userId,
    };
    const [row] = await tx
      .insert(organizationFrameworks)
      .values(values)
      .onConflictDoUpdate({
        target: [organizationFrameworks.organizationId, organizationFrameworks.frameworkId],
        set: { targetDate: values.targetDate, auditType },
      })
      .returning();
    const controlsAdded = await addProgrammeControls(tx, organizationId, controlIds, tenant.scope.userId);
    await recordReadinessSnapshot(tx, organizationId, now, catalogue);
    if (!row) throw new Error('activateFramework: no row');
    const activation = { targetDate: row.targetDate, auditType: row.auditType, activatedAt: row.activatedAt.toISOString() };
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'framework.activate',
      entityType: 'framework',
      entityId: framework.id,
      after: { ...activation, controlsAdded },
    });
    return { frameworkId: framework.id, activation, controlsAdded };
  });
}

/** Ends the activation; the organization's controls and evidence stay (the work done is kept). */
export async function deactivateFramework(
  context: ProgrammeContext,
  id: string,
  named: string | undefined,
  now = new Date(),
): Promise<void> {
  const { tenant, catalogue } = context;
  const organizationId = await actingOrganization(tenant, named, { field: 'query.organizationId', soleAssignmentImplied: true });
  const framework = visibleFramework(context, id);
  await tenant.transaction(async (tx) => {
    const [ended] = await tx
      .delete(organizationFrameworks)
      .where(and(eq(organizationFrameworks.organizationId, organizationId), eq(organizationFrameworks.frameworkId, framework.id)))
      .returning();
    await tx
      .delete(readinessSnapshots)
      .where(
        and(
          eq(readinessSnapshots.organizationId, organizationId),
          eq(readinessSnapshots.frameworkId, framework.id),
          eq(readinessSnapshots.day, now.toISOString().slice(0, 10)),
        ),
      );
    await recordReadinessSnapshot(tx, organizationId, now, catalogue);
    // Deactivating what is not active changes nothing, and leaves nothing on the trail.
    if (ended) {
      await recordAudit(tx, {
        ...tenant.origin,
        organizationId,
        action: 'framework.deactivate',
        entityType: 'framework',
        entityId: framework.id,
        before: { targetDate: ended.targetDate, auditType: ended.auditType, activatedAt: ended.activatedAt },
      });
    }
  });
}

/** What `to` adds for an organization that has `from` (both must be in the reader's view). */
export async function getCrosswalk(
  context: ProgrammeContext,
  to: string,
  query: { from: string; organizationId?: string },
  now = new Date(),
): Promise<Crosswalk> {
  const { tenant, catalogue } = context;
  const target = visibleFramework(context, to);
  // "soc2,iso27001": the frameworks pool their controls; the target itself among them adds nothing.
  const sources = frameworkIdList(query.from)
    .filter((id) => id !== target.id)
    .map((id) => visibleFramework(context, id));
  if (sources.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Compare with another framework than the one shown.', [
      { path: 'query.from', message: 'Choose another framework' },
    ]);
  const organizationId = await optionalOrganization(tenant, query.organizationId);
  const state = organizationId ? await tenant.transaction((tx) => loadProgrammeState(tx, organizationId, now)) : null;
  return computeCrosswalk(catalogue, sources, target, (controlId) => state?.evidence.get(controlId)?.total ?? 0);
}
