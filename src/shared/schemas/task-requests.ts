import { z } from 'zod';
import { DELIVERABLE_STATUSES } from './pipeline-statuses.ts';
import { OUTPUT_STATUSES } from './pipeline-statuses.ts';

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
export const TASK_SOURCES = [
  'wizard',
  'plan',
  'workflow',
  'api',
  'evidence_renewal',
  'audit_request',
  'policy_review',
  'vendor_questionnaire',
  'vendor_document',
  'connector',
] as const;
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
  'revision_requested',
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
  revision_requested: 'Revision requested',
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

// ---------------------------------------------------------------------------------------------
// API schemas (helper A, docs/delivery.md "Task requests"): one schema for the wizard's form and the server.
// ---------------------------------------------------------------------------------------------

/** The wizard's framework checkboxes; a client may also type another framework's name. */
export const TASK_FRAMEWORK_CHOICES = ['SOC 2', 'ISO 27001', 'GDPR', 'HIPAA', 'PCI DSS', 'NIST CSF'] as const;
export const TASK_FRAMEWORK_NAME_MAX = 40;
export const TASK_LIST_LIMIT_MAX = 100;
/** How far back "What changed since your last visit" looks, at most. */
export const TASK_CHANGES_MAX = 20;
/** How long an Idempotency-Key keeps answering with the request it created. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

/** Today as YYYY-MM-DD in UTC, a day earlier so a client west of UTC may still pick their own today. */
export function earliestDeadline(now = new Date()): string {
  return new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
}

const deadlineSchema = z
  .union([z.literal(''), z.null(), z.iso.date({ error: 'Enter a date as YYYY-MM-DD' })])
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || value >= earliestDeadline(), 'The deadline cannot be in the past');

const frameworksSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A framework needs a name')
      .max(TASK_FRAMEWORK_NAME_MAX, `A framework name has at most ${TASK_FRAMEWORK_NAME_MAX} characters`),
  )
  .max(TASK_FRAMEWORKS_MAX, `At most ${TASK_FRAMEWORKS_MAX} frameworks`)
  .default([])
  .transform((names) => [...new Set(names)]);

