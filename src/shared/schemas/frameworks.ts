import { z } from 'zod';
import {
  AUDIT_TYPES,
  CATALOGUE_FRAMEWORK_IDS,
  CONTROL_STATUSES,
  type CatalogueFrameworkId,
  MAPPING_RELATIONS,
  REQUIREMENT_STATUSES,
} from './programme-statuses.ts';

/** The catalogue, activations, crosswalks and readiness (docs/programme.md). */

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date('A date as YYYY-MM-DD');

/** Staff and administrators name the client organization; a client's own is implied. */
export const organizationQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
});
export type OrganizationQuery = z.infer<typeof organizationQuerySchema>;

export const frameworkParamsSchema = z.object({ frameworkId: z.enum(CATALOGUE_FRAMEWORK_IDS, 'No such framework') });

const isCatalogueFrameworkId = (value: string): value is CatalogueFrameworkId =>
  (CATALOGUE_FRAMEWORK_IDS as readonly string[]).includes(value);

/** `soc2` or `soc2,iso27001` (what the organization already has) as framework ids, each once. */
export function frameworkIdList(value: string): CatalogueFrameworkId[] {
  return [...new Set(value.split(',').map((id) => id.trim()))].filter(isCatalogueFrameworkId);
}

export const crosswalkQuerySchema = organizationQuerySchema.extend({
  /** The framework, or comma-separated frameworks, the organization already has ("soc2,iso27001"). */
  from: z
    .string()
    .max(200)
    .refine((value) => value.split(',').every((id) => isCatalogueFrameworkId(id.trim())), 'No such framework'),
});

const frameworkNameSchema = z.object({ id: z.enum(CATALOGUE_FRAMEWORK_IDS), name: z.string() });

/** What a framework adds to those an organization has: the delta in requirements and in controls. */
export const frameworkDeltaSchema = z.object({
  /** The frameworks it is compared with (the organization's active ones). */
  sources: z.array(frameworkNameSchema),
  /** Assessable requirements a control can address. */
  assessed: z.number().int(),
  /** Fully covered by the controls the sources already need. */
  covered: z.number().int(),
  /** Partly covered: some of their controls are new. */
  partial: z.number().int(),
  /** Not covered at all: every control they need is new. */
  uncovered: z.number().int(),
  /** Controls the framework needs that the sources do not. */
  newControls: z.number().int(),
  coverage: z.number().int().min(0).max(100),
});
export type FrameworkDelta = z.infer<typeof frameworkDeltaSchema>;

export const readinessCountsSchema = z.object({
  /** 0–100: met requirements (partly met count half) over the assessable ones that apply. */
  score: z.number().int().min(0).max(100),
  met: z.number().int(),
  partial: z.number().int(),
  notMet: z.number().int(),
  notApplicable: z.number().int(),
  notAddressable: z.number().int(),
  total: z.number().int(),
});
export type ReadinessCounts = z.infer<typeof readinessCountsSchema>;

export const activationSchema = z.object({
  targetDate: isoDate.nullable(),
  auditType: z.enum(AUDIT_TYPES).nullable(),
  activatedAt: isoDateTime,
});
export type Activation = z.infer<typeof activationSchema>;

export const frameworkSummarySchema = z.object({
  id: z.enum(CATALOGUE_FRAMEWORK_IDS),
  name: z.string(),
  fullName: z.string(),
  version: z.string(),
  publisher: z.string(),
  region: z.string(),
  auditTypes: z.array(z.enum(AUDIT_TYPES)),
  textSource: z.enum(['official', 'paraphrased']),
  requirementCount: z.number().int(),
  controlCount: z.number().int(),
  /** null when the organization has not activated it (or when no organization is in view). */
  activation: activationSchema.nullable(),
  readiness: readinessCountsSchema.nullable(),
  /** What it adds to the organization's active frameworks; null when it is active itself or none is. */
  delta: frameworkDeltaSchema.nullable(),
});
export type FrameworkSummary = z.infer<typeof frameworkSummarySchema>;

export const frameworkListSchema = z.object({
  /** The organization whose activations and readiness are shown, or null (catalogue only). */
  organizationId: z.uuid().nullable(),
  frameworks: z.array(frameworkSummarySchema),
});
export type FrameworkList = z.infer<typeof frameworkListSchema>;

export const mappedControlSchema = z.object({
  id: z.string(),
  title: z.string(),
  relation: z.enum(MAPPING_RELATIONS),
  /** The organization's status of the control, null without an organization in view. */
  status: z.enum(CONTROL_STATUSES).nullable(),
  applicable: z.boolean().nullable(),
});

export const requirementSchema = z.object({
  ref: z.string(),
  parentRef: z.string().nullable(),
  depth: z.number().int(),
  title: z.string(),
  summary: z.string(),
  assessable: z.boolean(),
  notAddressable: z.string().nullable(),
  controls: z.array(mappedControlSchema),
  /** Readiness of this requirement for the organization (null for groups or without an organization). */
  status: z.enum(REQUIREMENT_STATUSES).nullable(),
  /** Why, in a sentence ("AC-03 has no evidence fresher than 90 days"). */
  reason: z.string().nullable(),
});
export type Requirement = z.infer<typeof requirementSchema>;

export const frameworkDetailSchema = frameworkSummarySchema.extend({
  licence: z.string(),
  requirements: z.array(requirementSchema),
});
export type FrameworkDetail = z.infer<typeof frameworkDetailSchema>;

