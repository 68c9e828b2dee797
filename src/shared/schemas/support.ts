import { z } from 'zod';

/**
 * Support requests (docs/support.md): a client asks our team for help and follows the answer in a
 * thread; staff work a queue with a first-response clock. Shared by the routes, the services and the
 * support tab's forms.
 */

export const SUPPORT_CATEGORIES = ['question', 'technical_problem', 'billing', 'deliverable_feedback', 'access'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  question: 'Question',
  technical_problem: 'Technical problem',
  billing: 'Billing',
  deliverable_feedback: 'Deliverable feedback',
  access: 'Access and accounts',
};

export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/**
 * open: nobody from our side has answered yet; in_progress: waiting on us; waiting_on_client: we
 * answered and wait for the client; resolved: we consider it done (the client may reopen); closed:
 * finished (the client or staff closed it; reopening is still possible).
 */
export const SUPPORT_STATUSES = ['open', 'in_progress', 'waiting_on_client', 'resolved', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Open',
  in_progress: 'Waiting on us',
  waiting_on_client: 'Waiting on you',
  resolved: 'Resolved',
  closed: 'Closed',
};
/** Statuses still in the queue: the default filter of the staff queue. */
export const ACTIVE_SUPPORT_STATUSES: readonly SupportStatus[] = ['open', 'in_progress', 'waiting_on_client'];

export const SUPPORT_AUTHOR_KINDS = ['client', 'staff'] as const;
export type SupportAuthorKind = (typeof SUPPORT_AUTHOR_KINDS)[number];

export const SUPPORT_SUBJECT_MAX = 160;
export const SUPPORT_MESSAGE_MAX = 10_000;
/** Files on one message (each within the attachment limits of docs/delivery.md: 10 MB, the allowed types). */
export const SUPPORT_ATTACHMENTS_MAX = 5;

const timestampSchema = z.iso.datetime({ offset: true });

const subjectSchema = z
  .string({ error: 'Give the request a subject' })
  .trim()
  .min(3, 'Give the request a subject (at least 3 characters)')
  .max(SUPPORT_SUBJECT_MAX, `At most ${SUPPORT_SUBJECT_MAX} characters`);

const messageSchema = z
  .string({ error: 'Describe what you need' })
  .trim()
  .min(10, 'Describe what you need (at least 10 characters)')
  .max(SUPPORT_MESSAGE_MAX, `At most ${SUPPORT_MESSAGE_MAX} characters`);

const attachmentIdsSchema = z
  .array(z.uuid('Not an attachment id'))
  .max(SUPPORT_ATTACHMENTS_MAX, `At most ${SUPPORT_ATTACHMENTS_MAX} files`)
  .default([]);

/** The form a client fills in (the web form validates with it too). */
export const supportRequestFormSchema = z.object({
  subject: subjectSchema,
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Choose a category' }),
  priority: z.enum(SUPPORT_PRIORITIES, { error: 'Choose a priority' }),
  message: messageSchema,
});
export type SupportRequestForm = z.input<typeof supportRequestFormSchema>;

export const createSupportRequestInputSchema = supportRequestFormSchema.extend({
  attachmentIds: attachmentIdsSchema,
  /** Staff and administrators name the client organization; a client's own is implied. */
  organizationId: z.uuid('Not an organization id').optional(),
});
export type CreateSupportRequestInput = z.output<typeof createSupportRequestInputSchema>;

export const replyToSupportRequestInputSchema = z.object({
  body: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(SUPPORT_MESSAGE_MAX, `At most ${SUPPORT_MESSAGE_MAX} characters`),
  attachmentIds: attachmentIdsSchema,
});
export type ReplyToSupportRequestInput = z.output<typeof replyToSupportRequestInputSchema>;

export const updateSupportRequestStatusInputSchema = z.object({ status: z.enum(SUPPORT_STATUSES) });

export const supportRequestParamsSchema = z.object({ id: z.uuid('Not a support request id') });
export const supportAttachmentParamsSchema = z.object({ id: z.uuid('Not an attachment id') });

export const supportAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

export const SLA_STATES = ['due', 'overdue', 'met', 'missed'] as const;
export type SlaState = (typeof SLA_STATES)[number];

export const supportSlaSchema = z.object({
  state: z.enum(SLA_STATES),
  dueAt: timestampSchema,
  /** Milliseconds until the first response is due (negative when overdue); null once answered. */
  remainingMs: z.number().int().nullable(),
});
export type SupportSla = z.infer<typeof supportSlaSchema>;

export const supportRequestSummarySchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES),
  status: z.enum(SUPPORT_STATUSES),
  requesterName: z.string(),
  createdAt: timestampSchema,
  lastMessageAt: timestampSchema,
  firstResponseAt: timestampSchema.nullable(),
  sla: supportSlaSchema,
});
export type SupportRequestSummary = z.infer<typeof supportRequestSummarySchema>;

export const supportMessageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  authorKind: z.enum(SUPPORT_AUTHOR_KINDS),
  authorName: z.string(),
  isMine: z.boolean(),
  createdAt: timestampSchema,
  attachments: z.array(supportAttachmentSchema),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportRequestDetailSchema = supportRequestSummarySchema.extend({
  messages: z.array(supportMessageSchema),
});
export type SupportRequestDetail = z.infer<typeof supportRequestDetailSchema>;

export const supportRequestListSchema = z.object({ requests: z.array(supportRequestSummarySchema) });
export type SupportRequestList = z.infer<typeof supportRequestListSchema>;

export const listSupportRequestsQuerySchema = z.object({
  q: z.string().trim().max(200, 'At most 200 characters').optional(),
  status: z.enum(SUPPORT_STATUSES).optional(),
});

export const listSupportQueueQuerySchema = z.object({
  /** `active` (the default): open, waiting on us and waiting on the client; `all`: every status. */
  status: z.enum([...SUPPORT_STATUSES, 'active', 'all']).default('active'),
  priority: z.enum(SUPPORT_PRIORITIES).optional(),
  organizationId: z.uuid('Not an organization id').optional(),
});
export type ListSupportQueueQuery = z.output<typeof listSupportQueueQuerySchema>;
