/**
 * The pipeline's status lists that several schema files share, kept in a file that imports nothing so
 * task-requests.ts, reviews.ts and deliverables.ts can use them without an import cycle.
 */

/** product.md §4 AI output review states, plus `superseded` for a version replaced by a reviewer's edit. */
export const OUTPUT_STATUSES = ['pending_review', 'approved', 'rejected', 'superseded'] as const;
export type OutputStatus = (typeof OUTPUT_STATUSES)[number];

/** product.md §4. `overdue` is never stored: a deliverable past due and not completed shows it. */
export const DELIVERABLE_STATUSES = ['completed', 'in_review', 'pending', 'overdue'] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];
export const STORED_DELIVERABLE_STATUSES = ['completed', 'in_review', 'pending'] as const;
export type StoredDeliverableStatus = (typeof STORED_DELIVERABLE_STATUSES)[number];
