/** AI outputs and their human review (docs/delivery.md). */

/** product.md §4 AI output review states, plus `superseded` for a version replaced by a reviewer's edit. */
export const OUTPUT_STATUSES = ['pending_review', 'approved', 'rejected', 'superseded'] as const;
export type OutputStatus = (typeof OUTPUT_STATUSES)[number];

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
