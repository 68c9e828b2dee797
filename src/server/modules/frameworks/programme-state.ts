import { eq, sql } from 'drizzle-orm';
import type { PermissionSubject } from '../../../shared/permissions.ts';
import type { FrameworkReadiness } from '../../../shared/schemas/frameworks.ts';
import type { CatalogueFrameworkId } from '../../../shared/schemas/programme-statuses.ts';
import type { DbTransaction } from '../../db/client.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { organizationFrameworks } from '../../db/schema/frameworks.ts';
import { isInScope } from '../../platform/access/scoped-read.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import { programmeReader, rowScope, visibleFrameworkIds } from './programme-scope.ts';
import { type ReadinessControlInput, type ReadinessFrameworkInput, computeReadiness } from './readiness.ts';

/**
 * One organization's programme as readiness needs it, in three queries inside the caller's tenant
 * transaction: its activations, its controls, and its evidence counted per control (fresh = not stale
 * and expiring after `now`, decided by the database over the evidence_controls index).
 */

export type ActivationRow = typeof organizationFrameworks.$inferSelect & { frameworkId: CatalogueFrameworkId };
export type OrganizationControlRow = typeof organizationControls.$inferSelect;
export interface EvidenceCount {
  total: number;
  fresh: number;
  nextExpiry: Date | null;
}

export interface ProgrammeState {
  organizationId: string;
  activations: ActivationRow[];
  controls: Map<string, OrganizationControlRow>;
  evidence: Map<string, EvidenceCount>;
}

export async function loadProgrammeState(tx: DbTransaction, organizationId: string, now: Date): Promise<ProgrammeState> {
  const activations = (await tx
    .select()
    .from(organizationFrameworks)
    .where(eq(organizationFrameworks.organizationId, organizationId))) as ActivationRow[];
  const controlRows = await tx.select().from(organizationControls).where(eq(organizationControls.organizationId, organizationId));
  const fresh = sql`${evidence.staleAt} is null and ${evidence.expiresAt} > ${now.toISOString()}::timestamptz`;
  const counts = await tx
    .select({
      controlId: evidenceControls.controlId,
      total: sql<number>`count(*)::int`,
      fresh: sql<number>`(count(*) filter (where ${fresh}))::int`,
      nextExpiry: sql<string | null>`min(${evidence.expiresAt}) filter (where ${fresh})`,
    })
    .from(evidenceControls)
    .innerJoin(evidence, eq(evidence.id, evidenceControls.evidenceId))
    .where(eq(evidenceControls.organizationId, organizationId))
    .groupBy(evidenceControls.controlId);
  return {
    organizationId,
    activations,
    controls: new Map(controlRows.map((row) => [row.controlId, row])),
    evidence: new Map(
      counts.map((row) => [
        row.controlId,
        { total: Number(row.total), fresh: Number(row.fresh), nextExpiry: row.nextExpiry ? new Date(row.nextExpiry) : null },
      ]),
    ),
  };
}

/** The readiness of the given active frameworks (all of them by default), from the loaded state. */
export function programmeReadiness(catalogue: CatalogueIndex, state: ProgrammeState, only?: ReadonlySet<string>): FrameworkReadiness[] {
  const frameworks: ReadinessFrameworkInput[] = [];
  const activeIds = new Map(state.activations.map((activation) => [activation.frameworkId, activation]));
  for (const framework of catalogue.frameworks) {
    const activation = activeIds.get(framework.id);
    if (!activation || (only && !only.has(framework.id))) continue;
    frameworks.push({
      id: framework.id,
      name: framework.name,
      targetDate: activation.targetDate,
      auditType: activation.auditType,
      requirements: (catalogue.requirementsByFramework.get(framework.id) ?? [])
        .filter((requirement) => requirement.assessable)
        .map((requirement) => ({
          ref: requirement.ref,
          title: requirement.title,
          notAddressable: requirement.notAddressable,
          controlIds: (catalogue.mappingsByRequirement.get(requirement.id) ?? []).map((mapping) => mapping.controlId),
        })),
    });
  }
  const controls = new Map<string, ReadinessControlInput>();
  for (const [id, row] of state.controls) {
    controls.set(id, {
      status: row.status,
      applicable: row.applicable,
      freshnessDays: catalogue.controlById.get(id)?.freshnessDays ?? 365,
    });
  }
  for (const control of catalogue.controls) {
    if (!controls.has(control.id))
      controls.set(control.id, { status: 'not_started', applicable: true, freshnessDays: control.freshnessDays });
  }
  const freshEvidence = new Map([...state.evidence].map(([id, count]) => [id, count.fresh]));
  return computeReadiness({ frameworks, controls, freshEvidence });
}

/** The catalogue frameworks a reader may see (access scopes, docs/programme.md "Scopes"). */
export function readerFrameworks(catalogue: CatalogueIndex, reader: PermissionSubject): Set<CatalogueFrameworkId> {
  return visibleFrameworkIds(reader, 'frameworks:read', catalogue.frameworks);
}

/**
 * The organization's controls a reader sees: those an active framework in their view maps to (or,
 * for a control no active framework maps any more, one any visible framework maps), and whose own
 * business unit and environment their scopes allow.
 */
export function visibleControlIds(catalogue: CatalogueIndex, state: ProgrammeState, reader: PermissionSubject): Set<string> {
  const visible = readerFrameworks(catalogue, reader);
  const activeIds = new Set(state.activations.map((activation) => activation.frameworkId));
  const subject = programmeReader(reader);
  const out = new Set<string>();
  for (const [id, row] of state.controls) {
    const mappedBy = catalogue.frameworks.filter((framework) => catalogue.controlIdsByFramework.get(framework.id)?.has(id));
    const active = mappedBy.filter((framework) => activeIds.has(framework.id));
    const seen = (active.length > 0 ? active : mappedBy).some((framework) => visible.has(framework.id));
    if (seen && isInScope(subject, 'frameworks:read', rowScope({ businessUnit: row.businessUnit, environment: row.environment })))
      out.add(id);
  }
  return out;
}
