import { z } from 'zod';

/**
 * Third-party risk (issue 35, docs/vendors.md): the vendor register — tier, data shared, sub-processor,
 * contract and DPA/BAA dates, owner, review cadence by tier, status, residual risk — and each vendor's
 * links to the risks and controls it touches.
 */

/** Criticality, 1 the most critical. */
export const VENDOR_TIERS = [1, 2, 3, 4] as const;
export type VendorTier = (typeof VENDOR_TIERS)[number];

/** Months between reviews for each tier: the cadence that schedules `vendor.review_due`. */
export const VENDOR_REVIEW_CADENCE_MONTHS: Record<VendorTier, number> = { 1: 6, 2: 12, 3: 24, 4: 36 };

export const VENDOR_TIER_LABELS: Record<VendorTier, string> = {
  1: 'Tier 1 — critical',
  2: 'Tier 2 — high',
  3: 'Tier 3 — moderate',
  4: 'Tier 4 — low',
};

export const VENDOR_DATA_CATEGORIES = ['personal', 'special_category', 'payment', 'health', 'credentials', 'none'] as const;
export type VendorDataCategory = (typeof VENDOR_DATA_CATEGORIES)[number];
export const VENDOR_DATA_CATEGORY_LABELS: Record<VendorDataCategory, string> = {
  personal: 'Personal data',
  special_category: 'Special-category data',
  payment: 'Payment data',
  health: 'Health data',
  credentials: 'Credentials',
  none: 'None',
};

export const VENDOR_STATUSES = ['proposed', 'in_review', 'approved', 'approved_with_conditions', 'rejected', 'offboarded'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = {
  proposed: 'Proposed',
  in_review: 'In review',
  approved: 'Approved',
  approved_with_conditions: 'Approved with conditions',
  rejected: 'Rejected',
  offboarded: 'Offboarded',
};

export const VENDOR_RESIDUAL_RISKS = ['low', 'medium', 'high', 'critical'] as const;
export type VendorResidualRisk = (typeof VENDOR_RESIDUAL_RISKS)[number];
export const VENDOR_RESIDUAL_RISK_LABELS: Record<VendorResidualRisk, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** The next review date: `from` plus the tier's cadence (YYYY-MM-DD, UTC). */
export function nextVendorReviewDate(tier: VendorTier, from: string): string {
  const date = new Date(`${from}T00:00:00Z`);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + VENDOR_REVIEW_CADENCE_MONTHS[tier]);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString().slice(0, 10);
}

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date('A date as YYYY-MM-DD');
const controlId = z.string().regex(/^[A-Z]{2,4}-\d{2}$/, 'Not a control id');
const tier = z.coerce
  .number()
  .int('The tier is a whole number')
  .refine((value): value is VendorTier => (VENDOR_TIERS as readonly number[]).includes(value), 'The tier is 1 to 4');
const website = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), 'A web address starting with https://');

export const vendorParamsSchema = z.object({ vendorId: z.uuid('No such vendor') });

export const vendorListQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  status: z.enum(VENDOR_STATUSES, 'Not a vendor status').optional(),
  tier: tier.optional(),
  dataCategory: z.enum(VENDOR_DATA_CATEGORIES, 'Not a data category').optional(),
  subProcessor: z.enum(['true', 'false'], 'true or false').optional(),
  /** Only vendors whose next review is on or before today. */
  reviewDue: z.enum(['true', 'false'], 'true or false').optional(),
  q: z.string().trim().max(200).optional(),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;

const dataCategories = z
  .array(z.enum(VENDOR_DATA_CATEGORIES, 'Not a data category'))
  .max(VENDOR_DATA_CATEGORIES.length)
  .refine((list) => !list.includes('none') || list.length === 1, '“None” cannot go with other categories');

