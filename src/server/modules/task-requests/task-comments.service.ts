import { and, asc, eq } from 'drizzle-orm';
import type { TaskComment, TaskCommentAuthorKind } from '../../../shared/schemas/task-requests.ts';
import type { DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { staffAssignments } from '../../db/schema/organizations.ts';
import { taskComments, taskRequests } from '../../db/schema/task-requests.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { recordTaskEvent } from './task-events.ts';
import { userNames } from './task-request-views.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * The request page's thread: the client and the staff serving the organization talk about one
 * request. Each comment lands on the timeline and e-mails the other side, in the same transaction.
 */

const NOT_FOUND_MESSAGE = 'No task request has this id.';

async function reachableRequest(tx: DbTransaction, tenant: Tenant, id: string) {
  const [request] = await tx
    .select({
      id: taskRequests.id,
      organizationId: taskRequests.organizationId,
      title: taskRequests.title,
      requestedBy: taskRequests.requestedBy,
    })
    .from(taskRequests)
    .where(and(eq(taskRequests.id, id), tenant.where(taskRequests.organizationId)));
  tenant.assert(request?.organizationId, NOT_FOUND_MESSAGE);
  return request;
}

export async function listTaskComments(tenant: Tenant, id: string): Promise<TaskComment[]> {
  return tenant.transaction(async (tx) => {
    await reachableRequest(tx, tenant, id);
    const rows = await tx
      .select()
      .from(taskComments)
      .where(eq(taskComments.taskRequestId, id))
      .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
    const names = await userNames(
      tx,
      rows.map((row) => row.authorId),
    );
    return rows.map((row) => ({
      id: row.id,
      body: row.body,
      authorKind: row.authorKind,
      authorName: names.get(row.authorId) ?? (row.authorKind === 'staff' ? 'ComplianceCore team' : 'Client'),
      isMine: row.authorId === tenant.scope.userId,
      createdAt: row.createdAt.toISOString(),
    }));
  });
}

/** Who hears about a comment: a client's goes to the staff assigned to the organization; staff's to the requester. */
async function recipientsOf(
  tx: DbTransaction,
  authorKind: TaskCommentAuthorKind,
  request: { organizationId: string; requestedBy: string },
) {
  const query =
    authorKind === 'client'
      ? tx
          .select({ email: authUsers.email })
          .from(staffAssignments)
          .innerJoin(authUsers, eq(authUsers.id, staffAssignments.staffUserId))
          .where(eq(staffAssignments.organizationId, request.organizationId))
      : tx.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, request.requestedBy));
  const rows = await query;
  return [...new Set(rows.map((row) => row.email).filter((email): email is string => Boolean(email)))];
}

export async function createTaskComment(
  tenant: Tenant,
  jobs: Jobs,
  input: { id: string; body: string; origin: string; log: (details: object, message: string) => void },
): Promise<TaskComment> {
  const authorId = tenant.scope.userId;
  if (!authorId) throw new Error('createTaskComment: the route admits signed-in users only');
  // The client side of an organization speaks as the client; staff and administrators as the team.
  const authorKind: TaskCommentAuthorKind = tenant.scope.kind === 'member' ? 'client' : 'staff';
  return tenant.transaction(async (tx) => {
    const request = await reachableRequest(tx, tenant, input.id);
    const [row] = await tx
      .insert(taskComments)
      .values({ organizationId: request.organizationId, taskRequestId: request.id, authorId, authorKind, body: input.body })
      .returning();
    if (!row) throw new Error('createTaskComment: insert returned nothing');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: request.organizationId,
      action: 'task_comment.create',
      entityType: 'task_request',
      entityId: request.id,
      after: { commentId: row.id, authorKind, body: row.body },
    });
    const preview = input.body.length > 140 ? `${input.body.slice(0, 139)}…` : input.body;
    await recordTaskEvent(tx, jobs, {
      organizationId: request.organizationId,
      taskRequestId: request.id,
      kind: 'commented',
      actorId: authorId,
      detail: preview,
    });
    const names = await userNames(tx, [authorId]);
    const authorName = names.get(authorId) ?? 'Someone';
    const [author] = await tx.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, authorId));
    // Nobody is told about their own comment (a staff member commenting on a request they made).
    const recipients = (await recipientsOf(tx, authorKind, request)).filter((email) => email !== author?.email);
    if (recipients.length === 0) {
      input.log({ taskRequestId: request.id, authorKind }, 'comment left with nobody to notify (no staff assigned to the organization)');
    }
    for (const to of recipients) {
      await enqueueEmail(tx, jobs, {
        kind: 'task-comment',
        to,
        subject: `New comment on “${request.title}”`,
        text: `${authorName} commented on the task request “${request.title}”:\n\n${input.body}\n\nOpen the request to reply: ${input.origin}${workspaceHref.taskRequest(request.id)}`,
      });
    }
    return {
      id: row.id,
      body: row.body,
      authorKind,
      authorName,
      isMine: true,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
