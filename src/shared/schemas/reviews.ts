import { z } from 'zod';
import { DEPARTMENTS, TASK_PRIORITIES, TASK_STATUSES, WORK_KINDS } from './task-requests.ts';

/** AI outputs and their human review (docs/delivery.md). */

export { OUTPUT_STATUSES, type OutputStatus } from './pipeline-statuses.ts';
import { OUTPUT_STATUSES } from './pipeline-statuses.ts';
import { briefFactsSchema } from './brief-facts.ts';

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The quality-scores screen's categories (product.md §3 Demo quality category). */
export const QUALITY_CATEGORIES = ['accuracy', 'completeness', 'framework_alignment', 'timeliness'] as const;
export type QualityCategory = (typeof QUALITY_CATEGORIES)[number];
export const QUALITY_CATEGORY_LABELS: Record<QualityCategory, string> = {
  accuracy: 'Accuracy',
  completeness: 'Completeness',
  framework_alignment: 'Framework alignment',
  timeliness: 'Timeliness',
};

/** Where a citation points. */
export const SOURCE_KINDS = ['knowledge_base', 'framework_requirement', 'deliverable', 'request'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export interface OutputSource {
  kind: SourceKind;
  /** Stable reference: an article slug, a requirement ref ("SOC 2 CC6.1"), a deliverable id. */
  ref: string;
  title: string;
}

export const REVIEW_NOTES_MAX = 5_000;

/* ─── API (issue 13, "What reviewers do") ─── */

export const OUTPUT_BODY_MAX = 100_000;
export const OUTPUT_SUMMARY_MAX = 2_000;
export const OUTPUT_LIST_MAX = 20;
export const OUTPUT_LIST_ITEM_MAX = 500;
export const REVIEW_ISSUES_MAX = 20;
export const REVIEW_ISSUE_MAX = 500;

const isoDate = z.iso.datetime({ offset: true });

export const outputParamsSchema = z.object({ outputId: z.uuid('Not an output id') });

export const outputSourceSchema = z.object({ kind: z.enum(SOURCE_KINDS), ref: z.string(), title: z.string() });

/** One output waiting for a reviewer, as the queue lists it (oldest due first). */
export const reviewQueueItemSchema = z.object({
  outputId: z.uuid(),
  version: z.number().int(),
  title: z.string(),
  type: z.enum(WORK_KINDS),
  agentName: z.string(),
  confidence: z.number().int(),
  riskScore: z.number().int(),
  request: z.object({ id: z.uuid(), title: z.string(), dueAt: isoDate, priority: z.enum(TASK_PRIORITIES) }),
  organizationName: z.string(),
  createdAt: isoDate,
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueSchema = z.object({ outputs: z.array(reviewQueueItemSchema) });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

const categoryScoreSchema = z
  .number({ error: 'Enter a score from 0 to 100' })
  .int('Use a whole number from 0 to 100')
  .min(0, 'Use a whole number from 0 to 100')
  .max(100, 'Use a whole number from 0 to 100');

/** The reviewer's quality scores, one per category of the quality-scores screen. */
export const qualityScoresInputSchema = z.object({
  accuracy: categoryScoreSchema,
  completeness: categoryScoreSchema,
  framework_alignment: categoryScoreSchema,
  timeliness: categoryScoreSchema,
});
export type QualityScoresInput = z.infer<typeof qualityScoresInputSchema>;

/** The overall quality score of one review: the mean of its category scores, to one decimal. */
export function overallQualityScore(scores: Partial<Record<QualityCategory, number>>): number {
  const values = QUALITY_CATEGORIES.map((category) => scores[category]).filter((value): value is number => typeof value === 'number');
  if (values.length === 0) return 0;
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
}

/** A line of the diff between the previous version's body and this one's. */
export const DIFF_LINE_KINDS = ['added', 'removed', 'unchanged'] as const;
export type DiffLineKind = (typeof DIFF_LINE_KINDS)[number];
export const diffLineSchema = z.object({ kind: z.enum(DIFF_LINE_KINDS), text: z.string() });
export type DiffLine = z.infer<typeof diffLineSchema>;

export const outputReviewRecordSchema = z.object({
  id: z.uuid(),
  outputId: z.uuid(),
  outputVersion: z.number().int(),
  decision: z.enum(REVIEW_DECISIONS),
  notes: z.string(),
  reviewerName: z.string(),
  scores: z.partialRecord(z.enum(QUALITY_CATEGORIES), z.number()),
  overallScore: z.number(),
  issues: z.array(z.string()),
  createdAt: isoDate,
});
export type OutputReviewRecord = z.infer<typeof outputReviewRecordSchema>;

/** Why the caller may not decide on this output (the screen says it next to the disabled buttons). */
export const DECISION_BLOCKERS = ['not_approver', 'own_request', 'already_decided'] as const;
export type DecisionBlocker = (typeof DECISION_BLOCKERS)[number];
export const DECISION_BLOCKER_MESSAGES: Record<DecisionBlocker, { title: string; detail: string }> = {
  not_approver: {
    title: 'Only approvers can decide',
    detail: 'You can read and edit this draft. Ask an administrator for the Approver capability to approve or reject it.',
  },
  own_request: {
    title: 'You requested this work',
    detail: 'Another approver decides on it: nobody signs off their own request.',
  },
  already_decided: {
    title: 'This version is no longer awaiting a decision',
    detail: 'It was decided, or replaced by a newer version.',
  },
};

/** GET /api/v1/outputs/:outputId: everything the review screen shows. */
export const outputReviewSchema = z.object({
  request: z.object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    department: z.enum(DEPARTMENTS),
    frameworks: z.array(z.string()),
    priority: z.enum(TASK_PRIORITIES),
    status: z.enum(TASK_STATUSES),
    requesterName: z.string(),
    deadline: z.string().nullable(),
    dueAt: isoDate,
    organizationName: z.string(),
  }),
  output: z.object({
    id: z.uuid(),
    version: z.number().int(),
    title: z.string(),
    type: z.enum(WORK_KINDS),
    agentName: z.string(),
    confidence: z.number().int(),
    generatedAt: isoDate,
    status: z.enum(OUTPUT_STATUSES),
    summary: z.string(),
    keyFindings: z.array(z.string()),
    riskScore: z.number().int(),
    recommendations: z.array(z.string()),
    body: z.string(),
    sources: z.array(outputSourceSchema),
    editedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    /** What the agent read in the request ("what the agent read"); null for a version drafted before it was recorded. */
    briefFacts: briefFactsSchema.nullable(),
    /** Citations the reference check took out of the draft (not in the catalogue, or of an out-of-scope framework). */
    removedReferences: z.array(z.string()),
  }),
  previous: z.object({ outputId: z.uuid(), version: z.number().int(), body: z.string() }).nullable(),
  /** Lines of the previous version's body against this one's; empty without a previous version. */
  diff: z.array(diffLineSchema),
  reviews: z.array(outputReviewRecordSchema),
  canDecide: z.boolean(),
  whyNot: z.enum(DECISION_BLOCKERS).nullable(),
});
export type OutputReview = z.infer<typeof outputReviewSchema>;

const listField = z
  .array(z.string().trim().min(1, 'Remove empty lines').max(OUTPUT_LIST_ITEM_MAX, `At most ${OUTPUT_LIST_ITEM_MAX} characters a line`))
  .max(OUTPUT_LIST_MAX, `At most ${OUTPUT_LIST_MAX} lines`);

/** POST /api/v1/outputs/:outputId/revisions: the reviewer's edit, which becomes the next version. */
export const reviseOutputInputSchema = z.object({
  body: z
    .string({ error: 'Write the draft in Markdown' })
    .max(OUTPUT_BODY_MAX, `At most ${OUTPUT_BODY_MAX} characters`)
    // Kept as written (Markdown's blank lines and final newline matter to the diff); only a blank one is refused.
    .refine((body) => body.trim().length > 0, 'The draft cannot be empty'),
  summary: z.string().trim().min(1, 'The summary cannot be empty').max(OUTPUT_SUMMARY_MAX).optional(),
  keyFindings: listField.optional(),
  recommendations: listField.optional(),
});
export type ReviseOutputInput = z.infer<typeof reviseOutputInputSchema>;

/** POST /api/v1/outputs/:outputId/decision (approvers only). Rejecting needs notes: the agent redrafts from them. */
export const decideOutputInputSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: 'Approve or reject' }),
    notes: z.string().trim().max(REVIEW_NOTES_MAX, `At most ${REVIEW_NOTES_MAX} characters`).default(''),
    scores: qualityScoresInputSchema,
    issues: z
      .array(z.string().trim().min(1, 'Remove empty issues').max(REVIEW_ISSUE_MAX, `At most ${REVIEW_ISSUE_MAX} characters an issue`))
      .max(REVIEW_ISSUES_MAX, `At most ${REVIEW_ISSUES_MAX} issues`)
      .default([]),
  })
  .superRefine((input, context) => {
    if (input.decision === 'rejected' && input.notes.length === 0) {
      context.addIssue({ code: 'custom', path: ['notes'], message: 'Say what should change, so the agent can redraft it.' });
    }
  });