export const activateFrameworkInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  targetDate: isoDate.nullable().default(null),
  auditType: z.enum(AUDIT_TYPES, 'Choose Type I or Type II').nullable().default(null),
});
export type ActivateFrameworkInput = z.input<typeof activateFrameworkInputSchema>;

export const activationResultSchema = z.object({
  frameworkId: z.enum(CATALOGUE_FRAMEWORK_IDS),
  activation: activationSchema,
  /** Controls that came into scope with this activation (already in scope ones are not counted). */
  controlsAdded: z.number().int(),
});

// ── Crosswalk: "we have SOC 2; what does ISO 27001 add?" ──

export const crosswalkControlSchema = z.object({
  id: z.string(),
  domain: z.string(),
  title: z.string(),
  evidenceHint: z.string(),
  freshnessDays: z.number().int(),
  /** The target framework's requirements this control serves. */
  requirements: z.array(z.object({ ref: z.string(), relation: z.enum(MAPPING_RELATIONS) })),
  /** The organization's evidence items linked to it today (0 without an organization). */
  evidenceCount: z.number().int(),
});
export type CrosswalkControl = z.infer<typeof crosswalkControlSchema>;

export const crosswalkSchema = z.object({
  /** The first of the sources (the one framework compared with, usually). */
  from: frameworkNameSchema,
  /** Every framework compared with: the target's delta is over all of their controls together. */
  sources: z.array(frameworkNameSchema),
  to: frameworkNameSchema,
  /** Target requirements every one of whose controls the source framework already needs. */
  covered: z.array(z.object({ ref: z.string(), title: z.string(), controls: z.array(z.string()) })),
  /** Target requirements partly served by controls the source framework already needs. */
  partial: z.array(z.object({ ref: z.string(), title: z.string(), sharedControls: z.array(z.string()), newControls: z.array(z.string()) })),
  /** Controls the target needs that the source does not: the new work, with the evidence it asks for. */
  newControls: z.array(crosswalkControlSchema),
  notAddressable: z.array(z.object({ ref: z.string(), title: z.string(), reason: z.string() })),
  /** Share of the target's assessable requirements fully covered by the source's controls, 0–100. */
  coverage: z.number().int().min(0).max(100),
});
export type Crosswalk = z.infer<typeof crosswalkSchema>;

// ── Readiness: the compliance tab ──

export const requirementReadinessSchema = z.object({
  ref: z.string(),
  title: z.string(),
  status: z.enum(REQUIREMENT_STATUSES),
  reason: z.string(),
});

export const frameworkReadinessSchema = readinessCountsSchema.extend({
  frameworkId: z.enum(CATALOGUE_FRAMEWORK_IDS),
  name: z.string(),
  targetDate: isoDate.nullable(),
  auditType: z.enum(AUDIT_TYPES).nullable(),
  requirements: z.array(requirementReadinessSchema),
});
export type FrameworkReadiness = z.infer<typeof frameworkReadinessSchema>;

export const evidenceBriefSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  expiresAt: isoDateTime,
  controlIds: z.array(z.string()),
});

export const NEXT_ACTION_KINDS = [
  'activate_framework',
  'assign_owner',
  'implement_control',
  'add_evidence',
  'renew_evidence',
  'review_risk',
] as const;

export const nextActionSchema = z.object({
  kind: z.enum(NEXT_ACTION_KINDS),
  title: z.string(),
  /** Where the work is: a workspace URL (dashboard tab and filters). */
  href: z.string(),
});
export type NextAction = z.infer<typeof nextActionSchema>;

export const readinessSchema = z.object({
  organizationId: z.uuid(),
  computedAt: isoDateTime,
  frameworks: z.array(frameworkReadinessSchema),
  controlsByStatus: z.record(z.enum(CONTROL_STATUSES), z.number().int()),
  controlsNotApplicable: z.number().int(),
  expiringEvidence: z.array(evidenceBriefSchema),
  staleEvidence: z.array(evidenceBriefSchema),
  nextActions: z.array(nextActionSchema),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const readinessHistoryQuerySchema = organizationQuerySchema.extend({
  days: z.coerce.number().int().min(7).max(730).default(90),
});

export const readinessHistorySchema = z.object({
  organizationId: z.uuid(),
  points: z.array(
    z.object({
      day: isoDate,
      frameworkId: z.string(),
      score: z.number().int(),
      counts: z.record(z.string(), z.number()),
      programme: z.record(z.string(), z.number()),
    }),
  ),
});
export type ReadinessHistory = z.infer<typeof readinessHistorySchema>;

// ── The organization-wide counts of a '*' readiness snapshot (readinessHistorySchema's `programme`) ──

export const RISK_BAND_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskBandLevel = (typeof RISK_BAND_LEVELS)[number];
export const PROGRAMME_COUNT_GROUPS = ['controls', 'evidence', 'risks'] as const;
export type ProgrammeCountGroup = (typeof PROGRAMME_COUNT_GROUPS)[number];

/**
 * The key of one count in a '*' snapshot's `programme`: `controls.<control status>`,
 * `evidence.<evidence state>`, `risks.<band>` (open risks by their residual band).
 */
export function programmeCountKey(group: ProgrammeCountGroup, key: string): string {
  return `${group}.${key}`;
}
