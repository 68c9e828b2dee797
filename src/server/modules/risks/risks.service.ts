import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { PermissionSubject } from '../../../shared/permissions.ts';
import type { Risk, riskInputSchema, RiskList, riskListQuerySchema, updateRiskInputSchema } from '../../../shared/schemas/risks.ts';
import { RISK_SCALE_MAX } from '../../../shared/rules/risk-score.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { riskControls, risks } from '../../db/schema/risks.ts';
import { isInScope } from '../../platform/access/scoped-read.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { requireProgrammeControls } from '../evidence/programme-controls.ts';
import { rowScope } from '../frameworks/programme-scope.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { nextRiskRef, requireOrganizationUser, riskViews, type RiskRow } from './risk-views.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * The risk register (docs/programme.md "Risks"): likelihood × impact, inherent and residual, scored on
 * the spec's 0–100 scale by src/shared/rules/risk-score.ts; refs R-001, R-002… per organization; a heat
 * map of the open risks. Tenancy by the tenant guard, attribute scopes (region, business unit) by rowScope.
 */

const NOT_FOUND = 'No such risk.';

export interface RiskActor {
  userId: string;
  reader: PermissionSubject;
}

type RiskInput = z.output<typeof riskInputSchema>;
type RiskUpdate = z.output<typeof updateRiskInputSchema>;

const emptyHeatMap = () => Array.from({ length: RISK_SCALE_MAX }, () => Array.from({ length: RISK_SCALE_MAX }, () => 0));

/** cells[likelihood − 1][impact − 1]: how many open risks sit there, before and after treatment. */
export function riskHeatMap(rows: readonly Pick<Risk, 'status' | 'likelihood' | 'impact' | 'residualLikelihood' | 'residualImpact'>[]) {
  const inherent = emptyHeatMap();
  const residual = emptyHeatMap();
  for (const row of rows) {
    if (row.status !== 'open') continue;
    inherent[row.likelihood - 1]![row.impact - 1]! += 1;
    residual[row.residualLikelihood - 1]![row.residualImpact - 1]! += 1;
  }
  return { inherent, residual };
}

async function setRiskControls(tx: DbTransaction, row: RiskRow, controlIds: readonly string[]): Promise<void> {
  await requireProgrammeControls(tx, row.organizationId, controlIds);
  await tx.delete(riskControls).where(eq(riskControls.riskId, row.id));
  if (controlIds.length > 0) {
    await tx
      .insert(riskControls)
      .values([...new Set(controlIds)].map((controlId) => ({ organizationId: row.organizationId, riskId: row.id, controlId })));
  }
}

/** Writes one new risk (the API) and records it on the trail: the next ref unless one is given. */
export async function insertRisk(
  tx: DbTransaction,
  organizationId: string,
  input: Omit<RiskInput, 'organizationId'> & { ref?: string },
  createdBy: string,
  now: Date,
  origin: Partial<AuditOrigin> = { actor: createdBy },
): Promise<RiskRow> {
  const row = await writeNewRisk(tx, organizationId, input, createdBy, now);
  await recordAudit(tx, {
    ...origin,
    organizationId,
    action: 'risk.create',
    entityType: 'risk',
    entityId: row.id,
    after: { ...row, controlIds: input.controlIds },
  });
  return row;
}

/**
 * insertRisk without its trail entry, for a change of many risks that records one entry itself (the
 * CSV import: one entry naming the register, docs/audit.md).
 */
