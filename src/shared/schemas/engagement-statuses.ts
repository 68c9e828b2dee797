/** Vocabularies of audit engagements (docs/audit.md), shared by the schema, the server and the web. */

export const AUDIT_REQUEST_STATUSES = ['open', 'submitted', 'accepted', 'flagged', 'resubmission_requested'] as const;
export type AuditRequestStatus = (typeof AUDIT_REQUEST_STATUSES)[number];
export const AUDIT_REQUEST_STATUS_LABELS: Record<AuditRequestStatus, string> = {
  open: 'Open',
  submitted: 'Submitted',
  accepted: 'Accepted',
  flagged: 'Flagged',
  resubmission_requested: 'Resubmission requested',
};

/** What an auditor decides on a request. */
export const AUDIT_DECISIONS = ['accept', 'flag', 'request_resubmission'] as const;
export type AuditDecision = (typeof AUDIT_DECISIONS)[number];
export const AUDIT_DECISION_STATUS: Record<AuditDecision, AuditRequestStatus> = {
  accept: 'accepted',
  flag: 'flagged',
  request_resubmission: 'resubmission_requested',
};

export const AUDIT_MESSAGE_KINDS = ['comment', 'decision', 'submission'] as const;
export type AuditMessageKind = (typeof AUDIT_MESSAGE_KINDS)[number];
export const AUDIT_AUTHOR_KINDS = ['auditor', 'client', 'staff'] as const;
export type AuditAuthorKind = (typeof AUDIT_AUTHOR_KINDS)[number];

/** A request is overdue when it is still with the client (open, flagged, resubmission) after its due date. */
export const WITH_CLIENT_STATUSES: readonly AuditRequestStatus[] = ['open', 'flagged', 'resubmission_requested'];

export const SAMPLE_POPULATION_MAX_ROWS = 5_000;
export const SAMPLE_POPULATION_MAX_BYTES = 1024 * 1024;
