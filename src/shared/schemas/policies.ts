import { z } from 'zod';

/**
 * The policy center (issue 37 item 1, docs/policies.md): an approved policy deliverable published as a
 * controlled document with an owner, a version, an effective date and a review date. A new version is
 * published only from a deliverable version approved through the review; the previous ones are kept.
 */

const isoDate = z.iso.date('A date as YYYY-MM-DD');
const controlId = z.string().regex(/^[A-Z]{2,4}-\d{2}$/, 'Not a control id');

export const policyParamsSchema = z.object({ policyId: z.uuid('No such policy') });

export const publishPolicyInputSchema = z
  .object({
    organizationId: z.uuid('Not an organization id').optional(),
    /** A new version of this policy; omit to publish a new policy. */
    policyId: z.uuid('Not a policy id').optional(),
    /** The approved deliverable whose latest published version becomes the policy's text. */
    deliverableId: z.uuid('Not a deliverable id'),
    title: z.string().trim().min(3, 'At least 3 characters').max(200, 'At most 200 characters').optional(),
    ownerId: z.uuid('Not a user id'),
    effectiveDate: isoDate,
    reviewDate: isoDate,
    changeSummary: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
    /** The programme controls this policy serves; omitted on a new version: the links stay. */
    controlIds: z.array(controlId).max(50).optional(),
  })
  .refine((input) => input.reviewDate > input.effectiveDate, {
    path: ['reviewDate'],
    message: 'The review date comes after the effective date',
  });
export type PublishPolicyInput = z.input<typeof publishPolicyInputSchema>;

export const policyVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  deliverableId: z.uuid(),
  deliverableVersion: z.number().int(),
  ownerId: z.uuid(),
  effectiveDate: z.string(),
  reviewDate: z.string(),
  changeSummary: z.string(),
  publishedBy: z.uuid(),
  publishedAt: z.string(),
});
export type PolicyVersion = z.infer<typeof policyVersionSchema>;

export const policySchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  ref: z.string(),
  title: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  currentVersion: z.number().int(),
  effectiveDate: z.string(),
  reviewDate: z.string(),
  /** The review date has come. */
  isReviewDue: z.boolean(),
  reviewTaskId: z.uuid().nullable(),
  controlIds: z.array(z.string()),
  updatedAt: z.string(),
});
export type Policy = z.infer<typeof policySchema>;

export const policyDetailSchema = policySchema.extend({
  /** The current version's Markdown. */
  body: z.string(),
  /** Every version, newest first. */
  versions: z.array(policyVersionSchema),
});
export type PolicyDetail = z.infer<typeof policyDetailSchema>;

export const policyListQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  reviewDue: z.enum(['true', 'false']).optional(),
});

export const policyListSchema = z.object({ organizationId: z.uuid(), policies: z.array(policySchema) });
export type PolicyList = z.infer<typeof policyListSchema>;
