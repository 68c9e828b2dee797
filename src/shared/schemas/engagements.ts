import { z } from 'zod';
import { chainVerificationSchema } from './audit.ts';
import { emailSchema } from './auth.ts';
import {
  AUDIT_AUTHOR_KINDS,
  AUDIT_DECISIONS,
  AUDIT_MESSAGE_KINDS,
  AUDIT_REQUEST_STATUSES,
  SAMPLE_POPULATION_MAX_BYTES,
} from './engagement-statuses.ts';
import { AUDIT_TYPES, CATALOGUE_FRAMEWORK_IDS } from './programme-statuses.ts';

/** Audit engagements, the Evidence Review Workflow, samples and the PBC package (docs/audit.md). */

const isoDate = z.iso.date('A date as YYYY-MM-DD');

export const engagementParamsSchema = z.object({ engagementId: z.uuid('No such engagement') });
export const auditRequestParamsSchema = engagementParamsSchema.extend({ requestId: z.uuid('No such request') });
export const auditSampleParamsSchema = engagementParamsSchema.extend({ sampleId: z.uuid('No such sample') });
export const engagementEvidenceParamsSchema = engagementParamsSchema.extend({ evidenceId: z.uuid('No such evidence') });

export const createEngagementInputSchema = z
  .object({
    organizationId: z.uuid('Choose an organization'),
    name: z.string().trim().min(3, 'Name the engagement (at least 3 characters)').max(120, 'At most 120 characters'),
    frameworkId: z.enum(CATALOGUE_FRAMEWORK_IDS, 'Choose a framework'),
    auditType: z.enum(AUDIT_TYPES, 'Choose Type I or Type II'),
    periodStart: isoDate,
    periodEnd: isoDate,
    fieldworkStart: isoDate,
    fieldworkEnd: isoDate,
    accessEndsOn: isoDate,
    // The one e-mail rule (src/shared/rules/email.ts): trimmed and lower-cased, as accounts are.
    auditorEmails: z.array(emailSchema).min(1, 'Invite at least one auditor').max(10, 'At most 10 auditors'),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (value.periodEnd < value.periodStart) issue('periodEnd', 'The period ends after it starts');
    if (value.fieldworkEnd < value.fieldworkStart) issue('fieldworkEnd', 'Fieldwork ends after it starts');
    if (value.accessEndsOn < value.fieldworkStart) issue('accessEndsOn', 'Access must last at least until fieldwork starts');
  });
export type CreateEngagementInput = z.input<typeof createEngagementInputSchema>;

export const engagementAuditorSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  invitedAt: z.string(),
  lastVisitAt: z.string().nullable(),
});

export const engagementSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  name: z.string(),
  frameworkId: z.string(),
  frameworkName: z.string(),
  auditType: z.enum(AUDIT_TYPES),
  periodStart: z.string(),
  periodEnd: z.string(),
  fieldworkStart: z.string(),
  fieldworkEnd: z.string(),
  accessEndsOn: z.string(),
  auditors: z.array(engagementAuditorSchema),
  requestCount: z.number().int(),
  /** How the caller takes part: staff run it, the client answers, auditors review. */
  side: z.enum(['staff', 'client', 'auditor']),
  createdAt: z.string(),
});
export type Engagement = z.infer<typeof engagementSchema>;
export const engagementListSchema = z.object({ engagements: z.array(engagementSchema) });
export type EngagementList = z.infer<typeof engagementListSchema>;

export const auditEvidenceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  kind: z.enum(['file', 'link']),
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  sha256: z.string().nullable(),
  collectedAt: z.string(),
  expiresAt: z.string(),
});
export type AuditEvidence = z.infer<typeof auditEvidenceSchema>;

