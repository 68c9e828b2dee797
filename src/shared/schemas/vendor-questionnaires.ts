import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { uploadTaskAttachmentQuerySchema } from './deliverables.ts';
import type { VendorTier } from './vendors.ts';

/**
 * Vendor questionnaires (issue 35 item 4, docs/vendor-questionnaires.md): the client sends a question
 * set (built in per tier, or its own) to a vendor contact as an expiring link; the vendor answers
 * without an account, attaches files and submits once; the answers are scored and the vendor-review
 * agent drafts the assessment into the review queue.
 */

export const QUESTION_KINDS = ['yes_no', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface VendorQuestion {
  id: string;
  /** The area it belongs to (access control, encryption …), for the vendor's page and the brief. */
  area: string;
  text: string;
  kind: QuestionKind;
  /** 1–3: how much a yes/no answer counts in the score (text answers are read, not scored). */
  weight: number;
  /** A "no" here flags the questionnaire whatever the score. */
  critical: boolean;
}

const q = (id: string, area: string, text: string, weight = 2, critical = false): VendorQuestion => ({
  id,
  area,
  text,
  kind: 'yes_no',
  weight,
  critical,
});
const t = (id: string, area: string, text: string): VendorQuestion => ({ id, area, text, kind: 'text', weight: 0, critical: false });

const CORE: readonly VendorQuestion[] = [
  q(
    'assurance',
    'Independent assurance',
    'Do you hold a current SOC 2 Type II report or ISO 27001 certificate covering the service we use?',
    3,
  ),
  q('mfa', 'Access control', 'Is multi-factor authentication enforced for all staff with access to customer data?', 3, true),
  q('encryption', 'Encryption', 'Is customer data encrypted in transit (TLS 1.2 or later) and at rest?', 3, true),
  q('incident', 'Incident notification', 'Will you notify us of a security incident affecting our data within 72 hours?', 2, true),
  t('data_location', 'Data handled', 'Where (which countries or regions) is our data stored and processed?'),
];
const EXTENDED: readonly VendorQuestion[] = [
  q('subprocessors', 'Subprocessors', 'Do you publish a subprocessor list and notify customers before changes?', 2),
  q('backups', 'Business continuity', 'Are backups taken daily and restores tested at least yearly?', 2),
  q('pentest', 'Independent assurance', 'Is an independent penetration test performed at least yearly?', 2),
  q('access_reviews', 'Access control', 'Are access rights to production reviewed at least quarterly?', 1),
  q('deletion', 'Data handled', 'Is our data deleted or returned within 30 days of the contract ending?', 2),
];
const CRITICAL: readonly VendorQuestion[] = [
  q('bcp', 'Business continuity', 'Do you have a tested business continuity and disaster recovery plan with stated RTO and RPO?', 3),
  q('vuln', 'Vulnerability management', 'Are critical vulnerabilities patched within 14 days?', 2),
  q('training', 'People', 'Do all staff complete security awareness training yearly?', 1),
  t('exceptions', 'Independent assurance', 'List any exceptions or qualifications in your latest audit report, and their remediation.'),
];

/** The built-in question sets: tier 4 the core, tier 3 and 2 more, tier 1 everything. */
export const VENDOR_QUESTION_TEMPLATES: Record<VendorTier, readonly VendorQuestion[]> = {
  1: [...CORE, ...EXTENDED, ...CRITICAL],
  2: [...CORE, ...EXTENDED],
  3: [...CORE, ...EXTENDED.slice(0, 2)],
  4: CORE,
};

export const VENDOR_QUESTIONNAIRE_TEMPLATES = ['tier_1', 'tier_2', 'tier_3', 'tier_4', 'custom'] as const;
export type VendorQuestionnaireTemplate = (typeof VENDOR_QUESTIONNAIRE_TEMPLATES)[number];
export const templateForTier = (tier: VendorTier): VendorQuestionnaireTemplate => `tier_${tier}`;
export const VENDOR_QUESTIONNAIRE_TEMPLATE_LABELS: Record<VendorQuestionnaireTemplate, string> = {
  tier_1: 'Tier 1 — critical vendor (full set)',
  tier_2: 'Tier 2 — high',
  tier_3: 'Tier 3 — moderate',
  tier_4: 'Tier 4 — low (core questions)',
  custom: 'Our own questions',
};

export function templateQuestions(template: Exclude<VendorQuestionnaireTemplate, 'custom'>): readonly VendorQuestion[] {
  const tier = Number(template.slice(5)) as VendorTier;
  return VENDOR_QUESTION_TEMPLATES[tier];
}

export const YES_NO_ANSWERS = ['yes', 'partial', 'no', 'not_applicable'] as const;
export type YesNoAnswer = (typeof YES_NO_ANSWERS)[number];
export const YES_NO_LABELS: Record<YesNoAnswer, string> = { yes: 'Yes', partial: 'Partly', no: 'No', not_applicable: 'Not applicable' };

export interface VendorAnswer {
  /** For yes/no questions: one of YES_NO_ANSWERS; for text questions: the text. */
  value: string;
  comment: string;
}

export const SCORE_BANDS = ['strong', 'adequate', 'weak'] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];
export const SCORE_BAND_LABELS: Record<ScoreBand, string> = { strong: 'Strong', adequate: 'Adequate', weak: 'Weak' };

