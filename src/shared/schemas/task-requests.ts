/**
 * Task requests: what a client asks us to do (docs/delivery.md). The constants are shared by the
 * wizard, the server and the agents; the request and response schemas are built on them.
 */

/** product.md §3 Demo task form. */
export const DEPARTMENTS = ['compliance', 'risk', 'legal', 'operations'] as const;
export type Department = (typeof DEPARTMENTS)[number];
export const DEPARTMENT_LABELS: Record<Department, string> = {
  compliance: 'Compliance',
  risk: 'Risk',
  legal: 'Legal',
  operations: 'Operations',
};

/** The kinds of work an agent does; each has one agent (agents table) and one composer. */
export const WORK_KINDS = [
  'policy_draft',
  'gap_assessment',
  'risk_register',
  'evidence_checklist',
  'vendor_review',
  'questionnaire_answers',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export const WORK_KIND_LABELS: Record<WorkKind, string> = {
  policy_draft: 'Policy draft',
  gap_assessment: 'Gap assessment',
  risk_register: 'Risk register entries',
  evidence_checklist: 'Evidence checklist',
  vendor_review: 'Vendor security review',
  questionnaire_answers: 'Security questionnaire answers',
};

export const TASK_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_COMPLEXITIES = ['low', 'medium', 'high'] as const;
export type TaskComplexity = (typeof TASK_COMPLEXITIES)[number];

/** Where a request came from. */
export const TASK_SOURCES = ['wizard', 'plan', 'workflow', 'api'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];

/**
 * A request's status. `queued`: classified, waiting for its agent; `in_progress`: an agent is drafting
 * (first draft, or again after changes were requested); `in_review`: a draft waits for a reviewer;
 * `delivered`: approved and published; `failed`: the agent gave up, staff are on it; `cancelled`.
 */
export const TASK_STATUSES = ['queued', 'in_progress', 'in_review', 'delivered', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  queued: 'Queued',
  in_progress: 'Agent working',
  in_review: 'In review',
  delivered: 'Delivered',
  failed: 'Needs attention',
  cancelled: 'Cancelled',
};
/** A request in one of these can still be cancelled by the client. */
export const CANCELLABLE_TASK_STATUSES: readonly TaskStatus[] = ['queued', 'in_progress', 'in_review', 'failed'];

/** The request page's timeline (issue 13), in the order they normally happen. */
export const TIMELINE_EVENT_KINDS = [
  'submitted',
  'classified',
  'agent_started',
  'draft_ready',
  'in_review',
  'changes_requested',
  'approved',
  'delivered',
  'run_failed',
  'cancelled',
  'commented',
] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];
export const TIMELINE_EVENT_LABELS: Record<TimelineEventKind, string> = {
  submitted: 'Submitted',
  classified: 'Classified',
  agent_started: 'Agent started',
  draft_ready: 'Draft ready',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  delivered: 'Delivered',
  run_failed: 'Agent run failed',
  cancelled: 'Cancelled',
  commented: 'Comment',
};

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 10_000;
export const TASK_COMMENT_MAX = 5_000;
export const TASK_FRAMEWORKS_MAX = 10;
export const TASK_ATTACHMENTS_MAX = 5;

/** What the classifier concludes about a request (the wizard's step 2), with its reasons. */
export interface TaskClassification {
  workKind: WorkKind;
  agentId: string;
  priority: TaskPriority;
  complexity: TaskComplexity;
  estimateMinDays: number;
  estimateMaxDays: number;
  /** Sentences the client reads: why this kind of work, this priority, this estimate. */
  reasons: string[];
  /** Which provider classified it: `builtin` or `openai`. */
  provider: string;
}
