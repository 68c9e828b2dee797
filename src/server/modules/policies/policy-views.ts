import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Policy, PolicyVersion } from '../../../shared/schemas/policies.ts';
import type { DbTransaction } from '../../db/client.ts';
import { policies, policyControls, policyVersions } from '../../db/schema/policies.ts';
import { userNames } from '../task-requests/task-request-views.ts';

export type PolicyRow = typeof policies.$inferSelect;
export type PolicyVersionRow = typeof policyVersions.$inferSelect;

/** POL-001, POL-002 …: one more than the organization's highest number (two publications at once wait for each other). */
export async function nextPolicyRef(tx: DbTransaction, organizationId: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`policies:${organizationId}`}, 0))`);
  const rows = await tx
    .select({ ref: policies.ref })
    .from(policies)
    .where(and(eq(policies.organizationId, organizationId), like(policies.ref, 'POL-%')));
  const highest = Math.max(0, ...rows.map((row) => Number(/^POL-(\d+)$/.exec(row.ref)?.[1] ?? 0)));
  return `POL-${String(highest + 1).padStart(3, '0')}`;
}

export async function policyViews(tx: DbTransaction, rows: readonly PolicyRow[], now: Date): Promise<Policy[]> {
  if (rows.length === 0) return [];
  const links = await tx
    .select()
    .from(policyControls)
    .where(
      inArray(
        policyControls.policyId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(policyControls.controlId));
  const names = await userNames(
    tx,
    rows.map((row) => row.ownerId),
  );
  const today = now.toISOString().slice(0, 10);
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    ref: row.ref,
    title: row.title,
    ownerId: row.ownerId,
    ownerName: names.get(row.ownerId) ?? 'A former user',
    currentVersion: row.currentVersion,
    effectiveDate: row.effectiveDate,
    reviewDate: row.reviewDate,
    isReviewDue: row.reviewDate <= today,
    reviewTaskId: row.reviewTaskId,
    controlIds: links.filter((link) => link.policyId === row.id).map((link) => link.controlId),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export function versionView(row: PolicyVersionRow): PolicyVersion {
  return {
    version: row.version,
    title: row.title,
    deliverableId: row.deliverableId,
    deliverableVersion: row.deliverableVersion,
    ownerId: row.ownerId,
    effectiveDate: row.effectiveDate,
    reviewDate: row.reviewDate,
    changeSummary: row.changeSummary,
    publishedBy: row.publishedBy,
    publishedAt: row.publishedAt.toISOString(),
  };
}

export async function policyVersionsOf(tx: DbTransaction, policyId: string): Promise<PolicyVersionRow[]> {
  return tx.select().from(policyVersions).where(eq(policyVersions.policyId, policyId)).orderBy(desc(policyVersions.version));
}
