import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/email.ts';
import { emailPatternSchema } from '../rules/email-schema.ts';
import { MAX_INPUT_LENGTH } from '../constants.ts';
import { DSAR_RELATIONSHIPS, DSAR_REQUEST_TYPES, DSAR_RESPONSE_DAYS, type DsarRequestType } from '../rules/dsar.ts';

/** Data-subject requests (/dsar, 'Privacy Request'): one schema for the form and the server. */

/** Request types where we cannot act without knowing what to change or stop. */
const NEEDS_DETAILS: readonly DsarRequestType[] = ['correction', 'objection'];

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const dsarInputSchema = z
  .object({
    requestType: z.enum(DSAR_REQUEST_TYPES, { error: 'Choose the type of request' }),
    fullName: required('Full name', 200),
    email: required('Email', EMAIL_MAX_LENGTH).pipe(emailPatternSchema),
    relationship: z.enum(DSAR_RELATIONSHIPS, { error: 'Tell us who is making the request' }),
    /** The person the request is about, when an authorised agent files it. */
    subjectName: z
      .string()
      .trim()
      .max(200, 'Name must be at most 200 characters')
      .optional()
      .transform((value) => (value ? value : undefined)),
    country: required('Country or state of residence', 100),
    accountEmail: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, `Account email must be at most ${EMAIL_MAX_LENGTH} characters`)
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(emailPatternSchema.optional()),
    details: z
      .string()
      .trim()
      .max(MAX_INPUT_LENGTH, `Details must be at most ${MAX_INPUT_LENGTH} characters`)
      .optional()
      .transform((value) => (value ? value : undefined)),
    // A boolean the form can start unticked; only `true` passes.
    confirmAccurate: z
      .boolean({ error: 'Confirm that the information is accurate' })
      .refine((value) => value, 'Confirm that the information is accurate'),
  })
  .superRefine((value, context) => {
    if (NEEDS_DETAILS.includes(value.requestType) && (value.details?.length ?? 0) < 10) {
      context.addIssue({
        code: 'custom',
        path: ['details'],
        message:
          value.requestType === 'correction' ? 'Tell us what is wrong and what it should say' : 'Tell us which processing you object to',
      });
    }
    if (value.relationship === 'authorized_agent' && !value.subjectName) {
      context.addIssue({ code: 'custom', path: ['subjectName'], message: 'Enter the name of the person you act for' });
    }
  });
export type DsarFormValues = z.input<typeof dsarInputSchema>;
export type DsarInput = z.output<typeof dsarInputSchema>;

export const dsarReceiptSchema = z.object({
  reference: z.string().regex(/^DSAR-\d{4}-\d{6,}$/),
  requestType: z.enum(DSAR_REQUEST_TYPES),
  receivedAt: z.iso.datetime({ offset: true }),
  dueAt: z.iso.datetime({ offset: true }),
});
export type DsarReceipt = z.infer<typeof dsarReceiptSchema>;

export const DSAR_STATUSES = ['received', 'verifying', 'in_progress', 'completed', 'rejected'] as const;

export type DsarStatus = (typeof DSAR_STATUSES)[number];
/** A request is handled once it is completed or rejected; until then the statutory clock runs. */
export const DSAR_HANDLED_STATUSES = ['completed', 'rejected'] as const satisfies readonly DsarStatus[];
export const isDsarHandled = (status: DsarStatus) => (DSAR_HANDLED_STATUSES as readonly DsarStatus[]).includes(status);

export const DSAR_STATUS_LABELS: Record<DsarStatus, string> = {
  received: 'Received',
  verifying: 'Verifying identity',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
};

const dsarListItemSchema = dsarReceiptSchema.extend({
  id: z.uuid(),
  status: z.enum(DSAR_STATUSES),
  fullName: z.string(),
  email: z.string(),
  /** The day it was marked handled (null while open). */
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});

/** Staff list (administrators only). */
export const dsarRequestListSchema = z.object({ requests: z.array(dsarListItemSchema) });
export type DsarRequestListItem = z.infer<typeof dsarListItemSchema>;

/** One request as an administrator opens it: everything the requester gave, and how it was handled. */
export const dsarRequestDetailSchema = dsarListItemSchema.extend({
  relationship: z.enum(DSAR_RELATIONSHIPS),
  subjectName: z.string().nullable(),
  country: z.string(),
  accountEmail: z.string().nullable(),
  details: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  handledByEmail: z.string().nullable(),
});
export type DsarRequestDetail = z.infer<typeof dsarRequestDetailSchema>;

export const dsarParamsSchema = z.object({ id: z.uuid({ error: 'Not a request id' }) });

/** Marking a request handled: the outcome, what was done, and the day (not in the future). */
export const dsarResolutionInputSchema = z.object({
  status: z.enum(DSAR_HANDLED_STATUSES, { error: 'Choose completed or rejected' }),
  note: z
    .string({ error: 'Say what was done' })
    .trim()
    .min(1, 'Say what was done, so the next person can answer the requester')
    .max(2000, 'At most 2000 characters'),
  handledOn: z.iso.date({ error: 'Give the day it was handled (YYYY-MM-DD)' }),
});
export type DsarResolutionInput = z.infer<typeof dsarResolutionInputSchema>;

/** `DSAR-2026-000123`: the year received and a six-digit running number. */
export function formatDsarReference(year: number, sequence: number): string {
  return `DSAR-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The statutory due date: 30 calendar days after receipt. */
export function dsarDueDate(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + DSAR_RESPONSE_DAYS * 24 * 60 * 60 * 1000);
}