export const auditRequestSchema = z.object({
  id: z.uuid(),
  engagementId: z.uuid(),
  ref: z.string(),
  requirementId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  status: z.enum(AUDIT_REQUEST_STATUSES),
  dueOn: z.string().nullable(),
  overdue: z.boolean(),
  evidence: z.array(auditEvidenceSchema),
  messageCount: z.number().int(),
  taskRequestId: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type AuditRequest = z.infer<typeof auditRequestSchema>;

export const auditRequestListQuerySchema = z.object({ status: z.enum(AUDIT_REQUEST_STATUSES).optional() });
export const auditRequestListSchema = z.object({ engagementId: z.uuid(), requests: z.array(auditRequestSchema) });
export type AuditRequestList = z.infer<typeof auditRequestListSchema>;

export const addAuditRequestInputSchema = z.object({
  title: z.string().trim().min(3, 'Say what you ask for (at least 3 characters)').max(200, 'At most 200 characters'),
  description: z.string().trim().max(4000).default(''),
  dueOn: isoDate.optional(),
});
export type AddAuditRequestInput = z.input<typeof addAuditRequestInputSchema>;

export const decideAuditRequestInputSchema = z
  .object({
    decision: z.enum(AUDIT_DECISIONS, 'Choose accept, flag or request resubmission'),
    comment: z.string().trim().max(4000).default(''),
  })
  .superRefine((value, context) => {
    if (value.decision !== 'accept' && value.comment.length < 3) {
      context.addIssue({ code: 'custom', path: ['comment'], message: 'Say what is wrong (at least 3 characters)' });
    }
  });
export type DecideAuditRequestInput = z.input<typeof decideAuditRequestInputSchema>;

export const auditMessageSchema = z.object({
  id: z.uuid(),
  authorName: z.string(),
  authorKind: z.enum(AUDIT_AUTHOR_KINDS),
  kind: z.enum(AUDIT_MESSAGE_KINDS),
  decision: z.enum(AUDIT_DECISIONS).nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type AuditMessage = z.infer<typeof auditMessageSchema>;
export const auditThreadSchema = z.object({ request: auditRequestSchema, messages: z.array(auditMessageSchema) });
export type AuditThread = z.infer<typeof auditThreadSchema>;

/** A comment in the thread; with `resubmit`, the client also hands the request back with the evidence linked. */
export const respondAuditRequestInputSchema = z.object({
  body: z.string().trim().max(4000).default(''),
  evidenceIds: z.array(z.uuid('Not an evidence id')).max(20).default([]),
  resubmit: z.boolean().default(false),
});
export type RespondAuditRequestInput = z.input<typeof respondAuditRequestInputSchema>;

export const createTaskFromAuditRequestResponseSchema = z.object({ taskRequestId: z.uuid() });

export const uploadPopulationInputSchema = z.object({
  name: z.string().trim().min(3, 'Name the population (at least 3 characters)').max(120),
  csv: z.string().min(1, 'The CSV is empty').max(SAMPLE_POPULATION_MAX_BYTES, 'At most 1 MB of CSV'),
  requestId: z.uuid().optional(),
});
export const drawSampleInputSchema = z.object({
  sampleSize: z.coerce.number().int().min(1, 'Draw at least one item'),
  /** Any text; a random one is chosen and recorded when omitted. */
  seed: z.string().trim().min(1).max(100).optional(),
});
export type DrawSampleInput = z.input<typeof drawSampleInputSchema>;

export const auditSampleSchema = z.object({
  id: z.uuid(),
  engagementId: z.uuid(),
  requestId: z.uuid().nullable(),
  name: z.string(),
  header: z.array(z.string()),
  populationSize: z.number().int(),
  populationSha256: z.string(),
  uploadedAt: z.string(),
  /** Who provided the population (a name, else the e-mail address); null if that account is gone. */
  uploadedByName: z.string().nullable(),
  sampleSize: z.number().int().nullable(),
  seed: z.string().nullable(),
  /** Zero-based row indices, in draw order. */
  selected: z.array(z.number().int()).nullable(),
  selectedRows: z.array(z.array(z.string())).nullable(),
  drawnAt: z.string().nullable(),
  drawnByName: z.string().nullable(),
});
export type AuditSample = z.infer<typeof auditSampleSchema>;
export const auditSampleListSchema = z.object({ samples: z.array(auditSampleSchema) });

export const engagementDashboardSchema = z.object({
  engagement: engagementSchema,
  byStatus: z.record(z.enum(AUDIT_REQUEST_STATUSES), z.number().int()),
  overdue: z.array(auditRequestSchema),
  /** Requests changed since the auditor's previous visit (all of them on a first visit); null for others. */
  changedSinceLastVisit: z.array(auditRequestSchema).nullable(),
  lastVisitAt: z.string().nullable(),
  verification: chainVerificationSchema,
});
export type EngagementDashboard = z.infer<typeof engagementDashboardSchema>;