export interface QuestionnaireScore {
  /** 0–100, or null when no scored question was answered other than "not applicable". */
  score: number | null;
  band: ScoreBand | null;
  /** Critical questions answered "no". */
  criticalGaps: string[];
}

/**
 * The scoring rule (docs/vendor-questionnaires.md): each yes/no question earns its weight for "yes",
 * half for "partly", nothing for "no" or no answer; "not applicable" leaves it out. Score = earned ÷
 * possible × 100, rounded. Band: 80+ strong, 60+ adequate, else weak; a "no" on a critical question
 * makes the band weak whatever the number.
 */
export function scoreVendorAnswers(
  questions: readonly VendorQuestion[],
  answers: Readonly<Record<string, VendorAnswer>>,
): QuestionnaireScore {
  let earned = 0;
  let possible = 0;
  const criticalGaps: string[] = [];
  for (const question of questions) {
    if (question.kind !== 'yes_no') continue;
    const value = answers[question.id]?.value;
    if (value === 'not_applicable') continue;
    possible += question.weight;
    if (value === 'yes') earned += question.weight;
    else if (value === 'partial') earned += question.weight / 2;
    else if (value === 'no' && question.critical) criticalGaps.push(question.id);
  }
  if (possible === 0) return { score: null, band: null, criticalGaps };
  const score = Math.round((earned / possible) * 100);
  const band: ScoreBand = criticalGaps.length > 0 || score < 60 ? 'weak' : score < 80 ? 'adequate' : 'strong';
  return { score, band, criticalGaps };
}

export const VENDOR_QUESTIONNAIRE_STATUSES = ['sent', 'submitted'] as const;
export type VendorQuestionnaireStatus = (typeof VENDOR_QUESTIONNAIRE_STATUSES)[number];

/** Days a link stays valid by default, and the longest a sender may choose. */
export const VENDOR_QUESTIONNAIRE_DEFAULT_DAYS = 14;
export const VENDOR_QUESTIONNAIRE_MAX_DAYS = 60;
export const VENDOR_QUESTIONNAIRE_MAX_FILES = 20;

const isoDateTime = z.iso.datetime({ offset: true });

const questionSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,40}$/, 'Lower-case letters, digits and underscores'),
  area: z.string().trim().min(1).max(80),
  text: z.string().trim().min(5, 'Write the question (at least 5 characters)').max(500, 'At most 500 characters'),
  kind: z.enum(QUESTION_KINDS),
  weight: z.number().int().min(0).max(3),
  critical: z.boolean(),
});

export const vendorQuestionnaireParamsSchema = z.object({ vendorId: z.uuid('No such vendor') });

