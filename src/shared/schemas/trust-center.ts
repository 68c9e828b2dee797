import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { emailPatternSchema } from '../rules/email-schema.ts';
import { CATALOGUE_FRAMEWORK_IDS } from './programme-statuses.ts';

/**
 * The trust center (issue 36, item 3; docs/trust-center.md): a public page at /trust/<slug> that an
 * organization switches on, with its frameworks, a control summary by domain, its sub-processors and
 * documents; restricted documents behind a click-through NDA and an expiring single-document grant.
 */

const isoDateTime = z.iso.datetime({ offset: true });

export const TRUST_DOCUMENT_VISIBILITIES = ['public', 'restricted'] as const;
export type TrustDocumentVisibility = (typeof TRUST_DOCUMENT_VISIBILITIES)[number];
export const TRUST_DOCUMENT_SOURCES = ['upload', 'deliverable', 'evidence'] as const;
export const TRUST_ACCESS_STATUSES = ['pending', 'approved', 'denied'] as const;
export type TrustAccessStatus = (typeof TRUST_ACCESS_STATUSES)[number];

/** How long a grant lasts when nobody chose (days), and the bounds of the choice. */
export const TRUST_ACCESS_DAYS_DEFAULT = 7;
export const TRUST_ACCESS_DAYS_MAX = 90;
export const TRUST_NDA_MAX = 20_000;
export const TRUST_DEFAULT_NDA =
  'I agree to keep the documents shared with me confidential, to use them only to evaluate our business relationship, and not to pass them on to anyone outside my company.';

/** `acme-health`: lower-case letters, digits and single hyphens, 3–60 characters. */
export const TRUST_SLUG = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,59}$/;
export const trustSlugSchema = z
  .string({ error: 'Choose the page address' })
  .trim()
  .toLowerCase()
  .regex(TRUST_SLUG, '3–60 lower-case letters, digits and single hyphens, starting and ending with a letter or digit');

/** An e-mail domain whose requests are approved at once: `example.com`. */
const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'A domain such as example.com');

export const trustCenterParamsSchema = z.object({ slug: trustSlugSchema });
export const trustDocumentParamsSchema = trustCenterParamsSchema.extend({ documentId: z.uuid('Not a document id') });
export const trustDownloadQuerySchema = z.object({
  /** The grant's token from the e-mail; public documents need none. */
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Not an access token')
    .optional(),
});
export const trustAccessRequestParamsSchema = z.object({ id: z.uuid('Not an access request id') });

// ── The public page ──

export const publicTrustFrameworkSchema = z.object({
  id: z.enum(CATALOGUE_FRAMEWORK_IDS),
  name: z.string(),
  /** 0–100, computed from the programme (never typed in). */
  score: z.number().int().min(0).max(100),
  status: z.enum(['compliant', 'in_progress']),
});
export const trustControlDomainSchema = z.object({
  domain: z.string(),
  implemented: z.number().int(),
  total: z.number().int(),
});
export const trustSubProcessorSchema = z.object({
  name: z.string(),
  purpose: z.string(),
  website: z.string(),
});
export const publicTrustDocumentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  visibility: z.enum(TRUST_DOCUMENT_VISIBILITIES),
  fileName: z.string(),
  sizeBytes: z.number().int(),
});
export type PublicTrustDocument = z.infer<typeof publicTrustDocumentSchema>;

export const publicTrustCenterSchema = z.object({
  slug: z.string(),
  organizationName: z.string(),
  frameworks: z.array(publicTrustFrameworkSchema),
  controlDomains: z.array(trustControlDomainSchema),
  /** Empty, and the section hidden, until the organization's vendor register names sub-processors. */
  subProcessors: z.array(trustSubProcessorSchema),
  documents: z.array(publicTrustDocumentSchema),
  ndaText: z.string(),
  accessDays: z.number().int(),
  updatedAt: isoDateTime,
});
export type PublicTrustCenter = z.infer<typeof publicTrustCenterSchema>;

// ── Access requests ──

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const trustAccessFormSchema = z.object({
  documentId: z.uuid('Choose a document'),
  name: text('Name', 200),
  email: text('Work e-mail', EMAIL_MAX_LENGTH).pipe(emailPatternSchema),
  company: text('Company', 200),
  ndaAccepted: z
    .boolean({ error: 'Accept the non-disclosure agreement to ask for access' })
    .refine((accepted) => accepted, 'Accept the non-disclosure agreement to ask for access'),
});
export type TrustAccessForm = z.infer<typeof trustAccessFormSchema>;
export const requestTrustAccessInputSchema = trustAccessFormSchema;
export type RequestTrustAccessInput = z.infer<typeof requestTrustAccessInputSchema>;

