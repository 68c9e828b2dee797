import { z } from 'zod';
import { DOMAIN_EVENT_TYPES } from './domain-events.ts';
import { CONTROL_STATUSES } from './programme-statuses.ts';
import { DEPARTMENTS } from './task-requests.ts';

/**
 * Workflows that run (docs/workflow-runs.md): triggers, the actions the engine knows with the
 * configuration each one needs, runs and their per-node steps, approvals and the compliance calendar.
 */

export const WORKFLOW_STATUSES = ['draft', 'active', 'paused'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** A schedule's RRULE (without DTSTART) repeats from `start`, a wall-clock time in the organization's time zone. */
export const workflowTriggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual') }),
  z.object({
    kind: z.literal('schedule'),
    rrule: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .regex(/^(RRULE:)?FREQ=[A-Z]+(;[A-Z]+=[A-Z0-9,+-]+)*$/, 'A recurrence rule such as FREQ=MONTHLY;BYMONTHDAY=1'),
    start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'A local date and time such as 2026-01-05T09:00'),
  }),
  z.object({ kind: z.literal('event'), eventType: z.enum(DOMAIN_EVENT_TYPES) }),
]);
export type WorkflowTrigger = z.infer<typeof workflowTriggerSchema>;

export const WORKFLOW_ACTION_TYPES = ['create_task_request', 'notify', 'approval', 'wait', 'set_control_status', 'webhook'] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTION_TYPES)[number];
export const WORKFLOW_ACTION_LABELS: Record<WorkflowActionType, string> = {
  create_task_request: 'Create a task request',
  notify: 'Notify people',
  approval: 'Wait for an approval',
  wait: 'Wait a duration',
  set_control_status: "Set a control's status",
  webhook: 'Call a webhook',
};

const text = (max: number) => z.string().trim().max(max);

/** Each action's configuration (flat: the node's `configuration` record). */
export const ACTION_CONFIG_SCHEMAS = {
  create_task_request: z.object({
    title: text(200).min(1, 'A task title is required'),
    description: text(2000).default(''),
    department: z.enum(DEPARTMENTS).default('compliance'),
    deadlineDays: z.coerce.number().int().min(1).max(365).optional(),
  }),
  notify: z.object({
    recipients: z.enum(['members', 'owners']).default('members'),
    subject: text(200).min(1, 'A subject is required'),
    message: text(2000).min(1, 'A message is required'),
  }),
  approval: z.object({
    title: text(200).min(1, 'Say what is to be approved'),
    instructions: text(2000).default(''),
  }),
  wait: z.object({
    amount: z.coerce.number().int().min(1, 'Wait at least one unit').max(1000),
    unit: z.enum(['minutes', 'hours', 'days']).default('days'),
  }),
  set_control_status: z.object({
    controlId: text(40).min(1, 'Choose a control'),
    status: z.enum(CONTROL_STATUSES),
  }),
  webhook: z.object({
    url: z.url({ protocol: /^https?$/, message: 'An http(s) URL' }).max(2000),
    secret: z.string().min(16, 'A signing secret of at least 16 characters').max(200),
  }),
} as const;
export type ActionConfig<T extends WorkflowActionType> = z.output<(typeof ACTION_CONFIG_SCHEMAS)[T]>;