export const sendVendorQuestionnaireInputSchema = z
  .object({
    /** A built-in set (default: the vendor's tier) or `custom` with the client's own questions. */
    template: z.enum(VENDOR_QUESTIONNAIRE_TEMPLATES, 'Not a questionnaire template').optional(),
    questions: z.array(questionSchema).min(1).max(60).optional(),
    contactName: z.string().trim().max(200).default(''),
    contactEmail: emailSchema,
    expiresInDays: z.number().int().min(1).max(VENDOR_QUESTIONNAIRE_MAX_DAYS).default(VENDOR_QUESTIONNAIRE_DEFAULT_DAYS),
    message: z.string().trim().max(2000, 'At most 2000 characters').default(''),
  })
  .refine((value) => (value.template === 'custom') === (value.questions !== undefined), {
    message: 'Own questions go with the template “custom”, and only with it',
    path: ['questions'],
  })
  .refine((value) => !value.questions || new Set(value.questions.map((question) => question.id)).size === value.questions.length, {
    message: 'Each question needs its own id',
    path: ['questions'],
  });
export type SendVendorQuestionnaireInput = z.input<typeof sendVendorQuestionnaireInputSchema>;

const answerSchema = z.object({
  value: z.string().trim().max(4000, 'At most 4000 characters'),
  comment: z.string().trim().max(2000, 'At most 2000 characters').default(''),
});

export const saveVendorAnswersInputSchema = z.object({
  answers: z.record(z.string().max(40), answerSchema).refine((value) => Object.keys(value).length <= 60, 'Too many answers'),
});
export type SaveVendorAnswersInput = z.input<typeof saveVendorAnswersInputSchema>;

export const vendorQuestionnaireTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a questionnaire link'),
});
/** The file's name, checked as every attachment's is. */
export const vendorQuestionnaireFileQuerySchema = uploadTaskAttachmentQuerySchema.pick({ fileName: true });
export const vendorQuestionnaireFileParamsSchema = z.object({ questionnaireId: z.uuid(), fileId: z.uuid() });

export const vendorQuestionnaireFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: isoDateTime,
});
export type VendorQuestionnaireFile = z.infer<typeof vendorQuestionnaireFileSchema>;

const questionOut = questionSchema;
const answersOut = z.record(z.string(), z.object({ value: z.string(), comment: z.string() }));

/** What the vendor sees through the link: no organization data beyond names. */
export const publicVendorQuestionnaireSchema = z.object({
  organizationName: z.string(),
  vendorName: z.string(),
  contactName: z.string(),
  message: z.string(),
  questions: z.array(questionOut),
  answers: answersOut,
  files: z.array(vendorQuestionnaireFileSchema),
  expiresAt: isoDateTime,
  savedAt: isoDateTime.nullable(),
});
export type PublicVendorQuestionnaire = z.infer<typeof publicVendorQuestionnaireSchema>;

export const vendorQuestionnaireReceiptSchema = z.object({ submittedAt: isoDateTime });

/** The client's and staff's view: answers, score and the drafted assessment in the review queue. */
export const vendorQuestionnaireSchema = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  template: z.enum(VENDOR_QUESTIONNAIRE_TEMPLATES),
  contactName: z.string(),
  contactEmail: z.string(),
  status: z.enum(VENDOR_QUESTIONNAIRE_STATUSES),
  /** True when the link expired before the vendor submitted. */
  expired: z.boolean(),
  questions: z.array(questionOut),
  answers: answersOut,
  files: z.array(vendorQuestionnaireFileSchema),
  score: z.number().int().nullable(),
  scoreBand: z.enum(SCORE_BANDS).nullable(),
  criticalGaps: z.array(z.string()),
  sentBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  sentAt: isoDateTime,
  expiresAt: isoDateTime,
  submittedAt: isoDateTime.nullable(),
  /** The vendor-review request the submission opened, and its latest draft. */
  assessment: z
    .object({
      taskRequestId: z.uuid(),
      taskStatus: z.string(),
      draft: z
        .object({ title: z.string(), summary: z.string(), riskScore: z.number().int(), status: z.string(), version: z.number().int() })
        .nullable(),
    })
    .nullable(),
});
export type VendorQuestionnaire = z.infer<typeof vendorQuestionnaireSchema>;

export const vendorQuestionnaireListSchema = z.object({ questionnaires: z.array(vendorQuestionnaireSchema) });
export type VendorQuestionnaireList = z.infer<typeof vendorQuestionnaireListSchema>;