const fieldsWithDefaults = {
  organizationId: z.uuid('Not an organization id').optional(),
  name: z.string().trim().min(2, 'Name the vendor (at least 2 characters)').max(200, 'At most 200 characters'),
  website: website.default(''),
  ownerId: z.uuid('Not a user id').nullable().default(null),
  tier: tier,
  services: z.string().trim().max(2000, 'At most 2000 characters').default(''),
  dataCategories: dataCategories.default([]),
  isSubProcessor: z.boolean().default(false),
  contractStart: isoDate.nullable().default(null),
  contractEnd: isoDate.nullable().default(null),
  dpaSignedOn: isoDate.nullable().default(null),
  baaSignedOn: isoDate.nullable().default(null),
  status: z.enum(VENDOR_STATUSES, 'Choose a status').default('proposed'),
  residualRisk: z.enum(VENDOR_RESIDUAL_RISKS, 'Choose a residual risk').nullable().default(null),
  /** What an approval with conditions asks of the vendor. */
  conditions: z.string().trim().max(4000, 'At most 4000 characters').default(''),
  /** The next review; by default the tier's cadence from today. */
  nextReviewOn: isoDate.nullable().optional(),
  riskIds: z.array(z.uuid('Not a risk id')).max(50).default([]),
  controlIds: z.array(controlId).max(50).default([]),
};

const contractOrder = <T extends { contractStart?: string | null; contractEnd?: string | null }>(value: T) =>
  !value.contractStart || !value.contractEnd || value.contractStart <= value.contractEnd;
const contractOrderIssue = { message: 'The contract ends after it starts', path: ['contractEnd'] };

export const vendorInputSchema = z.object(fieldsWithDefaults).refine(contractOrder, contractOrderIssue);
export type VendorInput = z.input<typeof vendorInputSchema>;

/** A change: only the fields sent change (no defaults, so a PATCH never blanks what it does not name). */
export const updateVendorInputSchema = z
  .object({
    organizationId: z.uuid('Not an organization id').optional(),
    name: fieldsWithDefaults.name.optional(),
    website: website.optional(),
    ownerId: z.uuid('Not a user id').nullable().optional(),
    tier: tier.optional(),
    services: z.string().trim().max(2000, 'At most 2000 characters').optional(),
    dataCategories: dataCategories.optional(),
    isSubProcessor: z.boolean().optional(),
    contractStart: isoDate.nullable().optional(),
    contractEnd: isoDate.nullable().optional(),
    dpaSignedOn: isoDate.nullable().optional(),
    baaSignedOn: isoDate.nullable().optional(),
    status: z.enum(VENDOR_STATUSES, 'Choose a status').optional(),
    residualRisk: z.enum(VENDOR_RESIDUAL_RISKS, 'Choose a residual risk').nullable().optional(),
    conditions: z.string().trim().max(4000, 'At most 4000 characters').optional(),
    nextReviewOn: isoDate.nullable().optional(),
    riskIds: z.array(z.uuid('Not a risk id')).max(50).optional(),
    controlIds: z.array(controlId).max(50).optional(),
  })
  .refine(contractOrder, contractOrderIssue);
export type UpdateVendorInput = z.input<typeof updateVendorInputSchema>;

export const vendorSchema = z.object({
  id: z.uuid(),
  ref: z.string(),
  name: z.string(),
  website: z.string(),
  owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  tier: z.number().int(),
  reviewCadenceMonths: z.number().int(),
  services: z.string(),
  dataCategories: z.array(z.enum(VENDOR_DATA_CATEGORIES)),
  isSubProcessor: z.boolean(),
  contractStart: isoDate.nullable(),
  contractEnd: isoDate.nullable(),
  dpaSignedOn: isoDate.nullable(),
  baaSignedOn: isoDate.nullable(),
  status: z.enum(VENDOR_STATUSES),
  residualRisk: z.enum(VENDOR_RESIDUAL_RISKS).nullable(),
  conditions: z.string(),
  nextReviewOn: isoDate.nullable(),
  /** The next review is on or before today. */
  reviewDue: z.boolean(),
  risks: z.array(z.object({ id: z.uuid(), ref: z.string(), title: z.string() })),
  controlIds: z.array(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorListSchema = z.object({
  organizationId: z.uuid(),
  vendors: z.array(vendorSchema),
});
export type VendorList = z.infer<typeof vendorListSchema>;
