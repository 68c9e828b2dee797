/**
 * What happens in a workspace that something else may react to: a workflow's event trigger, an
 * outgoing webhook, a notification. One list, read by the server (emitters, listeners) and the web
 * (trigger and subscription pickers). docs/events.md.
 */
export const DOMAIN_EVENT_TYPES = [
  'task_request.status_changed',
  'task_request.approved',
  'deliverable.published',
  'evidence.expiring',
  'control.stale',
  'privacy_request.received',
  'member.added',
  'audit_request.flagged',
  'workflow_run.finished',
  'vendor.created',
  'vendor.document_expiring',
  'vendor.questionnaire_submitted',
  'vendor.review_due',
  'connector.check_failed',
] as const;
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** Words for each event, for pickers and logs. */
export const DOMAIN_EVENT_LABELS: Record<DomainEventType, string> = {
  'task_request.status_changed': 'Task request status changed',
  'task_request.approved': 'Task request approved',
  'deliverable.published': 'Deliverable published',
  'evidence.expiring': 'Evidence expiring',
  'control.stale': 'Control turned stale',
  'privacy_request.received': 'Privacy request received',
  'member.added': 'Member added',
  'audit_request.flagged': 'Audit request flagged',
  'workflow_run.finished': 'Workflow run finished',
  'vendor.created': 'Vendor added',
  'vendor.document_expiring': 'Vendor document expiring',
  'vendor.questionnaire_submitted': 'Vendor questionnaire submitted',
  'vendor.review_due': 'Vendor review due',
  'connector.check_failed': 'Connector check failed',
};

/** One event as listeners receive it. */
export interface DomainEvent {
  id: string;
  type: DomainEventType;
  organizationId: string;
  /** The row the event is about (a task request, an evidence item …). */
  entityId: string;
  occurredAt: string;
  /** A few small facts listeners branch on (a status, a title); ids, never whole rows. */
  data: Record<string, string | number | boolean | null>;
}