export type DecideOutputInput = z.input<typeof decideOutputInputSchema>;

export const decideOutputResultSchema = z.object({
  outputId: z.uuid(),
  decision: z.enum(REVIEW_DECISIONS),
  overallScore: z.number(),
  requestStatus: z.enum(TASK_STATUSES),
  /** The published deliverable version, when approved. */
  deliverable: z.object({ id: z.uuid(), version: z.number().int() }).nullable(),
  /** The redraft's agent run, when rejected. */
  runId: z.uuid().nullable(),
});
export type DecideOutputResult = z.infer<typeof decideOutputResultSchema>;

/* Quality scores (product.md §3 Demo quality category, Demo assessed document; bands in shared/rules/score-bands.ts). */

export const SCORE_BAND_NAMES = ['excellent', 'good', 'needs-improvement'] as const;
const bandSchema = z.enum(SCORE_BAND_NAMES);

export const qualityCategoryScoreSchema = z.object({
  category: z.enum(QUALITY_CATEGORIES),
  label: z.string(),
  score: z.number(),
  band: bandSchema,
  /** This month's mean minus last month's; null when either month has no review. */
  trend: z.number().nullable(),
  details: z.string(),
});
export type QualityCategoryScore = z.infer<typeof qualityCategoryScoreSchema>;

