import { eq, inArray } from 'drizzle-orm';
import type { SupportAuthorKind } from '../../../shared/schemas/support.ts';
import type { DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { staffAssignments } from '../../db/schema/organizations.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { notify } from '../notifications/notifications.service.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * Who hears about a support message (docs/support.md): a client's message goes to the staff assigned to
 * the organization; staff's to the requester. Each gets an e-mail through the outbox and a notice in the
 * bell, in the caller's transaction, so a message and its mail commit together or not at all.
 */

export interface SupportNotice {
  organizationId: string;
  requestId: string;
  requestedBy: string;
  subject: string;
  authorId: string;
  authorName: string;
  authorKind: SupportAuthorKind;
  messageId: string;
  body: string;
  isNewRequest: boolean;
  /** The public origin for links in the e-mail. */
  origin: string;
}

async function recipients(tx: DbTransaction, notice: SupportNotice) {
  const userIds =
    notice.authorKind === 'client'
      ? (
          await tx
            .select({ id: staffAssignments.staffUserId })
            .from(staffAssignments)
            .where(eq(staffAssignments.organizationId, notice.organizationId))
        ).map((row) => row.id)
      : [notice.requestedBy];
  const others = [...new Set(userIds)].filter((id) => id !== notice.authorId);
  if (others.length === 0) return [];
  return tx.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, others));
}

/** Queues the e-mails and bell notices for one message, in the caller's transaction. */
export async function noticeSupportMessage(tx: DbTransaction, jobs: Jobs, notice: SupportNotice): Promise<void> {
  const people = await recipients(tx, notice);
  const path = workspaceHref.support(notice.requestId);
  const title = notice.isNewRequest ? `New support request: “${notice.subject}”` : `New reply on “${notice.subject}”`;
  const verb = notice.isNewRequest ? 'opened the support request' : 'replied on the support request';
  for (const person of people) {
    if (!person.email) continue;
    await enqueueEmail(tx, jobs, {
      kind: 'support-reply',
      to: person.email,
      subject: title,
      text: `${notice.authorName} ${verb} “${notice.subject}”:\n\n${notice.body}\n\nOpen the request to answer: ${notice.origin}${path}`,
    });
  }
  await notify(tx, jobs, {
    organizationId: notice.organizationId,
    userIds: people.map((person) => person.id),
    kind: 'support',
    title,
    body: notice.body.length > 200 ? `${notice.body.slice(0, 199)}…` : notice.body,
    link: path,
    sourceKey: `support-message:${notice.messageId}`,
    // The message already sends its own e-mail.
    inAppOnly: true,
  });
}
