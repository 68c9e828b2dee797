import { z } from 'zod';

/** In-app notifications and who also gets them by e-mail (docs/notifications.md). */

export const NOTIFICATION_KINDS = [
  'task_request',
  'review',
  'comment',
  'evidence',
  'audit_request',
  'mention',
  'support',
  'integration',
  'workflow',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Words for each kind: the bell's labels and the preferences form. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  task_request: 'Task request updates',
  review: 'Review decisions',
  comment: 'Comments',
  evidence: 'Evidence expiring',
  audit_request: 'Audit requests',
  mention: 'Mentions',
  support: 'Support replies',
  integration: 'Integrations (failing webhooks)',
  workflow: 'Workflow runs',
};

/**
 * Which kinds a new user gets by e-mail until they choose: the ones nothing else mails. Task request steps
 * and review decisions mail their key moments themselves (delivered, failed); the rest stays in the bell
 * unless the user asks for it.
 */
export const DEFAULT_EMAIL_KINDS: readonly NotificationKind[] = ['audit_request', 'mention', 'support', 'integration'];

const isoDateTime = z.iso.datetime({ offset: true });

export const notificationSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path inside the app (`/task-requests/…`), or null. */
  link: z.string().nullable(),
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Marks the named notifications read, or every one of the caller's with `all`. */
export const markNotificationsReadSchema = z
  .object({ ids: z.array(z.uuid('Not a notification id')).max(100).optional(), all: z.boolean().optional() })
  .refine((value) => value.all === true || (value.ids?.length ?? 0) > 0, {
    message: 'Name the notifications or send all: true',
    path: ['ids'],
  });

export const markNotificationsReadResultSchema = z.object({ updated: z.number().int(), unreadCount: z.number().int() });

export const NOTIFICATION_EMAIL_MODES = ['immediate', 'digest', 'off'] as const;
export type NotificationEmailMode = (typeof NOTIFICATION_EMAIL_MODES)[number];

export const notificationPreferencesSchema = z.object({
  /** immediate: one e-mail per notification; digest: one e-mail a day (07:00 UTC) listing them; off: none. */
  emailMode: z.enum(NOTIFICATION_EMAIL_MODES, 'Choose how e-mail arrives'),
  /** The kinds that also come by e-mail. */
  emailKinds: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
