import { type SQL, inArray, eq } from 'drizzle-orm';
import { deliverableStatus } from '../../../shared/schemas/deliverables.ts';
import type { TaskRequestSummary } from '../../../shared/schemas/task-requests.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { agents } from '../../db/schema/agent-runs.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';

/** Reading task requests into the API's shapes (shared/schemas/task-requests.ts). */

type Tx = Db | DbTransaction;
export type TaskRequestRow = typeof taskRequests.$inferSelect;
type DeliverableRow = typeof deliverables.$inferSelect;

/** What a person is called on a screen: their name when their profile has one, else their e-mail. */
export async function userNames(tx: Tx, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: authUsers.id, email: authUsers.email, metadata: authUsers.userMetadata })
    .from(authUsers)
    .where(inArray(authUsers.id, wanted));
  return new Map(
    rows.map((row) => {
      const fullName = row.metadata.full_name;
      const name = typeof fullName === 'string' && fullName.trim() ? fullName.trim() : (row.email ?? 'A team member');
      return [row.id, name];
    }),
  );
}

export interface SummaryRow {
  request: TaskRequestRow;
  agentName: string | null;
  organizationName: string;
  deliverable: DeliverableRow | null;
}

/** Requests matching `where` with what a summary shows beside them, in `order`. */
export async function selectSummaryRows(tx: Tx, where: SQL | undefined, order: SQL[], limit: number): Promise<SummaryRow[]> {
  const rows = await tx
    .select({ request: taskRequests, agentName: agents.name, organizationName: organizations.name, deliverable: deliverables })
    .from(taskRequests)
    .innerJoin(organizations, eq(organizations.id, taskRequests.organizationId))
    .leftJoin(agents, eq(agents.id, taskRequests.agentId))
    .leftJoin(deliverables, eq(deliverables.taskRequestId, taskRequests.id))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows;
}

export function toSummary(row: SummaryRow, names: Map<string, string>, now = new Date()): TaskRequestSummary {
  const { request, deliverable } = row;
  return {
    id: request.id,
    title: request.title,
    status: request.status,
    priority: request.priority,
    complexity: request.complexity,
    workKind: request.workKind,
    department: request.department,
    source: request.source,
    estimateMinDays: request.estimateMinDays,
    estimateMaxDays: request.estimateMaxDays,
    agent: { id: request.agentId, name: row.agentName ?? request.agentId },
    dueAt: request.dueAt.toISOString(),
    deadline: request.deadline,
    assignee: request.assigneeId ? (names.get(request.assigneeId) ?? null) : null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    // A cancelled request delivers nothing: its unpublished deliverable is not shown (docs/delivery.md).
    deliverable:
      deliverable && (request.status !== 'cancelled' || deliverable.status === 'completed')
        ? { id: deliverable.id, status: deliverableStatus(deliverable.status, deliverable.dueAt, now) }
        : null,
    organization: { id: request.organizationId, name: row.organizationName },
  };
}

/** Summaries with their assignees' names looked up in one query. */
export async function summariesOf(tx: Tx, rows: SummaryRow[]): Promise<TaskRequestSummary[]> {
  const names = await userNames(
    tx,
    rows.map((row) => row.request.assigneeId),
  );
  const now = new Date();
  return rows.map((row) => toSummary(row, names, now));
}
