/** Kept apart from reviews.ts so task-requests.ts can use it without an import cycle. */

/** product.md §4 AI output review states, plus `superseded` for a version replaced by a reviewer's edit. */
export const OUTPUT_STATUSES = ['pending_review', 'approved', 'rejected', 'superseded'] as const;
export type OutputStatus = (typeof OUTPUT_STATUSES)[number];
