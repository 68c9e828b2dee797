import { and, asc, eq, gte, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { engagementBounds } from '../../../shared/rules/engagement-evidence.ts';
import type { AuditEvidence } from '../../../shared/schemas/engagements.ts';
import type { DbTransaction } from '../../db/client.ts';
import { controlMappings, organizationControls } from '../../db/schema/controls.ts';
import { auditRequestEvidence, auditRequests } from '../../db/schema/engagements.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { frameworkRequirements } from '../../db/schema/frameworks.ts';
import type { EngagementRow } from './engagement-reach.ts';

/**
 * The evidence an engagement sees (docs/audit.md): an item is *in force during the period* when it
 * was collected before the period ended and had not expired when it began. Later items (collected
 * after the period) and items that expired before it are never shown to the auditor.
 */

const DAY_MS = 86_400_000;

export function periodBounds(engagement: Pick<EngagementRow, 'periodStart' | 'periodEnd'>): { start: Date; endExclusive: Date } {
  const start = new Date(`${engagement.periodStart}T00:00:00Z`);
  const endExclusive = new Date(new Date(`${engagement.periodEnd}T00:00:00Z`).getTime() + DAY_MS);
  return { start, endExclusive };
}

export function inForceCondition(engagement: Pick<EngagementRow, 'periodStart' | 'periodEnd'>): SQL {
  const { start, endExclusive } = periodBounds(engagement);
  return and(lt(evidence.collectedAt, endExclusive), gte(evidence.expiresAt, start)) as SQL;
}

/**
 * `countsForEngagement` (src/shared/rules/engagement-evidence.ts) in SQL: in force during the period, or
 * collected while the engagement runs and covering the period (the client's answer to a flag). What the
 * client may link, what auditors see, and what the package holds; the generated list links only evidence
 * in force during the period (`inForceCondition`).
 */
export function engagementEvidenceCondition(engagement: Pick<EngagementRow, 'periodStart' | 'periodEnd' | 'accessEndsOn'>): SQL {
  const { start, endExclusive, accessEndExclusive } = engagementBounds(engagement);
  return and(
    gte(evidence.expiresAt, start),
    or(
      lt(evidence.collectedAt, endExclusive),
      and(
        lt(evidence.collectedAt, accessEndExclusive),
        or(isNull(evidence.periodStart), lte(evidence.periodStart, engagement.periodEnd)),
        or(isNull(evidence.periodEnd), gte(evidence.periodEnd, engagement.periodStart)),
      ),
    ),
  ) as SQL;
}

export function toAuditEvidence(row: typeof evidence.$inferSelect): AuditEvidence {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    fileName: row.fileName,
    url: row.url,
    sha256: row.sha256,
    collectedAt: row.collectedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The linked evidence that counts for the engagement, per request. */
export async function requestEvidence(
  tx: DbTransaction,
  engagement: EngagementRow,
  requestIds: readonly string[],
): Promise<Map<string, AuditEvidence[]>> {
  const byRequest = new Map<string, AuditEvidence[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await tx
    .select({ requestId: auditRequestEvidence.requestId, item: evidence })
    .from(auditRequestEvidence)
    .innerJoin(evidence, eq(evidence.id, auditRequestEvidence.evidenceId))
    .where(
      and(
        inArray(auditRequestEvidence.requestId, [...requestIds]),
        eq(evidence.organizationId, engagement.organizationId),
        engagementEvidenceCondition(engagement),
      ),
    )
    .orderBy(asc(evidence.collectedAt));
  for (const row of rows) byRequest.set(row.requestId, [...(byRequest.get(row.requestId) ?? []), toAuditEvidence(row.item)]);
  return byRequest;
}

/**
 * The "provided by client" list of a new engagement: one request per requirement of the framework in
 * the organization's scope (mapped to a control in its programme that applies; every mapped
 * requirement when it has no programme yet), each with the evidence of those controls in force during
 * the period. A request with evidence starts submitted, one without starts open.
 */
export async function generateAuditRequests(tx: DbTransaction, engagement: EngagementRow, createdBy: string | null): Promise<number> {
  const programme = await tx
    .select({ controlId: organizationControls.controlId })
    .from(organizationControls)
    .where(and(eq(organizationControls.organizationId, engagement.organizationId), eq(organizationControls.applicable, true)));
  const controlIds = programme.map((row) => row.controlId);
  const mapped = await tx
    .selectDistinct({
      id: frameworkRequirements.id,
      ref: frameworkRequirements.ref,
      title: frameworkRequirements.title,
      summary: frameworkRequirements.summary,
      position: frameworkRequirements.position,
    })
    .from(frameworkRequirements)
    .innerJoin(controlMappings, eq(controlMappings.requirementId, frameworkRequirements.id))
    .where(
      and(
        eq(frameworkRequirements.frameworkId, engagement.frameworkId),
        ...(controlIds.length > 0 ? [inArray(controlMappings.controlId, controlIds)] : []),
      ),
    )
    .orderBy(asc(frameworkRequirements.position));
  if (mapped.length === 0) return 0;
  const inserted = await tx
    .insert(auditRequests)
    .values(
      mapped.map((requirement) => ({
        organizationId: engagement.organizationId,
        engagementId: engagement.id,
        ref: requirement.ref,
        requirementId: requirement.id,
        title: requirement.title,
        description:
          `Provide evidence that ${requirement.ref} (${requirement.title}) operated during ${engagement.periodStart} – ${engagement.periodEnd}. ${requirement.summary}`.slice(
            0,
            4000,
          ),
        dueOn: engagement.fieldworkStart,
        createdBy,
      })),
    )
    .returning({ id: auditRequests.id, requirementId: auditRequests.requirementId });
  const links = await tx
    .selectDistinct({ requirementId: controlMappings.requirementId, evidenceId: evidence.id })
    .from(controlMappings)
    .innerJoin(evidenceControls, eq(evidenceControls.controlId, controlMappings.controlId))
    .innerJoin(evidence, eq(evidence.id, evidenceControls.evidenceId))
    .where(
      and(
        inArray(
          controlMappings.requirementId,
          mapped.map((requirement) => requirement.id),
        ),
        eq(evidence.organizationId, engagement.organizationId),
        inForceCondition(engagement),
      ),
    );
  const requestOf = new Map(inserted.map((row) => [row.requirementId, row.id]));
  const values = links.flatMap((link) => {
    const requestId = requestOf.get(link.requirementId);
    return requestId ? [{ organizationId: engagement.organizationId, requestId, evidenceId: link.evidenceId, linkedBy: createdBy }] : [];
  });
  if (values.length > 0) {
    await tx.insert(auditRequestEvidence).values(values).onConflictDoNothing();
    await tx
      .update(auditRequests)
      .set({ status: 'submitted' })
      .where(inArray(auditRequests.id, [...new Set(values.map((value) => value.requestId))]));
  }
  return inserted.length;
}