/** POST /api/v1/task-requests/classify: what the wizard's first step holds. */
export const classifyTaskRequestInputSchema = z.object({
  title: z.string({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(TASK_TITLE_MAX, `At most ${TASK_TITLE_MAX} characters`),
  description: z.string().trim().max(TASK_DESCRIPTION_MAX, `At most ${TASK_DESCRIPTION_MAX} characters`).default(''),
  department: z.enum(DEPARTMENTS, { error: 'Choose a department' }),
  deadline: deadlineSchema,
  frameworks: frameworksSchema,
});
export type ClassifyTaskRequestInput = z.output<typeof classifyTaskRequestInputSchema>;
/** The wizard form's values (react-hook-form holds the input side). */
export type TaskRequestFormValues = z.input<typeof classifyTaskRequestInputSchema>;

/** POST /api/v1/task-requests. Staff and administrators name the organization; a client's is their own. */
export const createTaskRequestInputSchema = classifyTaskRequestInputSchema.extend({
  attachmentIds: z
    .array(z.uuid('Not an attachment id'))
    .max(TASK_ATTACHMENTS_MAX, `At most ${TASK_ATTACHMENTS_MAX} attachments`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  organizationId: z.uuid('Not an organization id').optional(),
});
export type CreateTaskRequestInput = z.output<typeof createTaskRequestInputSchema>;

export const agentRefSchema = z.object({ id: z.string(), name: z.string() });

export const taskClassificationSchema = z.object({
  workKind: z.enum(WORK_KINDS),
  agentId: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  complexity: z.enum(TASK_COMPLEXITIES),
  estimateMinDays: z.number().int(),
  estimateMaxDays: z.number().int(),
  reasons: z.array(z.string()),
  provider: z.string(),
});

export const classifyTaskRequestResponseSchema = taskClassificationSchema.extend({ agent: agentRefSchema });
export type ClassifyTaskRequestResponse = z.infer<typeof classifyTaskRequestResponseSchema>;

export const taskRequestParamsSchema = z.object({ id: z.uuid('Not a task request id') });
/** POST /api/v1/task-requests/:id/revision: what the client wants changed in the delivered work. */
export const TASK_REVISION_NOTES_MIN = 10;
export const requestTaskRevisionInputSchema = z.object({
  notes: z
    .string({ error: 'Say what should change' })
    .trim()
    .min(TASK_REVISION_NOTES_MIN, `Say what should change (at least ${TASK_REVISION_NOTES_MIN} characters)`)
    .max(TASK_COMMENT_MAX, `At most ${TASK_COMMENT_MAX} characters`),
});
export type RequestTaskRevisionInput = z.infer<typeof requestTaskRevisionInputSchema>;

export const planTaskRequestsParamsSchema = z.object({ planId: z.uuid('Not a plan id') });

export const taskRequestListQuerySchema = z.object({
  status: z.enum(TASK_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(TASK_LIST_LIMIT_MAX).default(25),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type TaskRequestListQuery = z.infer<typeof taskRequestListQuerySchema>;

const timestampSchema = z.iso.datetime({ offset: true });

export const taskRequestSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  complexity: z.enum(TASK_COMPLEXITIES),
  workKind: z.enum(WORK_KINDS),
  department: z.enum(DEPARTMENTS),
  source: z.enum(TASK_SOURCES),
  estimateMinDays: z.number().int(),
  estimateMaxDays: z.number().int(),
  agent: agentRefSchema,
  /** The SLA due date. */
  dueAt: timestampSchema,
  /** The client's own deadline. */
  deadline: z.string().nullable(),
  /** The staff member reviewing it, by name; null until one does. */
  assignee: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** Status as the deliverables screen shows it (overdue computed). */
  deliverable: z.object({ id: z.uuid(), status: z.enum(DELIVERABLE_STATUSES) }).nullable(),
  organization: z.object({ id: z.uuid(), name: z.string() }),
});
export type TaskRequestSummary = z.infer<typeof taskRequestSummarySchema>;

export const taskRequestListSchema = z.object({
  requests: z.array(taskRequestSummarySchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type TaskRequestList = z.infer<typeof taskRequestListSchema>;

export const taskRequestEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  detail: z.string(),
  /** Who did it, by name; null for the system (an agent, a job). */
  actor: z.string().nullable(),
  createdAt: timestampSchema,
});
export type TaskRequestEvent = z.infer<typeof taskRequestEventSchema>;

export const taskAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: timestampSchema,
});
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;

export const taskRequestDetailSchema = taskRequestSummarySchema.extend({
  description: z.string(),
  frameworks: z.array(z.string()),
  planId: z.uuid().nullable(),
  classificationReasons: z.array(z.string()),
  classifiedBy: z.string(),
  events: z.array(taskRequestEventSchema),
  attachments: z.array(taskAttachmentSchema),
  /** The latest draft's version and status; its body is read on the review screen, by staff. */
  latestOutput: z.object({ id: z.uuid(), version: z.number().int(), status: z.enum(OUTPUT_STATUSES) }).nullable(),
  deliverable: z.object({ id: z.uuid(), status: z.enum(DELIVERABLE_STATUSES), currentVersion: z.number().int() }).nullable(),
  /** Words for the client when the agent could not finish (status failed); null otherwise. */
  failureMessage: z.string().nullable(),
  /** Whether the caller may cancel it now (the client side of the organization, or an administrator). */
  canCancel: z.boolean(),
  /** Whether the caller may ask for a revision of the delivered work now (the same people who may cancel). */
  canRequestRevision: z.boolean(),
});
export type TaskRequestDetail = z.infer<typeof taskRequestDetailSchema>;

export const TASK_COMMENT_AUTHOR_KINDS = ['client', 'staff'] as const;
export type TaskCommentAuthorKind = (typeof TASK_COMMENT_AUTHOR_KINDS)[number];

export const createTaskCommentInputSchema = z.object({
  body: z
    .string({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(TASK_COMMENT_MAX, `At most ${TASK_COMMENT_MAX} characters`),
});
export type CreateTaskCommentInput = z.output<typeof createTaskCommentInputSchema>;

export const taskCommentSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  authorKind: z.enum(TASK_COMMENT_AUTHOR_KINDS),
  authorName: z.string(),
  isMine: z.boolean(),
  createdAt: timestampSchema,
});
export type TaskComment = z.infer<typeof taskCommentSchema>;
export const taskCommentListSchema = z.object({ comments: z.array(taskCommentSchema) });

export const planTaskRequestsResponseSchema = z.object({
  /** How many requests this call created (0 when the plan's steps already had theirs). */
  created: z.number().int(),
  requests: z.array(taskRequestSummarySchema),
});

export const taskSummaryQuerySchema = z.object({
  /** The client's last visit (ISO date-time): `changedSince` lists what happened after it. */
  since: z.iso.datetime({ offset: true }).optional().catch(undefined),
});

export const taskChangeSchema = z.object({
  id: z.uuid(),
  taskRequestId: z.uuid(),
  title: z.string(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  detail: z.string(),
  createdAt: timestampSchema,
});
export type TaskChange = z.infer<typeof taskChangeSchema>;

export const taskSummarySchema = z.object({
  counts: z.object({
    /** Queued or with an agent. */
    active: z.number().int(),
    inReview: z.number().int(),
    /** Delivered. */
    completed: z.number().int(),
    /** Past the SLA due date and neither delivered nor cancelled. */
    overdue: z.number().int(),
    /** The agent gave up; staff are on it. */
    needsAttention: z.number().int(),
  }),
  /** The most urgent open requests (soonest due first), at most 5. */
  queue: z.array(taskRequestSummarySchema),
  /** Timeline events after `since` by anyone but the caller, newest first. */
  changedSince: z.array(taskChangeSchema),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** `/task-requests?request=<id>` (one request) and `?new=1` (the wizard); anything unusable is dropped. */
export const taskRequestPageSearchSchema = z.object({
  request: z.uuid().optional().catch(undefined),
  new: z.literal('1').optional().catch(undefined),
});
