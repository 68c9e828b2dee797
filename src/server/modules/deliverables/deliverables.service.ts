import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import {
  type Deliverable,
  type DeliverableDetail,
  type DeliverableList,
  type DeliverableStatus,
  type DownloadFormat,
  type StoredDeliverableStatus,
  deliverableListQuerySchema,
  deliverableStatus,
} from '../../../shared/schemas/deliverables.ts';
import { WORK_KIND_LABELS, type WorkKind } from '../../../shared/schemas/task-requests.ts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { deliverableVersions, deliverables } from '../../db/schema/deliverables.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { slugify } from '../../platform/files/content-disposition.ts';
import { renderDeliverable } from './render/render-deliverable.ts';

/**
 * What a client sees of their delivered work (docs/delivery.md, "Deliverables and files"): the list
 * with search, filters and counts, one deliverable with its versions, and downloads in three formats.
 * `overdue` is computed the same way in SQL (filters, counts) and in TypeScript (deliverableStatus).
 * The deliverable of a cancelled request is not listed: nothing will be delivered.
 */

type ListQuery = z.output<typeof deliverableListQuerySchema>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The shown status, in SQL: deliverableStatus() for a whole query. */
const statusSql = (now: Date) =>
  sql<DeliverableStatus>`case when ${deliverables.status} = 'pending' and ${deliverables.dueAt} < ${now.toISOString()}::timestamptz then 'overdue' else ${deliverables.status} end`;

/** Leaves out the deliverables of cancelled requests (shown nowhere, counted nowhere). */
const notCancelled = sql`not exists (select 1 from ${taskRequests} where ${taskRequests.id} = ${deliverables.taskRequestId} and ${taskRequests.status} = 'cancelled')`;

const columns = {
  id: deliverables.id,
  organizationId: deliverables.organizationId,
  organizationName: organizations.name,
  taskRequestId: deliverables.taskRequestId,
  title: deliverables.title,
  type: deliverables.type,
  description: deliverables.description,
  tags: deliverables.tags,
  status: deliverables.status,
  dueAt: deliverables.dueAt,
  completedAt: deliverables.completedAt,
  assignedTo: deliverables.assignedTo,
  currentVersion: deliverables.currentVersion,
  downloadCount: deliverables.downloadCount,
  size: deliverableVersions.sizeBytes,
};

interface DeliverableRow {
  id: string;
  organizationId: string;
  organizationName: string;
  taskRequestId: string;
  title: string;
  type: WorkKind;
  description: string;
  tags: string[];
  status: StoredDeliverableStatus;
  dueAt: Date;
  completedAt: Date | null;
  assignedTo: string;
  currentVersion: number;
  downloadCount: number;
  size: number | null;
}

/** Deliverables with their organization and current version (for its size). */
function selectDeliverables(tx: DbTransaction) {
  return tx
    .select(columns)
    .from(deliverables)
    .innerJoin(organizations, eq(organizations.id, deliverables.organizationId))
    .leftJoin(
      deliverableVersions,
      and(eq(deliverableVersions.deliverableId, deliverables.id), eq(deliverableVersions.version, deliverables.currentVersion)),
    );
}

function toDeliverable(row: DeliverableRow, now: Date): Deliverable {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    typeLabel: WORK_KIND_LABELS[row.type],
    status: deliverableStatus(row.status, row.dueAt, now),
    dueDate: row.dueAt.toISOString(),
    completedDate: row.completedAt?.toISOString() ?? null,
    assignedTo: row.assignedTo,
    version: row.currentVersion > 0 ? `v${row.currentVersion}` : null,
    size: row.currentVersion > 0 ? row.size : null,
    downloadCount: row.downloadCount,
    description: row.description,
    tags: row.tags,
    taskRequestId: row.taskRequestId,
    organization: { id: row.organizationId, name: row.organizationName },
  };
}

/** Search, tag and type: what the counts per status are counted over. */
function listFilters(tenant: Tenant, query: ListQuery): SQL | undefined {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  return and(
    tenant.where(deliverables.organizationId),
    notCancelled,
    pattern
      ? or(
          ilike(deliverables.title, pattern),
          ilike(deliverables.description, pattern),
          sql`exists (select 1 from unnest(${deliverables.tags}) as tag where tag ilike ${pattern})`,
        )
      : undefined,
    query.tag ? sql`${query.tag} = any(${deliverables.tags})` : undefined,
    query.type ? eq(deliverables.type, query.type) : undefined,
  );
}

