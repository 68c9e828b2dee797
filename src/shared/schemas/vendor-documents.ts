import { z } from 'zod';
import {
  extractedCuecSchema,
  extractedExceptionSchema,
  extractedSubserviceOrganizationSchema,
  SOC2_OPINIONS,
  SOC2_REPORT_TYPES,
  TRUST_SERVICES_CATEGORIES,
  VENDOR_DOCUMENT_FIELD_KEYS,
  VENDOR_DOCUMENT_KINDS,
  VENDOR_DOCUMENT_MAX_BYTES,
  VENDOR_DOCUMENT_PROBLEMS,
  type VendorDocumentFieldKey,
  vendorDocumentReadSchema,
} from './vendor-document-extraction.ts';

/**
 * A vendor's documents (issue 35 items 2 and 3, docs/vendor-documents.md): an uploaded file, the
 * reader's extraction (each field with its page), a reviewer's confirmation field by field, and what
 * the confirmed report means for the client (CUECs as requirements on its controls, a finding and a
 * higher residual risk for exceptions or a qualified opinion, a renewal task when it expired).
 */

/**
 * `reading`: queued for, or being read by, the reader job; `read`: waiting for a reviewer;
 * `confirmed`: a reviewer confirmed or corrected each field (only then does it count); the reader's
 * problems (scanned, encrypted, corrupt, not_pdf, too_large) and `failed` (the reader job gave up):
 * the file is kept for a person to look at.
 */
export const VENDOR_DOCUMENT_STATUSES = ['reading', 'read', 'confirmed', ...VENDOR_DOCUMENT_PROBLEMS, 'failed'] as const;
export type VendorDocumentStatus = (typeof VENDOR_DOCUMENT_STATUSES)[number];
export const VENDOR_DOCUMENT_STATUS_LABELS: Record<VendorDocumentStatus, string> = {
  reading: 'Reading',
  read: 'Waiting for a reviewer',
  confirmed: 'Confirmed',
  scanned: 'Scanned: no text to read',
  encrypted: 'Password-protected',
  corrupt: 'Damaged file',
  not_pdf: 'Not a PDF',
  too_large: 'Too large to read',
  failed: 'Could not be read',
};

export const VENDOR_DOCUMENT_KIND_LABELS: Record<(typeof VENDOR_DOCUMENT_KINDS)[number], string> = {
  soc2_report: 'SOC 2 report',
  iso27001_certificate: 'ISO 27001 certificate',
  pen_test_summary: 'Penetration test summary',
  dpa: 'Data processing agreement',
  unknown: 'Other document',
};

export const VENDOR_DOCUMENT_FIELD_LABELS: Record<VendorDocumentFieldKey, string> = {
  reportType: 'Report type',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  asOfDate: 'As of (Type I)',
  serviceAuditor: 'Service auditor',
  opinion: 'Opinion',
  trustServicesCategories: 'Trust services categories',
  bridgeLetterDate: 'Bridge letter dated',
  standard: 'Standard',
  scope: 'Scope',
  issuer: 'Issuer',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  certificateNumber: 'Certificate number',
};

/**
 * What an upload may weigh. Files up to the reader's limit are read; larger ones up to this cap are kept
 * with status `too_large` for a person; beyond it the request is refused (413), since nothing is kept.
 */
export const VENDOR_DOCUMENT_UPLOAD_MAX_BYTES = 2 * VENDOR_DOCUMENT_MAX_BYTES;

const DATE_KEYS: ReadonlySet<VendorDocumentFieldKey> = new Set([
  'periodStart',
  'periodEnd',
  'asOfDate',
  'bridgeLetterDate',
  'validFrom',
  'validUntil',
]);

/** Why a value is not in the form its key takes, or null (the reader's forms: vendor-document-extraction.ts). */
export function fieldValueProblem(key: VendorDocumentFieldKey, value: string): string | null {
  if (DATE_KEYS.has(key)) return z.iso.date().safeParse(value).success ? null : 'A date as YYYY-MM-DD';
  if (key === 'reportType') return (SOC2_REPORT_TYPES as readonly string[]).includes(value) ? null : 'type1 or type2';
  if (key === 'opinion') return (SOC2_OPINIONS as readonly string[]).includes(value) ? null : SOC2_OPINIONS.join(', ');
  if (key === 'trustServicesCategories') {
    const parts = value.split(',');
    return parts.length > 0 && parts.every((part) => (TRUST_SERVICES_CATEGORIES as readonly string[]).includes(part))
      ? null
      : `Categories joined by commas: ${TRUST_SERVICES_CATEGORIES.join(', ')}`;
  }
  return value.trim() === '' ? 'Not empty' : null;
}

const page = z.number().int().min(1).max(10_000);

/** One field as the reviewer leaves it: the reader's value and page (confirmed) or theirs (corrected). */
export const confirmedFieldInputSchema = z.object({
  key: z.enum(VENDOR_DOCUMENT_FIELD_KEYS),
  value: z.string().trim().max(500),
  page,
});

