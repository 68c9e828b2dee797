import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { publishPolicyInputSchema } from '../../../shared/schemas/policies.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { deliverables, deliverableVersions } from '../../db/schema/deliverables.ts';
import { policies, policyControls, policyVersions } from '../../db/schema/policies.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { requireProgrammeControls } from '../evidence/programme-controls.ts';
import { requireOrganizationUser } from '../risks/risk-views.ts';
import { nextPolicyRef, type PolicyRow } from './policy-views.ts';

/**
 * The policy center's state changes (the only writer of `policies`, `policy_versions`, `policy_controls`):
 * publishing a version and opening its review. A version is only ever the frozen text of a deliverable
 * version that was approved through the review (reviews → publishDeliverable), so a change to a policy
 * needs that approval: a deliverable version already published as this policy is refused.
 */

export type PublishPolicyFields = Omit<z.output<typeof publishPolicyInputSchema>, 'organizationId'>;
export const POLICY_NOT_FOUND = 'No such policy.';

async function approvedText(tx: DbTransaction, organizationId: string, deliverableId: string) {
  const [deliverable] = await tx
    .select()
    .from(deliverables)
    .where(and(eq(deliverables.id, deliverableId), eq(deliverables.organizationId, organizationId)));
  if (!deliverable) throw new AppError('NOT_FOUND', 'No such deliverable.');
  if (deliverable.type !== 'policy_draft') {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
      { path: 'body.deliverableId', message: 'Only a policy deliverable is published as a policy' },
    ]);
  }
  if (deliverable.currentVersion < 1) {
    throw new AppError('POLICY_NOT_APPROVED', 'This deliverable has no approved version yet: a reviewer approves the draft first.');
  }
  const [version] = await tx
    .select()
    .from(deliverableVersions)
    .where(and(eq(deliverableVersions.deliverableId, deliverable.id), eq(deliverableVersions.version, deliverable.currentVersion)));
  if (!version) throw new AppError('POLICY_NOT_APPROVED', 'This deliverable has no approved version yet.');
  return { deliverable, version };
}

async function setControls(tx: DbTransaction, policy: PolicyRow, controlIds: readonly string[] | undefined) {
  if (!controlIds) return;
  await requireProgrammeControls(tx, policy.organizationId, controlIds);
  await tx.delete(policyControls).where(eq(policyControls.policyId, policy.id));
  const unique = [...new Set(controlIds)];
  if (unique.length > 0) {
    await tx
      .insert(policyControls)
      .values(unique.map((controlId) => ({ organizationId: policy.organizationId, policyId: policy.id, controlId })));
  }
}

/**
 * Publishes the deliverable's approved text as a new policy (version 1) or as the next version of
 * `existing` (locked by the caller), with its trail entry, in the caller's transaction.
 */
export async function publishPolicyVersion(
  tx: DbTransaction,
  organizationId: string,
  existing: PolicyRow | null,
  input: PublishPolicyFields,
  context: { userId: string; origin: Partial<AuditOrigin>; now: Date },
): Promise<PolicyRow> {
  const { now } = context;
  const { deliverable, version } = await approvedText(tx, organizationId, input.deliverableId);
  await requireOrganizationUser(tx, organizationId, input.ownerId, 'body.ownerId');
  const earlier = await tx
    .select({ policyId: policyVersions.policyId, deliverableVersion: policyVersions.deliverableVersion, ref: policies.ref })
    .from(policyVersions)
    .innerJoin(policies, eq(policies.id, policyVersions.policyId))
    .where(eq(policyVersions.deliverableId, deliverable.id));
  if (earlier.some((row) => row.deliverableVersion === version.version)) {
    throw new AppError(
      'POLICY_UNCHANGED',
      `Version ${version.version} of this deliverable is published already: a change needs a new version approved through the review.`,
    );
  }
  const owner = earlier.find((row) => row.policyId !== existing?.id);
  if (owner) {
    throw new AppError('CONFLICT', `This deliverable is ${owner.ref}: publish its new version with that policy's id.`, [
      { path: 'body.policyId', message: `Publish it as the next version of ${owner.ref}` },
    ]);
  }
  const title = input.title ?? deliverable.title;
  const dates = { ownerId: input.ownerId, effectiveDate: input.effectiveDate, reviewDate: input.reviewDate };
  let policy: PolicyRow | undefined;
  if (existing) {
    [policy] = await tx
      .update(policies)
      .set({ ...dates, title, currentVersion: existing.currentVersion + 1, updatedAt: now })
      .where(eq(policies.id, existing.id))
      .returning();
  } else {
    const ref = await nextPolicyRef(tx, organizationId);
    [policy] = await tx
      .insert(policies)
      .values({ ...dates, organizationId, ref, title, currentVersion: 1, createdBy: context.userId, createdAt: now, updatedAt: now })
      .returning();
  }
  if (!policy) throw new Error('publishPolicyVersion: write returned nothing');
  await tx.insert(policyVersions).values({
    ...dates,
    organizationId,
    policyId: policy.id,
    version: policy.currentVersion,
    deliverableId: deliverable.id,
    deliverableVersion: version.version,
    title,
    body: version.body,
    changeSummary: input.changeSummary,
    publishedBy: context.userId,
    publishedAt: now,
  });
  await setControls(tx, policy, input.controlIds);
  await recordAudit(tx, {
    ...context.origin,
    organizationId,
    action: 'policy.publish',
    entityType: 'policy',
    entityId: policy.id,
    before: existing ? { version: existing.currentVersion, effectiveDate: existing.effectiveDate, reviewDate: existing.reviewDate } : null,
    after: {
      ref: policy.ref,
      version: policy.currentVersion,
      deliverableId: deliverable.id,
      deliverableVersion: version.version,
      ...dates,
      controlIds: input.controlIds,
    },
  });
  return policy;
}

/** The review date came: the task that reviews the policy is opened (by the clock), once per review date. */
export async function markPolicyReviewOpened(
  tx: DbTransaction,
  policy: PolicyRow,
  taskRequestId: string,
  origin: Partial<AuditOrigin>,
  now: Date,
): Promise<void> {
  await tx
    .update(policies)
    .set({ reviewTaskOpenedFor: policy.reviewDate, reviewTaskId: taskRequestId, updatedAt: now })
    .where(eq(policies.id, policy.id));
  await recordAudit(tx, {
    ...origin,
    organizationId: policy.organizationId,
    action: 'policy.review_due',
    entityType: 'policy',
    entityId: policy.id,
    after: { reviewDate: policy.reviewDate, taskRequestId },
  });
}
