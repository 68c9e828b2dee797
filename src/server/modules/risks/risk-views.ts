import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Risk } from '../../../shared/schemas/risks.ts';
import { riskScore } from '../../../shared/rules/risk-score.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { organizationMembers, staffAssignments } from '../../db/schema/organizations.ts';
import { riskControls, risks } from '../../db/schema/risks.ts';
import { userNames } from '../task-requests/task-request-views.ts';

export type RiskRow = typeof risks.$inferSelect;

/** R-001, R-002 …: one more than the organization's highest numbered ref. */
export async function nextRiskRef(tx: DbTransaction, organizationId: string, taken: readonly string[] = []): Promise<string> {
  // Two risks created at once must not both take the same number: one waits for the other's commit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`risks:${organizationId}`}, 0))`);
  const rows = await tx
    .select({ ref: risks.ref })
    .from(risks)
    .where(and(eq(risks.organizationId, organizationId), like(risks.ref, 'R-%')));
  const highest = Math.max(0, ...[...rows.map((row) => row.ref), ...taken].map((ref) => Number(/^R-(\d+)$/.exec(ref)?.[1] ?? 0)));
  return `R-${String(highest + 1).padStart(3, '0')}`;
}

/** 400 on `path` unless the user belongs to the organization (a member, or staff assigned to it). */
export async function requireOrganizationUser(tx: DbTransaction, organizationId: string, userId: string, path: string): Promise<void> {
  const [member] = await tx
    .select({ id: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  if (member) return;
  const [staff] = await tx
    .select({ id: staffAssignments.staffUserId })
    .from(staffAssignments)
    .where(and(eq(staffAssignments.organizationId, organizationId), eq(staffAssignments.staffUserId, userId)));
  if (staff) return;
  throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
    { path, message: 'The owner must be a member of the organization or a consultant assigned to it' },
  ]);
}

export async function riskViews(tx: DbTransaction, rows: readonly RiskRow[]): Promise<Risk[]> {
  if (rows.length === 0) return [];
  const links = await tx
    .select({ riskId: riskControls.riskId, controlId: riskControls.controlId })
    .from(riskControls)
    .where(
      inArray(
        riskControls.riskId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(riskControls.controlId));
  const controlsOf = new Map<string, string[]>();
  for (const link of links) controlsOf.set(link.riskId, [...(controlsOf.get(link.riskId) ?? []), link.controlId]);
  const names = await userNames(
    tx,
    rows.map((row) => row.ownerId),
  );
  return rows.map((row) => ({
    id: row.id,
    ref: row.ref,
    title: row.title,
    description: row.description,
    category: row.category,
    likelihood: row.likelihood,
    impact: row.impact,
    inherentScore: riskScore(row.likelihood, row.impact),
    residualLikelihood: row.residualLikelihood,
    residualImpact: row.residualImpact,
    residualScore: riskScore(row.residualLikelihood, row.residualImpact),
    treatment: row.treatment,
    treatmentPlan: row.treatmentPlan,
    owner: row.ownerId ? { id: row.ownerId, name: names.get(row.ownerId) ?? 'A former user' } : null,
    reviewDate: row.reviewDate,
    status: row.status,
    controlIds: controlsOf.get(row.id) ?? [],
    region: row.region,
    businessUnit: row.businessUnit,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
