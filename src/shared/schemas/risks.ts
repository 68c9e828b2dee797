import { z } from 'zod';
import { RISK_CATEGORIES, RISK_STATUSES, RISK_TREATMENTS } from './programme-statuses.ts';

/** The risk register (docs/programme.md "Risks"); scores and bands: src/shared/rules/risk-score.ts. */

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date('A date as YYYY-MM-DD');
const level = (what: string) => z.coerce.number().int(`${what} is a whole number`).min(1, `${what} is 1 to 5`).max(5, `${what} is 1 to 5`);
const controlId = z.string().regex(/^[A-Z]{2,4}-\d{2}$/, 'Not a control id');

export const riskParamsSchema = z.object({ riskId: z.uuid('No such risk') });

export const riskListQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  status: z.enum(RISK_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
});

export const riskInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  title: z.string().trim().min(3, 'Name the risk (at least 3 characters)').max(200, 'At most 200 characters'),
  description: z.string().trim().max(4000).default(''),
  category: z.enum(RISK_CATEGORIES, 'Choose a category'),
  likelihood: level('Likelihood'),
  impact: level('Impact'),
  /** After treatment; defaults to the inherent values. */
  residualLikelihood: level('Residual likelihood').optional(),
  residualImpact: level('Residual impact').optional(),
  treatment: z.enum(RISK_TREATMENTS, 'Choose a treatment'),
  treatmentPlan: z.string().trim().max(4000).default(''),
  ownerId: z.uuid('Not a user id').nullable().default(null),
  reviewDate: isoDate.nullable().default(null),
  controlIds: z.array(controlId).max(50).default([]),
  region: z.string().trim().max(40).default(''),
  businessUnit: z.string().trim().max(100).default(''),
});
export type RiskInput = z.input<typeof riskInputSchema>;

/** A change: only the fields sent change (no defaults here, so a PATCH never blanks what it does not name). */
export const updateRiskInputSchema = riskInputSchema.partial().extend({
  description: z.string().trim().max(4000).optional(),
  treatmentPlan: z.string().trim().max(4000).optional(),
  ownerId: z.uuid('Not a user id').nullable().optional(),
  reviewDate: isoDate.nullable().optional(),
  controlIds: z.array(controlId).max(50).optional(),
  region: z.string().trim().max(40).optional(),
  businessUnit: z.string().trim().max(100).optional(),
  status: z.enum(RISK_STATUSES).optional(),
});

export const riskSchema = z.object({
  id: z.uuid(),
  ref: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(RISK_CATEGORIES),
  likelihood: z.number().int(),
  impact: z.number().int(),
  inherentScore: z.number().int(),
  residualLikelihood: z.number().int(),
  residualImpact: z.number().int(),
  residualScore: z.number().int(),
  treatment: z.enum(RISK_TREATMENTS),
  treatmentPlan: z.string(),
  owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reviewDate: isoDate.nullable(),
  status: z.enum(RISK_STATUSES),
  controlIds: z.array(z.string()),
  region: z.string(),
  businessUnit: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Risk = z.infer<typeof riskSchema>;

/** cells[likelihood-1][impact-1] = open risks in that cell. */
export const heatMapSchema = z.array(z.array(z.number().int()).length(5)).length(5);

export const riskListSchema = z.object({
  organizationId: z.uuid(),
  risks: z.array(riskSchema),
  heatMap: z.object({ inherent: heatMapSchema, residual: heatMapSchema }),
});
export type RiskList = z.infer<typeof riskListSchema>;
