import { z } from 'zod';
import { EVIDENCE_KINDS, EVIDENCE_STATES } from './programme-statuses.ts';

/** Evidence (docs/programme.md "Evidence"). */

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date('A date as YYYY-MM-DD');
const controlId = z.string().regex(/^[A-Z]{2,4}-\d{2}$/, 'Not a control id');

export const evidenceParamsSchema = z.object({ evidenceId: z.uuid('No such evidence') });

export const evidenceListQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  controlId: controlId.optional(),
  state: z.enum(EVIDENCE_STATES).optional(),
  q: z.string().trim().max(200, 'At most 200 characters').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type EvidenceListQuery = z.input<typeof evidenceListQuerySchema>;

/** The fields of an upload (multipart fields beside the file) and of a link. */
export const evidenceFieldsSchema = z
  .object({
    organizationId: z.uuid('Not an organization id').optional(),
    title: z.string().trim().min(3, 'Give the evidence a title (at least 3 characters)').max(200, 'At most 200 characters'),
    description: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
    controlIds: z.array(controlId).min(1, 'Link the evidence to at least one control').max(50),
    collectedAt: isoDateTime.optional(),
    periodStart: isoDate.nullable().default(null),
    periodEnd: isoDate.nullable().default(null),
    region: z.string().trim().max(40).default(''),
    businessUnit: z.string().trim().max(100).default(''),
    environment: z.string().trim().max(100).default(''),
    dataClassification: z.string().trim().max(60).default(''),
  })
  .refine((input) => !input.periodStart || !input.periodEnd || input.periodStart <= input.periodEnd, {
    path: ['periodEnd'],
    message: 'The period ends after it starts',
  });
export type EvidenceFields = z.input<typeof evidenceFieldsSchema>;

export const createEvidenceLinkInputSchema = evidenceFieldsSchema.and(
  z.object({ url: z.url({ protocol: /^https?$/, error: 'An http(s) address' }).max(2000) }),
);
export type CreateEvidenceLinkInput = z.input<typeof createEvidenceLinkInputSchema>;

export const updateEvidenceInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  title: z.string().trim().min(3).max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  controlIds: z.array(controlId).min(1, 'Keep at least one control').max(50).optional(),
});

export const evidenceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(EVIDENCE_KINDS),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  mediaType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  collectedAt: isoDateTime,
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  expiresAt: isoDateTime,
  state: z.enum(EVIDENCE_STATES),
  controlIds: z.array(z.string()),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }),
  reviewedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reviewedAt: isoDateTime.nullable(),
  region: z.string(),
  businessUnit: z.string(),
  environment: z.string(),
  dataClassification: z.string(),
  createdAt: isoDateTime,
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const evidenceListSchema = z.object({
  organizationId: z.uuid(),
  evidence: z.array(evidenceSchema),
  /** All items matching, before the limit. */
  total: z.number().int(),
});
export type EvidenceList = z.infer<typeof evidenceListSchema>;