export const confirmVendorDocumentInputSchema = z
  .object({
    /** The document's `updatedAt` the reviewer read: a confirm against an older reading is refused (409). */
    expectedUpdatedAt: z.iso.datetime({ offset: true }),
    kind: z.enum(VENDOR_DOCUMENT_KINDS),
    /** Every field the reader found must be named (confirmed or corrected); fields it missed may be added. */
    fields: z.array(confirmedFieldInputSchema).max(VENDOR_DOCUMENT_FIELD_KEYS.length),
    exceptions: z
      .array(
        extractedExceptionSchema.extend({ page, criterion: z.string().trim().max(40), description: z.string().trim().min(1).max(2000) }),
      )
      .max(200),
    cuecs: z
      .array(
        extractedCuecSchema.extend({
          page,
          text: z.string().trim().min(1).max(2000),
          criteria: z.array(z.string().trim().max(40)).max(20),
        }),
      )
      .max(200),
    subserviceOrganizations: z
      .array(extractedSubserviceOrganizationSchema.extend({ page, name: z.string().trim().min(1).max(200) }))
      .max(100),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.fields.forEach((field, index) => {
      if (seen.has(field.key)) context.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: `${field.key} is named twice` });
      seen.add(field.key);
      const problem = fieldValueProblem(field.key, field.value);
      if (problem) context.addIssue({ code: 'custom', path: ['fields', index, 'value'], message: problem });
    });
  });
export type ConfirmVendorDocumentInput = z.infer<typeof confirmVendorDocumentInputSchema>;

export const confirmedFieldSchema = confirmedFieldInputSchema.extend({
  /** Whether the reviewer changed the reader's value or page (or added a field it missed). */
  corrected: z.boolean(),
});
export type ConfirmedField = z.infer<typeof confirmedFieldSchema>;

export const confirmedExtractionSchema = z.object({
  kind: z.enum(VENDOR_DOCUMENT_KINDS),
  fields: z.array(confirmedFieldSchema),
  exceptions: z.array(extractedExceptionSchema),
  cuecs: z.array(extractedCuecSchema),
  subserviceOrganizations: z.array(extractedSubserviceOrganizationSchema),
});
export type ConfirmedExtraction = z.infer<typeof confirmedExtractionSchema>;

/** A CUEC as a requirement on the client: met by its mapped controls, or a task for a person when none maps. */
export const cuecRequirementSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  criteria: z.array(z.string()),
  page,
  controlIds: z.array(z.string()),
  taskRequestId: z.uuid().nullable(),
});
export type CuecRequirement = z.infer<typeof cuecRequirementSchema>;

/** What confirming did, for the screen to list. */
export const vendorDocumentConsequencesSchema = z.object({
  cuecRequirements: z.array(cuecRequirementSchema),
  /** The finding opened in the risk register (a risk of category vendor, linked to the vendor). */
  finding: z.object({ id: z.uuid(), ref: z.string(), title: z.string() }).nullable(),
  /** The vendor's residual risk before and after, when the report raised it. */
  residualRisk: z.object({ from: z.string().nullable(), to: z.string() }).nullable(),
  /** The renewal task opened on the vendor's owner (expired report or certificate). */
  renewalTaskRequestId: z.uuid().nullable(),
});
export type VendorDocumentConsequences = z.infer<typeof vendorDocumentConsequencesSchema>;

export const vendorDocumentSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  vendorId: z.uuid(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  status: z.enum(VENDOR_DOCUMENT_STATUSES),
  /** Why the file could not be read, in words a person can act on (null once read). */
  message: z.string().nullable(),
  kind: z.enum(VENDOR_DOCUMENT_KINDS).nullable(),
  pageCount: z.number().int().nullable(),
  /** When the confirmed report or certificate stops counting (YYYY-MM-DD), null before confirmation. */
  expiresOn: z.iso.date().nullable(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }),
  confirmedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  confirmedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type VendorDocument = z.infer<typeof vendorDocumentSchema>;

export const vendorDocumentListSchema = z.object({ documents: z.array(vendorDocumentSchema) });
export type VendorDocumentList = z.infer<typeof vendorDocumentListSchema>;

export const vendorDocumentExtractionSchema = z.object({
  document: vendorDocumentSchema,
  /** What the reader found (status `read` or `confirmed`), each field with its page and the line it quotes. */
  extraction: vendorDocumentReadSchema.nullable(),
  /** The reviewer's confirmed extraction: the only one that counts. */
  confirmed: confirmedExtractionSchema.nullable(),
  consequences: vendorDocumentConsequencesSchema.nullable(),
});
export type VendorDocumentExtraction = z.infer<typeof vendorDocumentExtractionSchema>;

export const vendorDocumentParamsSchema = z.object({
  vendorId: z.uuid('Not a vendor id'),
  documentId: z.uuid('Not a document id'),
});
