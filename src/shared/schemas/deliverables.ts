/** Deliverables (docs/delivery.md). */

/** product.md §4. `overdue` is never stored: a deliverable past due and not completed shows it. */
export const DELIVERABLE_STATUSES = ['completed', 'in_review', 'pending', 'overdue'] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];
export const STORED_DELIVERABLE_STATUSES = ['completed', 'in_review', 'pending'] as const;
export type StoredDeliverableStatus = (typeof STORED_DELIVERABLE_STATUSES)[number];

export function deliverableStatus(stored: StoredDeliverableStatus, dueAt: Date | string | null, now = new Date()): DeliverableStatus {
  if (stored !== 'completed' && dueAt && new Date(dueAt).getTime() < now.getTime()) return 'overdue';
  return stored;
}

export const DOWNLOAD_FORMATS = ['md', 'pdf', 'docx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
