import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { supportSla } from '../../../shared/rules/support-sla.ts';
import {
  ACTIVE_SUPPORT_STATUSES,
  type ListSupportQueueQuery,
  type SupportRequestDetail,
  type SupportRequestSummary,
  type SupportStatus,
} from '../../../shared/schemas/support.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { supportMessages, supportRequests } from '../../db/schema/support.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import { attachmentsOfMessages } from './support-attachments.ts';

/** Reading support requests: a client's own list, one thread, the staff queue and the search dialog's hits. */

const NOT_FOUND_MESSAGE = 'No support request has this id.';
const LIST_LIMIT = 200;

type Row = { request: typeof supportRequests.$inferSelect; organizationName: string };

function selectRequests(tx: DbTransaction) {
  return tx
    .select({ request: supportRequests, organizationName: organizations.name })
    .from(supportRequests)
    .innerJoin(organizations, eq(organizations.id, supportRequests.organizationId));
}

function toSummary(row: Row, names: Map<string, string>, now: Date): SupportRequestSummary {
  const { request } = row;
  return {
    id: request.id,
    organizationId: request.organizationId,
    organizationName: row.organizationName,
    subject: request.subject,
    category: request.category,
    priority: request.priority,
    status: request.status,
    requesterName: names.get(request.requestedBy) ?? 'Client',
    createdAt: request.createdAt.toISOString(),
    lastMessageAt: request.lastMessageAt.toISOString(),
    firstResponseAt: request.firstResponseAt?.toISOString() ?? null,
    sla: supportSla({ dueAt: request.firstResponseDueAt, firstResponseAt: request.firstResponseAt }, now),
  };
}

async function summaries(tx: DbTransaction, rows: Row[], now: Date): Promise<SupportRequestSummary[]> {
  const names = await userNames(
    tx,
    rows.map((row) => row.request.requestedBy),
  );
  return rows.map((row) => toSummary(row, names, now));
}

const escapeLike = (text: string) => text.replaceAll(/[\\%_]/g, (match) => `\\${match}`);

/** The requests of the organizations the caller reaches (a client: their own), newest activity first. */
export async function listSupportRequests(
  tenant: Tenant,
  query: { q?: string; status?: SupportStatus },
  now = new Date(),
): Promise<SupportRequestSummary[]> {
  const conditions: SQL[] = [tenant.where(supportRequests.organizationId)];
  if (query.status) conditions.push(eq(supportRequests.status, query.status));
  if (query.q) conditions.push(ilike(supportRequests.subject, `%${escapeLike(query.q)}%`));
  return tenant.transaction(async (tx) =>
    summaries(
      tx,
      await selectRequests(tx)
        .where(and(...conditions))
        .orderBy(desc(supportRequests.lastMessageAt), desc(supportRequests.id))
        .limit(LIST_LIMIT),
      now,
    ),
  );
}

/** One request with its thread, oldest message first; another organization's is NOT_FOUND. */
export async function getSupportRequest(tenant: Tenant, id: string, now = new Date()): Promise<SupportRequestDetail> {
  return tenant.transaction(async (tx) => {
    const [row] = await selectRequests(tx).where(and(eq(supportRequests.id, id), tenant.where(supportRequests.organizationId)));
    tenant.assert(row?.request.organizationId, NOT_FOUND_MESSAGE);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
    const messages = await tx
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.requestId, id))
      .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    const names = await userNames(tx, [row.request.requestedBy, ...messages.map((message) => message.authorId)]);
    const files = await attachmentsOfMessages(
      tx,
      messages.map((message) => message.id),
    );
    return {
      ...toSummary(row, names, now),
      messages: messages.map((message) => ({
        id: message.id,
        body: message.body,
        authorKind: message.authorKind,
        authorName: names.get(message.authorId) ?? (message.authorKind === 'staff' ? 'ComplianceCore team' : 'Client'),
        isMine: message.authorId === tenant.scope.userId,
        createdAt: message.createdAt.toISOString(),
        attachments: files.get(message.id) ?? [],
      })),
    };
  });
}

/**
 * The staff queue: requests of the organizations the caller serves (administrators: all), filtered,
 * what is due first — unanswered requests by their first-response deadline, then answered ones by
 * their last activity.
 */
export async function listSupportQueue(tenant: Tenant, query: ListSupportQueueQuery, now = new Date()): Promise<SupportRequestSummary[]> {
  if (tenant.scope.kind === 'member' || tenant.scope.kind === 'none') {
    throw new AppError('FORBIDDEN', 'The support queue is for our staff.');
  }
  const conditions: SQL[] = [tenant.where(supportRequests.organizationId)];
  if (query.status === 'active') conditions.push(inArray(supportRequests.status, [...ACTIVE_SUPPORT_STATUSES]));
  else if (query.status !== 'all') conditions.push(eq(supportRequests.status, query.status));
  if (query.priority) conditions.push(eq(supportRequests.priority, query.priority));
  if (query.organizationId) conditions.push(eq(supportRequests.organizationId, query.organizationId));
  return tenant.transaction(async (tx) =>
    summaries(
      tx,
      await selectRequests(tx)
        .where(and(...conditions))
        .orderBy(
          sql`${supportRequests.firstResponseAt} is not null`,
          sql`case when ${supportRequests.firstResponseAt} is null then ${supportRequests.firstResponseDueAt} end asc`,
          asc(supportRequests.lastMessageAt),
          asc(supportRequests.id),
        )
        .limit(LIST_LIMIT),
      now,
    ),
  );
}

export interface SupportSearchHit {
  id: string;
  subject: string;
  status: SupportStatus;
  organizationName: string;
}

/** The search dialog's hits: requests whose subject contains the words, in the organizations the caller reaches. */
export async function searchSupportRequests(tenant: Tenant, q: string, limit = 5): Promise<SupportSearchHit[]> {
  const term = q.trim();
  if (term === '' || tenant.scope.kind === 'none') return [];
  return tenant.transaction(async (tx) => {
    const rows = await selectRequests(tx)
      .where(and(tenant.where(supportRequests.organizationId), ilike(supportRequests.subject, `%${escapeLike(term)}%`)))
      .orderBy(desc(supportRequests.lastMessageAt))
      .limit(limit);
    return rows.map((row) => ({
      id: row.request.id,
      subject: row.request.subject,
      status: row.request.status,
      organizationName: row.organizationName,
    }));
  });
}