export const qualityMonthSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  score: z.number().nullable(),
  band: bandSchema.nullable(),
  reviews: z.number().int(),
});
export type QualityMonth = z.infer<typeof qualityMonthSchema>;

export const assessedDocumentSchema = z.object({
  id: z.uuid(),
  outputId: z.uuid(),
  document: z.string(),
  score: z.number(),
  band: bandSchema,
  status: z.enum(REVIEW_DECISIONS),
  issues: z.array(z.string()),
  recommendations: z.array(z.string()),
  assessedAt: isoDate,
});
export type AssessedDocument = z.infer<typeof assessedDocumentSchema>;

export const QUALITY_TREND_MONTHS = 6;
export const ASSESSED_DOCUMENTS_MAX = 50;

/** GET /api/v1/quality-scores. `overall` is null when nothing has been reviewed yet (the empty state). */
export const qualityScoresSchema = z.object({
  overall: z.object({ score: z.number(), band: bandSchema, trend: z.number().nullable() }).nullable(),
  reviewCount: z.number().int(),
  categories: z.array(qualityCategoryScoreSchema),
  months: z.array(qualityMonthSchema),
  documents: z.array(assessedDocumentSchema),
});
export type QualityScores = z.infer<typeof qualityScoresSchema>;

/** /reviews?output=<id>: the review screen of one output; anything else shows the queue. */
export const reviewsSearchSchema = z.object({ output: z.uuid().optional().catch(undefined) });