const ORDER = {
  recent: [desc(deliverables.updatedAt), desc(deliverables.id)],
  due: [asc(deliverables.dueAt), asc(deliverables.id)],
  title: [asc(sql`lower(${deliverables.title})`), asc(deliverables.id)],
} as const;

export async function listDeliverables(tenant: Tenant, input: ListQuery, now = new Date()): Promise<DeliverableList> {
  const query = deliverableListQuerySchema.parse(input);
  const filters = listFilters(tenant, query);
  const status = statusSql(now);
  return tenant.transaction(async (tx) => {
    const rows = await selectDeliverables(tx)
      .where(and(filters, query.status ? sql`${status} = ${query.status}` : undefined))
      .orderBy(...ORDER[query.sort])
      .limit(query.limit);
    const byStatus = await tx
      .select({ status, total: count() })
      .from(deliverables)
      .where(filters)
      .groupBy(sql`1`);
    const tags = await tx
      .selectDistinct({ tag: sql<string>`unnest(${deliverables.tags})` })
      .from(deliverables)
      .where(tenant.where(deliverables.organizationId));
    const counts = { all: 0, completed: 0, in_review: 0, pending: 0, overdue: 0 };
    for (const row of byStatus) {
      counts[row.status] = row.total;
      counts.all += row.total;
    }
    return {
      deliverables: rows.map((row) => toDeliverable(row, now)),
      counts,
      tags: tags.map((row) => row.tag).sort((a, b) => a.localeCompare(b)),
    };
  });
}

/** One deliverable the tenant reaches (another organization's answers NOT_FOUND), with its versions. */
export async function getDeliverable(tenant: Tenant, id: string, now = new Date()): Promise<DeliverableDetail> {
  return tenant.transaction(async (tx) => {
    const [row] = await selectDeliverables(tx).where(and(eq(deliverables.id, id), tenant.where(deliverables.organizationId), notCancelled));
    tenant.assert(row?.organizationId, 'No such deliverable.');
    if (!row) throw new AppError('NOT_FOUND', 'No such deliverable.');
    const versions = await tx
      .select({
        version: deliverableVersions.version,
        publishedAt: deliverableVersions.createdAt,
        sizeBytes: deliverableVersions.sizeBytes,
      })
      .from(deliverableVersions)
      .where(eq(deliverableVersions.deliverableId, row.id))
      .orderBy(desc(deliverableVersions.version));
    return {
      ...toDeliverable(row, now),
      versions: versions.map((version) => ({ ...version, publishedAt: version.publishedAt.toISOString() })),
    };
  });
}

export interface DeliverableDownload {
  fileName: string;
  mediaType: string;
  body: Buffer;
}

/**
 * A published version as Markdown, PDF or DOCX; counts the download in the same transaction, so a
 * download that fails to render is not counted. 409 before anything is published.
 */
export async function downloadDeliverable(
  tenant: Tenant,
  input: { id: string; format: DownloadFormat; version?: number },
): Promise<DeliverableDownload> {
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: deliverables.id,
        organizationId: deliverables.organizationId,
        organizationName: organizations.name,
        title: deliverables.title,
        currentVersion: deliverables.currentVersion,
      })
      .from(deliverables)
      .innerJoin(organizations, eq(organizations.id, deliverables.organizationId))
      .where(and(eq(deliverables.id, input.id), tenant.where(deliverables.organizationId)));
    tenant.assert(row?.organizationId, 'No such deliverable.');
    if (!row) throw new AppError('NOT_FOUND', 'No such deliverable.');
    if (row.currentVersion === 0) throw new AppError('CONFLICT', 'Nothing has been published for this deliverable yet.');
    const wanted = input.version ?? row.currentVersion;
    const [version] = await tx
      .select()
      .from(deliverableVersions)
      .where(and(eq(deliverableVersions.deliverableId, row.id), eq(deliverableVersions.version, wanted)));
    if (!version) throw new AppError('NOT_FOUND', `Version ${wanted} of this deliverable does not exist.`);
    const rendered = await renderDeliverable(input.format, {
      heading: { title: row.title, organizationName: row.organizationName, version: version.version, publishedAt: version.createdAt },
      markdown: version.body,
    });
    await tx
      .update(deliverables)
      .set({ downloadCount: sql`${deliverables.downloadCount} + 1` })
      .where(eq(deliverables.id, row.id));
    return { ...rendered, fileName: `${slugify(row.title, 'deliverable')}-v${version.version}.${input.format}` };
  });
}