export const trustAccessReceiptSchema = z.object({
  id: z.uuid(),
  status: z.enum(TRUST_ACCESS_STATUSES),
  /** Whether the organization lists the requester's domain (access was granted and e-mailed at once). */
  autoApproved: z.boolean(),
});
export type TrustAccessReceipt = z.infer<typeof trustAccessReceiptSchema>;

export const decideTrustAccessInputSchema = z.object({
  decision: z.enum(['approved', 'denied'], 'Approve or deny'),
});
export type DecideTrustAccessInput = z.infer<typeof decideTrustAccessInputSchema>;

export const trustAccessRequestSchema = z.object({
  id: z.uuid(),
  documentId: z.uuid(),
  documentTitle: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  status: z.enum(TRUST_ACCESS_STATUSES),
  autoApproved: z.boolean(),
  requestedAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
});
export type TrustAccessRequest = z.infer<typeof trustAccessRequestSchema>;
export const trustAccessRequestListSchema = z.object({ requests: z.array(trustAccessRequestSchema) });

// ── Settings (the workspace) ──

export const trustDocumentSchema = publicTrustDocumentSchema.extend({
  source: z.enum(TRUST_DOCUMENT_SOURCES),
  sourceId: z.uuid().nullable(),
  mediaType: z.string(),
  createdAt: isoDateTime,
});
export type TrustDocument = z.infer<typeof trustDocumentSchema>;

export const trustCenterSettingsSchema = z.object({
  organizationId: z.uuid(),
  enabled: z.boolean(),
  slug: z.string(),
  frameworkIds: z.array(z.enum(CATALOGUE_FRAMEWORK_IDS)),
  /** Control domains shown in the summary; empty shows every domain in scope. */
  controlDomains: z.array(z.string()),
  autoApproveDomains: z.array(z.string()),
  ndaText: z.string(),
  accessDays: z.number().int(),
  documents: z.array(trustDocumentSchema),
  /** What the pickers offer: the organization's frameworks, domains, approved deliverables and evidence files. */
  available: z.object({
    frameworks: z.array(z.object({ id: z.enum(CATALOGUE_FRAMEWORK_IDS), name: z.string() })),
    controlDomains: z.array(z.string()),
    deliverables: z.array(z.object({ id: z.uuid(), title: z.string() })),
    evidence: z.array(z.object({ id: z.uuid(), title: z.string() })),
  }),
  updatedAt: isoDateTime.nullable(),
});
export type TrustCenterSettings = z.infer<typeof trustCenterSettingsSchema>;

export const trustCenterFormSchema = z.object({
  enabled: z.boolean(),
  slug: trustSlugSchema,
  frameworkIds: z.array(z.enum(CATALOGUE_FRAMEWORK_IDS, 'No such framework')).max(20),
  controlDomains: z.array(z.string().trim().min(1).max(100)).max(50),
  autoApproveDomains: z.array(emailDomainSchema).max(50, 'At most 50 domains'),
  ndaText: text('The NDA text', TRUST_NDA_MAX),
  accessDays: z.coerce
    .number<number>({ error: 'A number of days' })
    .int('Whole days')
    .min(1, 'At least one day')
    .max(TRUST_ACCESS_DAYS_MAX, `At most ${TRUST_ACCESS_DAYS_MAX} days`),
  /** Every document kept, with its visibility; a document left out is removed from the page. */
  documents: z.array(z.object({ id: z.uuid(), title: text('Title', 200), visibility: z.enum(TRUST_DOCUMENT_VISIBILITIES) })).max(50),
});
export type TrustCenterForm = z.infer<typeof trustCenterFormSchema>;
export const updateTrustCenterInputSchema = trustCenterFormSchema.extend({ organizationId: z.uuid('Not an organization id').optional() });
export type UpdateTrustCenterInput = z.infer<typeof updateTrustCenterInputSchema>;

export const addTrustDocumentInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  source: z.enum(['deliverable', 'evidence'], 'Pick an approved deliverable or an evidence file'),
  sourceId: z.uuid('Not an id'),
  title: text('Title', 200).optional(),
  visibility: z.enum(TRUST_DOCUMENT_VISIBILITIES),
});
export type AddTrustDocumentInput = z.infer<typeof addTrustDocumentInputSchema>;
