import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_KINDS,
  NOTIFICATION_KIND_LABELS,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
} from '../../../shared/schemas/notifications.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { notificationPreferences, notifications } from '../../db/schema/notifications.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';

/**
 * Notifications (docs/notifications.md): `notify` writes one row per recipient in the caller's
 * transaction; whoever wants that kind by e-mail gets it through the mail outbox (immediately, in the
 * same transaction, so it is never lost when mail is down: the 'mail-send' jobs retry) or in the daily
 * digest ('notification-digest' job). The bell reads the rows.
 */

export interface NotifyInput {
  organizationId: string;
  userIds: readonly (string | null | undefined)[];
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A path inside the app. */
  link?: string | null;
  /** What caused it (an event id, `comment:<id>`): a second notify with the same key for the same user writes nothing. */
  sourceKey?: string;
  /** The cause already sends its own e-mail: this notification stays in the app whatever the preferences. */
  inAppOnly?: boolean;
}

export interface NotifyResult {
  created: number;
  /** Mails queued (each with its delivery job, in the caller's transaction). */
  emailed: number;
}

const DEFAULT_PREFERENCES: NotificationPreferences = { emailMode: 'immediate', emailKinds: [...DEFAULT_EMAIL_KINDS] };

async function preferencesOf(tx: Db | DbTransaction, userIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await tx
          .select()
          .from(notificationPreferences)
          .where(inArray(notificationPreferences.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, { emailMode: row.emailMode, emailKinds: row.emailKinds }]));
}

function emailText(input: NotifyInput): string {
  const lines = [input.body?.trim() || input.title];
  if (input.link) lines.push('', `Open it in ComplianceCore: ${input.link}`);
  lines.push('', 'You can choose which notifications come by e-mail under the bell in the workspace.');
  return lines.join('\n');
}

/** Notifies each user (duplicates and nulls dropped) in the caller's transaction; the rows need a transaction that reaches the organization. */
export async function notify(tx: Db | DbTransaction, jobs: Jobs, input: NotifyInput): Promise<NotifyResult> {
  const userIds = [...new Set(input.userIds.filter((id): id is string => Boolean(id)))];
  const result: NotifyResult = { created: 0, emailed: 0 };
  if (userIds.length === 0) return result;
  const preferences = await preferencesOf(tx, userIds);
  const users = await tx.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, userIds));
  const emails = new Map(users.map((user) => [user.id, user.email]));
  for (const userId of userIds) {
    const wanted = preferences.get(userId) ?? DEFAULT_PREFERENCES;
    const email = emails.get(userId);
    const byEmail = !input.inAppOnly && Boolean(email) && wanted.emailMode !== 'off' && wanted.emailKinds.includes(input.kind);
    const emailState = !byEmail ? 'none' : wanted.emailMode === 'digest' ? 'digest' : 'queued';
    const [row] = await tx
      .insert(notifications)
      .values({
        organizationId: input.organizationId,
        userId,
        kind: input.kind,
        title: input.title.slice(0, 300),
        body: (input.body ?? '').slice(0, 4000),
        link: input.link ?? null,
        sourceKey: input.sourceKey ?? null,
        emailState,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (!row) continue;
    result.created += 1;
    if (emailState === 'queued' && email) {
      await enqueueEmail(tx, jobs, {
        kind: `notification-${input.kind}`,
        to: email,
        subject: input.title.slice(0, 200),
        text: emailText(input),
      });
      result.emailed += 1;
    }
  }
  return result;
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    organizationId: row.organizationId,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function unreadCount(tx: DbTransaction, tenant: Tenant, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), tenant.where(notifications.organizationId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The caller's notifications, newest first, in the organizations they reach now (an ended assignment hides its notifications). */
export async function listNotifications(
  tenant: Tenant,
  userId: string,
  query: { unread?: boolean | undefined; limit: number },
): Promise<NotificationList> {
  return tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          tenant.where(notifications.organizationId),
          query.unread ? isNull(notifications.readAt) : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit);
    return { items: rows.map(toNotification), unreadCount: await unreadCount(tx, tenant, userId) };
  });
}

/** Marks the caller's named (or all) notifications read; another user's ids change nothing. */
export async function markNotificationsRead(
  tenant: Tenant,
  userId: string,
  input: { ids?: string[] | undefined; all?: boolean | undefined },
): Promise<{ updated: number; unreadCount: number }> {
  return tenant.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          tenant.where(notifications.organizationId),
          isNull(notifications.readAt),
          input.all ? undefined : inArray(notifications.id, input.ids ?? []),
        ),
      )
      .returning({ id: notifications.id });
    return { updated: updated.length, unreadCount: await unreadCount(tx, tenant, userId) };
  });
}

export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  return (await preferencesOf(db, [userId])).get(userId) ?? DEFAULT_PREFERENCES;
}

export async function updateNotificationPreferences(
  db: Db,
  userId: string,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  const emailKinds = [...new Set(input.emailKinds)];
  await db
    .insert(notificationPreferences)
    .values({ userId, emailMode: input.emailMode, emailKinds })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { emailMode: input.emailMode, emailKinds, updatedAt: sql`now()` },
    });
  return { emailMode: input.emailMode, emailKinds };
}

export function kindLabel(kind: NotificationKind): string {
  return NOTIFICATION_KIND_LABELS[kind];
}
