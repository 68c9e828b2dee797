import { z } from 'zod';
import { WORK_KINDS } from './task-requests.ts';

/** Deliverables (docs/delivery.md). */

export {
  DELIVERABLE_STATUSES,
  type DeliverableStatus,
  STORED_DELIVERABLE_STATUSES,
  type StoredDeliverableStatus,
} from './pipeline-statuses.ts';
import type { DeliverableStatus, StoredDeliverableStatus } from './pipeline-statuses.ts';
import { DELIVERABLE_STATUSES } from './pipeline-statuses.ts';

/**
 * The status a deliverable shows. `overdue` applies only to work not started on yet (`pending`) past its
 * due date: a draft with a reviewer stays `in_review` and a published one `completed`, so the in-review
 * chip counts what is in review. A cancelled request's deliverable is not listed at all (docs/delivery.md).
 */
export function deliverableStatus(stored: StoredDeliverableStatus, dueAt: Date | string | null, now = new Date()): DeliverableStatus {
  if (stored === 'pending' && dueAt && new Date(dueAt).getTime() < now.getTime()) return 'overdue';
  return stored;
}

export const DOWNLOAD_FORMATS = ['md', 'pdf', 'docx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

// ── API (helper D: listDeliverables, getDeliverable, downloadDeliverable) ──

const isoDateTime = z.iso.datetime({ offset: true });

export const DELIVERABLE_SORTS = ['recent', 'due', 'title'] as const;
export type DeliverableSort = (typeof DELIVERABLE_SORTS)[number];

export const deliverableListQuerySchema = z.object({
  /** Words in the title, the description or a tag. */
  q: z.string().trim().max(200, 'At most 200 characters').optional(),
  status: z.enum(DELIVERABLE_STATUSES).optional(),
  tag: z.string().trim().min(1).max(100).optional(),
  type: z.enum(WORK_KINDS).optional(),
  sort: z.enum(DELIVERABLE_SORTS).default('recent'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type DeliverableListQuery = z.input<typeof deliverableListQuerySchema>;

export const deliverableParamsSchema = z.object({ id: z.uuid('Not a deliverable id') });

export const deliverableSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The kind of work (WORK_KINDS) and its label. */
  type: z.enum(WORK_KINDS),
  typeLabel: z.string(),
  /** Computed: `overdue` when still pending past its due date. */
  status: z.enum(DELIVERABLE_STATUSES),
  dueDate: isoDateTime,
  completedDate: isoDateTime.nullable(),
  assignedTo: z.string(),
  /** `v2`; null before the first version is published. */
  version: z.string().nullable(),
  /** Bytes of the current version's Markdown; null before the first. */
  size: z.number().int().nullable(),
  downloadCount: z.number().int(),
  description: z.string(),
  tags: z.array(z.string()),
  taskRequestId: z.uuid(),
  organization: z.object({ id: z.uuid(), name: z.string() }),
});
export type Deliverable = z.infer<typeof deliverableSchema>;

export const deliverableListSchema = z.object({
  deliverables: z.array(deliverableSchema),
  /** How many match the search, tag and type, per status (the filter chips); `all` is their sum. */
  counts: z.object({
    all: z.number().int(),
    completed: z.number().int(),
    in_review: z.number().int(),
    pending: z.number().int(),
    overdue: z.number().int(),
  }),
  /** Every tag on the deliverables the caller reaches (the tag filter's choices). */
  tags: z.array(z.string()),
});
export type DeliverableList = z.infer<typeof deliverableListSchema>;

export const deliverableVersionSchema = z.object({
  version: z.number().int(),
  publishedAt: isoDateTime,
  sizeBytes: z.number().int(),
});
export type DeliverableVersion = z.infer<typeof deliverableVersionSchema>;

export const deliverableDetailSchema = deliverableSchema.extend({ versions: z.array(deliverableVersionSchema) });
export type DeliverableDetail = z.infer<typeof deliverableDetailSchema>;

export const downloadDeliverableQuerySchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS).default('md'),
  /** A published version; the current one when left out. */
  version: z.coerce.number().int().min(1).optional(),
});

export const DOWNLOAD_FORMAT_LABELS: Record<DownloadFormat, string> = { md: 'Markdown', pdf: 'PDF', docx: 'Word (DOCX)' };

// ── Task attachments (uploadTaskAttachment, downloadTaskAttachment) ──

/** What a client may attach to a task request, by media type (the bytes are checked to match). */
export const ATTACHMENT_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export const uploadTaskAttachmentQuerySchema = z.object({
  fileName: z
    .string({ error: 'Name the file (?fileName=)' })
    .trim()
    .min(1, 'Name the file (?fileName=)')
    .max(200, 'At most 200 characters')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .refine((name) => !/[/\\\u0000-\u001f\u007f]/.test(name), 'No slashes or control characters')
    .refine((name) => name !== '.' && name !== '..', 'Not a file name'),
  /** Staff and administrators name the client organization; a client's own is implied. */
  organizationId: z.uuid('Not an organization id').optional(),
});

export const taskAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;

export const taskAttachmentParamsSchema = z.object({ id: z.uuid('Not an attachment id') });
