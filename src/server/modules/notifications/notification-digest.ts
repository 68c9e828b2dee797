import { and, asc, eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_KIND_LABELS } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';

/**
 * The daily digest (docs/notifications.md): every notification a user chose to get by e-mail in a digest
 * waits in state 'digest'; once a day one e-mail per user lists them and moves them to 'sent_in_digest'
 * in the same transaction as the mail, so a retried job sends nothing twice.
 */

/** 07:00 UTC every day. */
export const NOTIFICATION_DIGEST_CRON = '0 7 * * *';
const system = { kind: 'all', userId: null } as const;
const MAX_LINES = 50;

export async function runNotificationDigest(db: Db, jobs: Jobs): Promise<{ emails: number; notifications: number }> {
  const result = { emails: 0, notifications: 0 };
  const users = await withTenant(db, system, (tx) =>
    tx.selectDistinct({ userId: notifications.userId }).from(notifications).where(eq(notifications.emailState, 'digest')),
  );
  for (const { userId } of users) {
    await withTenant(db, system, async (tx) => {
      const rows = await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.emailState, 'digest')))
        .orderBy(asc(notifications.createdAt))
        .for('update', { skipLocked: true });
      if (rows.length === 0) return;
      const [user] = await tx.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId));
      if (user?.email) {
        const lines = rows
          .slice(0, MAX_LINES)
          .map((row) => `- [${NOTIFICATION_KIND_LABELS[row.kind]}] ${row.title}${row.link ? ` (${row.link})` : ''}`);
        if (rows.length > MAX_LINES) lines.push(`… and ${rows.length - MAX_LINES} more under the bell in the workspace.`);
        await enqueueEmail(tx, jobs, {
          kind: 'notification-digest',
          to: user.email,
          subject: `Your ComplianceCore digest: ${rows.length} notification${rows.length === 1 ? '' : 's'}`,
          text: `Since your last digest:\n\n${lines.join('\n')}\n\nChange how notifications reach you under the bell in the workspace.`,
        });
        result.emails += 1;
      }
      await tx
        .update(notifications)
        .set({ emailState: 'sent_in_digest' })
        .where(
          inArray(
            notifications.id,
            rows.map((row) => row.id),
          ),
        );
      result.notifications += rows.length;
    });
  }
  return result;
}

/** Works the 'notification-digest' queue (startWorkers: the server, or `npm run worker`); its schedule is in workers.ts. */
export async function startNotificationDigestWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('notification-digest', { pollingIntervalSeconds: 30 }, async () => {
    await runNotificationDigest(db, jobs);
  });
}