export const RUN_STATUSES = ['running', 'waiting', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const STEP_STATUSES = ['succeeded', 'failed', 'waiting'] as const;
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const TRIGGER_KINDS = ['manual', 'schedule', 'event'] as const;

const jsonRecord = z.record(z.string(), z.unknown());

export const workflowRunStepSchema = z.object({
  id: z.uuid(),
  seq: z.number().int(),
  node_id: z.string(),
  node_type: z.string(),
  label: z.string(),
  action_type: z.string().nullable(),
  status: z.enum(STEP_STATUSES),
  input: jsonRecord,
  outcome: jsonRecord.nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

export const workflowApprovalSchema = z.object({
  id: z.uuid(),
  run_id: z.uuid(),
  workflow_id: z.uuid(),
  workflow_name: z.string(),
  node_id: z.string(),
  title: z.string(),
  instructions: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  decided_by: z.uuid().nullable(),
  decided_at: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type WorkflowApproval = z.infer<typeof workflowApprovalSchema>;

export const workflowRunSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  workflow_id: z.uuid(),
  workflow_name: z.string(),
  version: z.number().int(),
  status: z.enum(RUN_STATUSES),
  trigger_kind: z.enum(TRIGGER_KINDS),
  current_node_id: z.string().nullable(),
  waiting_until: z.string().nullable(),
  data: jsonRecord,
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRunSchema>;
export const workflowRunDetailSchema = workflowRunSchema.extend({
  steps: z.array(workflowRunStepSchema),
  approvals: z.array(workflowApprovalSchema),
});
export type WorkflowRunDetail = z.infer<typeof workflowRunDetailSchema>;

export const workflowRunListQuerySchema = z.object({
  organizationId: z.uuid().optional(),
  workflowId: z.uuid().optional(),
  status: z.enum(RUN_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const workflowRunListSchema = z.object({ runs: z.array(workflowRunSchema) });
export const workflowRunParamsSchema = z.object({ runId: z.uuid({ message: 'Not a run id' }) });

export const startWorkflowRunInputSchema = z.object({
  data: z.record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean()])).default({}),
});

export const approvalParamsSchema = z.object({ approvalId: z.uuid({ message: 'Not an approval id' }) });
export const decideWorkflowApprovalInputSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  note: z.string().trim().max(2000).default(''),
});
export const approvalListQuerySchema = z.object({ organizationId: z.uuid().optional(), status: z.enum(APPROVAL_STATUSES).optional() });
export const approvalListSchema = z.object({ approvals: z.array(workflowApprovalSchema) });

/** The compliance calendar (/program-execution). */
export const CALENDAR_ITEM_KINDS = ['workflow', 'task', 'phase'] as const;
export const calendarItemSchema = z.object({
  kind: z.enum(CALENDAR_ITEM_KINDS),
  id: z.string(),
  title: z.string(),
  at: z.string(),
  detail: z.string(),
  href: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;
export const programCalendarQuerySchema = z.object({ organizationId: z.uuid().optional() });
export const programCalendarSchema = z.object({
  organizationId: z.uuid(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  upcoming: z.array(calendarItemSchema),
  dueThisWeek: z.array(calendarItemSchema),
  overdue: z.array(calendarItemSchema),
  phases: z.array(calendarItemSchema),
});
export type ProgramCalendar = z.infer<typeof programCalendarSchema>;

/** A schedule's next occurrences, computed by the server in the organization's time zone (the builder's preview). */
export const schedulePreviewInputSchema = z.object({
  organizationId: z.uuid().optional(),
  rrule: z.string().trim().min(1).max(500),
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'A local date and time such as 2026-01-05T09:00'),
  count: z.coerce.number().int().min(1).max(12).default(3),
});
export const schedulePreviewSchema = z.object({ timeZone: z.string(), occurrences: z.array(z.string()) });
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;

/** The organization's time zone (IANA), which schedules and the calendar use. */
export const organizationTimeZoneInputSchema = z.object({
  organizationId: z.uuid().optional(),
  timeZone: z.string().trim().min(1, 'Choose a time zone').max(64),
});
export const organizationTimeZoneSchema = z.object({ organizationId: z.uuid(), timeZone: z.string() });

/**
 * Program Analytics (/program-execution), one row per calendar month (UTC) of the last 12, oldest first:
 * task requests delivered that month and how many by their due date (`onTimeRate` null when none was
 * delivered), task requests overdue at the month's end (now for the current month), and workflow
 * approvals still pending at the month's end.
 */
export const programAnalyticsMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  completed: z.number().int(),
  completedOnTime: z.number().int(),
  onTimeRate: z.number().nullable(),
  overdue: z.number().int(),
  approvalsWaiting: z.number().int(),
});
export type ProgramAnalyticsMonth = z.infer<typeof programAnalyticsMonthSchema>;
export const programAnalyticsQuerySchema = z.object({ organizationId: z.uuid().optional() });
export const programAnalyticsSchema = z.object({
  organizationId: z.uuid(),
  generatedAt: z.string(),
  months: z.array(programAnalyticsMonthSchema),
});
export type ProgramAnalytics = z.infer<typeof programAnalyticsSchema>;
