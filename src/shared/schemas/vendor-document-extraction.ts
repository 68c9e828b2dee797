import { z } from 'zod';

/**
 * What the built-in reader makes of a vendor's document (issue 35 item 2): the kind of document, and
 * for a SOC 2 report or a certificate its fields, exceptions, complementary user entity controls and
 * subservice organizations, each with the 1-based page it was read from. A file that cannot be read
 * gets a status saying why instead (scanned, encrypted, corrupt, not a PDF, too large).
 */

export const VENDOR_DOCUMENT_KINDS = ['soc2_report', 'iso27001_certificate', 'pen_test_summary', 'dpa', 'unknown'] as const;
export type VendorDocumentKind = (typeof VENDOR_DOCUMENT_KINDS)[number];

export const VENDOR_DOCUMENT_PROBLEMS = ['scanned', 'encrypted', 'corrupt', 'not_pdf', 'too_large'] as const;
export type VendorDocumentProblem = (typeof VENDOR_DOCUMENT_PROBLEMS)[number];

/**
 * Field keys and the form of their values. Dates are YYYY-MM-DD; `trustServicesCategories` is the
 * categories in scope joined by commas in this order: security, availability, processing_integrity,
 * confidentiality, privacy.
 */
export const SOC2_FIELD_KEYS = [
  'reportType', // type1 | type2
  'periodStart',
  'periodEnd',
  'asOfDate', // a Type I report's date
  'serviceAuditor',
  'opinion', // unqualified | qualified | adverse | disclaimer
  'trustServicesCategories',
  'bridgeLetterDate',
] as const;
export const CERTIFICATE_FIELD_KEYS = ['standard', 'scope', 'issuer', 'validFrom', 'validUntil', 'certificateNumber'] as const;
export const VENDOR_DOCUMENT_FIELD_KEYS = [...SOC2_FIELD_KEYS, ...CERTIFICATE_FIELD_KEYS] as const;
export type VendorDocumentFieldKey = (typeof VENDOR_DOCUMENT_FIELD_KEYS)[number];

export const SOC2_REPORT_TYPES = ['type1', 'type2'] as const;
export const SOC2_OPINIONS = ['unqualified', 'qualified', 'adverse', 'disclaimer'] as const;
export type Soc2Opinion = (typeof SOC2_OPINIONS)[number];
export const TRUST_SERVICES_CATEGORIES = ['security', 'availability', 'processing_integrity', 'confidentiality', 'privacy'] as const;
export type TrustServicesCategory = (typeof TRUST_SERVICES_CATEGORIES)[number];
export const SUBSERVICE_METHODS = ['carved_out', 'inclusive'] as const;
export type SubserviceMethod = (typeof SUBSERVICE_METHODS)[number];

const page = z.number().int().min(1);
/** The line of text a value was read from, so a reviewer sees it without opening the PDF. */
const quote = z.string().max(500);

export const extractedFieldSchema = z.object({
  key: z.enum(VENDOR_DOCUMENT_FIELD_KEYS),
  value: z.string(),
  page,
  quote,
});
export type ExtractedField = z.infer<typeof extractedFieldSchema>;

export const extractedExceptionSchema = z.object({
  /** The trust services criterion the exception was reported against, e.g. CC6.1. */
  criterion: z.string(),
  description: z.string(),
  page,
});
export type ExtractedException = z.infer<typeof extractedExceptionSchema>;

export const extractedCuecSchema = z.object({
  text: z.string(),
  criteria: z.array(z.string()),
  page,
});
export type ExtractedCuec = z.infer<typeof extractedCuecSchema>;

export const extractedSubserviceOrganizationSchema = z.object({
  name: z.string(),
  method: z.enum(SUBSERVICE_METHODS),
  page,
});
export type ExtractedSubserviceOrganization = z.infer<typeof extractedSubserviceOrganizationSchema>;

export const vendorDocumentReadSchema = z.object({
  status: z.literal('read'),
  kind: z.enum(VENDOR_DOCUMENT_KINDS),
  pageCount: z.number().int().min(1),
  fields: z.array(extractedFieldSchema),
  exceptions: z.array(extractedExceptionSchema),
  cuecs: z.array(extractedCuecSchema),
  subserviceOrganizations: z.array(extractedSubserviceOrganizationSchema),
});
export type VendorDocumentRead = z.infer<typeof vendorDocumentReadSchema>;

export const vendorDocumentUnreadableSchema = z.object({
  status: z.enum(VENDOR_DOCUMENT_PROBLEMS),
  message: z.string(),
});
export type VendorDocumentUnreadable = z.infer<typeof vendorDocumentUnreadableSchema>;

export const vendorDocumentReadingSchema = z.discriminatedUnion('status', [vendorDocumentReadSchema, vendorDocumentUnreadableSchema]);
export type VendorDocumentReading = z.infer<typeof vendorDocumentReadingSchema>;

/** The largest file the reader opens, and the most pages it reads. */
export const VENDOR_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const VENDOR_DOCUMENT_MAX_PAGES = 400;