export async function writeNewRisk(
  tx: DbTransaction,
  organizationId: string,
  input: Omit<RiskInput, 'organizationId'> & { ref?: string },
  createdBy: string,
  now: Date,
): Promise<RiskRow> {
  if (input.ownerId) await requireOrganizationUser(tx, organizationId, input.ownerId, 'body.ownerId');
  await requireProgrammeControls(tx, organizationId, input.controlIds);
  const [row] = await tx
    .insert(risks)
    .values({
      organizationId,
      ref: input.ref ?? (await nextRiskRef(tx, organizationId)),
      title: input.title,
      description: input.description,
      category: input.category,
      likelihood: input.likelihood,
      impact: input.impact,
      residualLikelihood: input.residualLikelihood ?? input.likelihood,
      residualImpact: input.residualImpact ?? input.impact,
      treatment: input.treatment,
      treatmentPlan: input.treatmentPlan,
      ownerId: input.ownerId,
      reviewDate: input.reviewDate,
      region: input.region,
      businessUnit: input.businessUnit,
      createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insertRisk: insert returned nothing');
  await setRiskControls(tx, row, input.controlIds);
  return row;
}

/** Applies a partial change (the API) and records it on the trail. */
export async function applyRiskUpdate(
  tx: DbTransaction,
  row: RiskRow,
  input: Omit<RiskUpdate, 'organizationId'>,
  now: Date,
  origin: Partial<AuditOrigin> = {},
): Promise<RiskRow> {
  const updated = await writeRiskChange(tx, row, input, now);
  await recordAudit(tx, {
    ...origin,
    organizationId: row.organizationId,
    action: 'risk.update',
    entityType: 'risk',
    entityId: row.id,
    before: row,
    after: { ...updated, ...(input.controlIds ? { controlIds: input.controlIds } : {}) },
  });
  return updated;
}

/** applyRiskUpdate without its trail entry, for a change of many risks that records one entry itself (the CSV import). */
export async function writeRiskChange(
  tx: DbTransaction,
  row: RiskRow,
  input: Omit<RiskUpdate, 'organizationId'>,
  now: Date,
): Promise<RiskRow> {
  if (input.ownerId) await requireOrganizationUser(tx, row.organizationId, input.ownerId, 'body.ownerId');
  const { controlIds, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<RiskRow>;
  const [updated] = await tx
    .update(risks)
    .set({ ...changes, updatedAt: now })
    .where(eq(risks.id, row.id))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (controlIds) await setRiskControls(tx, updated, controlIds);
  return updated;
}

async function viewOne(tx: DbTransaction, row: RiskRow): Promise<Risk> {
  const [view] = await riskViews(tx, [row]);
  if (!view) throw new Error('viewOne: no view');
  return view;
}

export async function createRisk(tenant: Tenant, actor: RiskActor, input: RiskInput, now = new Date()): Promise<Risk> {
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => viewOne(tx, await insertRisk(tx, organizationId, input, actor.userId, now, tenant.origin)));
}

export async function listRisks(tenant: Tenant, actor: RiskActor, query: z.output<typeof riskListQuerySchema>): Promise<RiskList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const conditions = [eq(risks.organizationId, organizationId)];
    if (query.status) conditions.push(eq(risks.status, query.status));
    if (query.q) {
      const words = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const match = or(ilike(risks.title, words), ilike(risks.description, words), ilike(risks.ref, words));
      if (match) conditions.push(match);
    }
    const rows = (
      await tx
        .select()
        .from(risks)
        .where(and(...conditions))
        .orderBy(asc(risks.ref))
    ).filter((row) => isInScope(actor.reader, 'risks:read', rowScope(row)));
    const views = await riskViews(tx, rows);
    // The heat map counts every open risk the reader sees, whatever the status filter.
    const open =
      query.status === 'open' || !query.status
        ? views
        : await riskViews(
            tx,
            (
              await tx
                .select()
                .from(risks)
                .where(and(eq(risks.organizationId, organizationId), eq(risks.status, 'open')))
            ).filter((row) => isInScope(actor.reader, 'risks:read', rowScope(row))),
          );
    return { organizationId, risks: views, heatMap: riskHeatMap(open) };
  });
}

/** The risk when the reader reaches it; `lock` holds its row (an edit records the state it replaced, edits at once apply in turn). */
async function reachableRisk(tx: DbTransaction, tenant: Tenant, actor: RiskActor, id: string, lock = false): Promise<RiskRow> {
  const query = tx
    .select()
    .from(risks)
    .where(and(eq(risks.id, id), tenant.where(risks.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, NOT_FOUND);
  if (!row || !isInScope(actor.reader, 'risks:read', rowScope(row))) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function getRisk(tenant: Tenant, actor: RiskActor, id: string): Promise<Risk> {
  return tenant.transaction(async (tx) => viewOne(tx, await reachableRisk(tx, tenant, actor, id)));
}

export async function updateRisk(tenant: Tenant, actor: RiskActor, id: string, input: RiskUpdate, now = new Date()): Promise<Risk> {
  return tenant.transaction(async (tx) => {
    const row = await reachableRisk(tx, tenant, actor, id, true);
    if (input.organizationId && input.organizationId !== row.organizationId) throw new AppError('NOT_FOUND', NOT_FOUND);
    const { organizationId: _named, ...change } = input;
    return viewOne(tx, await applyRiskUpdate(tx, row, change, now, tenant.origin));
  });
}
