import { and, eq } from 'drizzle-orm';
import { firstResponseDueAt } from '../../../shared/rules/support-sla.ts';
import type {
  CreateSupportRequestInput,
  ReplyToSupportRequestInput,
  SupportAuthorKind,
  SupportRequestDetail,
  SupportStatus,
} from '../../../shared/schemas/support.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { supportMessages, supportRequests } from '../../db/schema/support.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import { linkSupportAttachments } from './support-attachments.ts';
import { noticeSupportMessage } from './support-notices.ts';
import { getSupportRequest } from './support-views.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * Opening a support request, replying in its thread and moving its status (docs/support.md). Each
 * change records the audit trail, e-mails the other side through the outbox and notifies the bell in
 * the same transaction.
 */

export const SUPPORT_NOT_FOUND = 'No support request has this id.';

interface Context {
  /** The public origin, for links in e-mails. */
  origin: string;
  /** The e-mails' delivery jobs are sent in the change's transaction. */
  jobs: Jobs;
  now?: Date;
}

/** A client speaks as the client; staff and administrators as the team. */
const authorKindOf = (tenant: Tenant): SupportAuthorKind => (tenant.scope.kind === 'member' ? 'client' : 'staff');

function actorOf(tenant: Tenant): string {
  const userId = tenant.scope.userId;
  if (!userId) throw new Error('support: the routes admit signed-in users only');
  return userId;
}

/** The request when the caller reaches it; `lock` (every change) holds its row, so changes at once apply one after the other. */
async function reachableRequest(tx: DbTransaction, tenant: Tenant, id: string, lock = false) {
  const query = tx
    .select()
    .from(supportRequests)
    .where(and(eq(supportRequests.id, id), tenant.where(supportRequests.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, SUPPORT_NOT_FOUND);
  if (!row) throw new AppError('NOT_FOUND', SUPPORT_NOT_FOUND);
  return row;
}

async function authorName(tx: DbTransaction, userId: string): Promise<string> {
  return (await userNames(tx, [userId])).get(userId) ?? 'Someone';
}

export async function createSupportRequest(
  tenant: Tenant,
  input: CreateSupportRequestInput,
  context: Context,
): Promise<SupportRequestDetail> {
  const requestedBy = actorOf(tenant);
  const organizationId = await actingOrganization(tenant, input.organizationId);
  const now = context.now ?? new Date();
  const id = await tenant.transaction(async (tx) => {
    const [request] = await tx
      .insert(supportRequests)
      .values({
        organizationId,
        requestedBy,
        subject: input.subject,
        category: input.category,
        priority: input.priority,
        status: 'open',
        firstResponseDueAt: firstResponseDueAt(input.priority, now),
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!request) throw new Error('createSupportRequest: insert returned nothing');
    const authorKind = authorKindOf(tenant);
    const [message] = await tx
      .insert(supportMessages)
      .values({ organizationId, requestId: request.id, authorId: requestedBy, authorKind, body: input.message, createdAt: now })
      .returning();
    if (!message) throw new Error('createSupportRequest: message insert returned nothing');
    const attachments = await linkSupportAttachments(tx, {
      organizationId,
      messageId: message.id,
      uploadedBy: requestedBy,
      ids: input.attachmentIds,
    });
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'support_request.create',
      entityType: 'support_request',
      entityId: request.id,
      after: {
        subject: request.subject,
        category: request.category,
        priority: request.priority,
        status: request.status,
        attachments: attachments.map((file) => ({ id: file.id, sha256: file.sha256 })),
      },
    });
    await noticeSupportMessage(tx, context.jobs, {
      organizationId,
      requestId: request.id,
      requestedBy,
      subject: request.subject,
      authorId: requestedBy,
      authorName: await authorName(tx, requestedBy),
      authorKind,
      messageId: message.id,
      body: input.message,
      isNewRequest: true,
      origin: context.origin,
    });
    return request.id;
  });
  return getSupportRequest(tenant, id, now);
}

/**
 * The status after a message: our first answer stops the SLA clock and waits on the client; a client's
 * message puts the request back with us (reopening a resolved or closed one).
 */
function statusAfterMessage(current: SupportStatus, authorKind: SupportAuthorKind, hasFirstResponse: boolean): SupportStatus {
  if (authorKind === 'staff') return 'waiting_on_client';
  return hasFirstResponse ? 'in_progress' : 'open';
}

export async function replyToSupportRequest(
  tenant: Tenant,
  input: ReplyToSupportRequestInput & { id: string },
  context: Context,
): Promise<SupportRequestDetail> {
  const authorId = actorOf(tenant);
  const authorKind = authorKindOf(tenant);
  const now = context.now ?? new Date();
  await tenant.transaction(async (tx) => {
    const request = await reachableRequest(tx, tenant, input.id, true);
    const [message] = await tx
      .insert(supportMessages)
      .values({ organizationId: request.organizationId, requestId: request.id, authorId, authorKind, body: input.body, createdAt: now })
      .returning();
    if (!message) throw new Error('replyToSupportRequest: insert returned nothing');
    const attachments = await linkSupportAttachments(tx, {
      organizationId: request.organizationId,
      messageId: message.id,
      uploadedBy: authorId,
      ids: input.attachmentIds,
    });
    const firstResponseAt = request.firstResponseAt ?? (authorKind === 'staff' ? now : null);
    const status = statusAfterMessage(request.status, authorKind, firstResponseAt !== null);
    await tx
      .update(supportRequests)
      .set({ status, firstResponseAt, lastMessageAt: now, updatedAt: now })
      .where(eq(supportRequests.id, request.id));
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: request.organizationId,
      action: 'support_request.reply',
      entityType: 'support_request',
      entityId: request.id,
      before: { status: request.status },
      after: { status, messageId: message.id, authorKind, attachments: attachments.map((file) => ({ id: file.id, sha256: file.sha256 })) },
    });
    await noticeSupportMessage(tx, context.jobs, {
      organizationId: request.organizationId,
      requestId: request.id,
      requestedBy: request.requestedBy,
      subject: request.subject,
      authorId,
      authorName: await authorName(tx, authorId),
      authorKind,
      messageId: message.id,
      body: input.body,
      isNewRequest: false,
      origin: context.origin,
    });
  });
  return getSupportRequest(tenant, input.id, now);
}

/** What a client may set: close their request, or reopen it. Staff set any status. */
const CLIENT_STATUSES: readonly SupportStatus[] = ['closed', 'open'];

export async function updateSupportRequestStatus(
  tenant: Tenant,
  input: { id: string; status: SupportStatus },
  context: Pick<Context, 'now'> = {},
): Promise<SupportRequestDetail> {
  const authorKind = authorKindOf(tenant);
  const now = context.now ?? new Date();
  await tenant.transaction(async (tx) => {
    // Locked: of two closings at once the second sees the request closed and changes nothing.
    const request = await reachableRequest(tx, tenant, input.id, true);
    if (authorKind === 'client' && !CLIENT_STATUSES.includes(input.status)) {
      throw new AppError('FORBIDDEN', 'You can close your request or reopen it; our team sets the other statuses.');
    }
    if (request.status === input.status) return;
    // Reopening goes back to whoever owes the next step: us, once we have answered.
    const status: SupportStatus = input.status === 'open' && request.firstResponseAt ? 'in_progress' : input.status;
    await tx.update(supportRequests).set({ status, updatedAt: now }).where(eq(supportRequests.id, request.id));
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: request.organizationId,
      action: 'support_request.status',
      entityType: 'support_request',
      entityId: request.id,
      before: { status: request.status },
      after: { status },
    });
  });
  return getSupportRequest(tenant, input.id, now);
}
