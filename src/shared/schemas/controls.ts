import { z } from 'zod';
import { CATALOGUE_FRAMEWORK_IDS, CONTROL_STATUSES } from './programme-statuses.ts';

/** A client's controls in scope (docs/programme.md "Controls"). */

const isoDateTime = z.iso.datetime({ offset: true });

export const controlListQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  frameworkId: z.enum(CATALOGUE_FRAMEWORK_IDS, 'No such framework').optional(),
  status: z.enum(CONTROL_STATUSES).optional(),
  q: z.string().trim().max(200, 'At most 200 characters').optional(),
});
export type ControlListQuery = z.input<typeof controlListQuerySchema>;

export const controlParamsSchema = z.object({ controlId: z.string().regex(/^[A-Z]{2,4}-\d{2}$/, 'No such control') });

export const personRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const programmeControlSchema = z.object({
  id: z.string(),
  domain: z.string(),
  title: z.string(),
  description: z.string(),
  evidenceHint: z.string(),
  freshnessDays: z.number().int(),
  status: z.enum(CONTROL_STATUSES),
  applicable: z.boolean(),
  justification: z.string(),
  owner: personRefSchema.nullable(),
  businessUnit: z.string(),
  environment: z.string(),
  /** Active frameworks that map to it. */
  frameworks: z.array(z.enum(CATALOGUE_FRAMEWORK_IDS)),
  requirementCount: z.number().int(),
  evidenceCount: z.number().int(),
  freshEvidenceCount: z.number().int(),
  /** The soonest expiry among its fresh evidence, null when it has none. */
  nextExpiry: isoDateTime.nullable(),
  updatedAt: isoDateTime,
});
export type ProgrammeControl = z.infer<typeof programmeControlSchema>;

export const controlListSchema = z.object({
  organizationId: z.uuid(),
  controls: z.array(programmeControlSchema),
});
export type ControlList = z.infer<typeof controlListSchema>;

export const updateControlInputSchema = z
  .object({
    organizationId: z.uuid('Not an organization id').optional(),
    status: z.enum(CONTROL_STATUSES).optional(),
    ownerId: z.uuid('Not a user id').nullable().optional(),
    applicable: z.boolean().optional(),
    justification: z.string().trim().max(2000, 'At most 2,000 characters').optional(),
    businessUnit: z.string().trim().max(100).optional(),
    environment: z.string().trim().max(100).optional(),
  })
  .refine((input) => input.applicable !== false || (input.justification ?? '').length >= 10, {
    path: ['justification'],
    message: 'Say why the control does not apply (at least 10 characters)',
  });
export type UpdateControlInput = z.input<typeof updateControlInputSchema>;
