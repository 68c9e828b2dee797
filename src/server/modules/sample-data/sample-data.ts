import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type LoadSampleDataResult,
  type RemoveSampleDataResult,
  SAMPLE_ACCOUNT_KINDS,
  SAMPLE_ACCOUNTS,
  SAMPLE_CONTENT_KINDS,
  type SampleContentKind,
  type SampleDataStatus,
} from '../../../shared/schemas/sample-data.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { deleteUsers } from '../auth/users/user-store.ts';
import { discardMailTo } from '../../platform/mail/mail-outbox.ts';
import { deleteOrganizationSubscriptions } from '../billing/billing.service.ts';
import { deleteOrganization } from '../organizations/offboarding.ts';
import type { SampleDataDeps } from './sample-context.ts';
import { buildSample, sampleAddresses } from './sample-load.ts';
import { tenantOf } from '../../platform/tenancy/tenant.ts';

/**
 * The Admin Sample Data Manager (docs/sample-data.md). `loadSampleData` builds the demo company of demo
 * mode as a real organization, through the services real data goes through (checkout's records, the
 * invitation's membership, the delivery pipeline, the programme, workflows, engagements), acting as the
 * sample's own people; `removeSampleData` takes it all away again with the offboarding deletion, plus
 * the accounts and the mail the sample queued. The audit trail keeps the sample's chain (append-only).
 */

const SYSTEM = { kind: 'all', userId: null } as const;

/** One load or removal at a time in this process; the unique index on `organizations.is_sample` guards across processes. */
let busy: Promise<unknown> = Promise.resolve();
function serialized<T>(work: () => Promise<T>): Promise<T> {
  const next = busy.then(work, work);
  busy = next.catch(() => undefined);
  return next;
}

async function query<T>(tx: DbTransaction | Db, statement: SQL): Promise<T[]> {
  return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
}

async function sampleOrganization(db: Db): Promise<{ id: string; name: string; createdAt: Date } | undefined> {
  return tenantOf(db, SYSTEM).transaction(async (tx) => {
    const [row] = await tx
      .select({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt })
      .from(organizations)
      .where(eq(organizations.isSample, true));
    return row;
  });
}

/** The sample's accounts: flagged `app_metadata.sample` when created, so nobody else's account is ever taken for one. */
async function sampleUserIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(
      and(
        inArray(
          authUsers.email,
          SAMPLE_ACCOUNT_KINDS.map((kind) => SAMPLE_ACCOUNTS[kind].email),
        ),
        sql`${authUsers.appMetadata} ->> 'sample' = 'true'`,
      ),
    );
  return rows.map((row) => row.id);
}

const COUNTED: Record<SampleContentKind, string> = {
  members: 'organization_members',
  taskRequests: 'task_requests',
  agentRuns: 'agent_runs',
  aiOutputs: 'ai_outputs',
  reviews: 'output_reviews',
  deliverables: 'deliverables',
  frameworks: 'organization_frameworks',
  controls: 'organization_controls',
  evidence: 'evidence',
  risks: 'risks',
  workflows: 'organization_workflows',
  workflowRuns: 'workflow_runs',
  auditEngagements: 'audit_engagements',
  auditRequests: 'audit_requests',
};

function emptyCounts(): Record<SampleContentKind, number> {
  return Object.fromEntries(SAMPLE_CONTENT_KINDS.map((kind) => [kind, 0])) as Record<SampleContentKind, number>;
}

const accountsView = () => SAMPLE_ACCOUNT_KINDS.map((kind) => ({ kind, ...SAMPLE_ACCOUNTS[kind] }));

export async function getSampleDataStatus(db: Db): Promise<SampleDataStatus> {
  const organization = await sampleOrganization(db);
  if (!organization) return { loaded: false, organization: null, counts: emptyCounts(), requestStatuses: {}, accounts: accountsView() };
  return tenantOf(db, SYSTEM).transaction(async (tx) => {
    const counts = emptyCounts();
    for (const kind of SAMPLE_CONTENT_KINDS) {
      const [row] = await query<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sql.identifier(COUNTED[kind])} where organization_id = ${organization.id}`,
      );
      counts[kind] = Number(row?.n ?? 0);
    }
    const statuses = await tx
      .select({ status: taskRequests.status, n: count() })
      .from(taskRequests)
      .where(eq(taskRequests.organizationId, organization.id))
      .groupBy(taskRequests.status);
    return {
      loaded: true,
      organization: { id: organization.id, name: organization.name, createdAt: organization.createdAt.toISOString() },
      counts,
      requestStatuses: Object.fromEntries(statuses.map((row) => [row.status, row.n])),
      accounts: accountsView(),
    };
  });
}

/** A password for the sample accounts: 24 random characters, generated per load, shown once, stored hashed. */
function samplePassword(): string {
  return `Nw-${randomBytes(18).toString('base64url')}`;
}
/**
 * Loads the sample organization, or answers the one already loaded (`created: false`, no password).
 * A failure part-way removes what this load made, so a load is all or nothing.
 */
export function loadSampleData(deps: SampleDataDeps): Promise<LoadSampleDataResult> {
  return serialized(async () => {
    const existing = await sampleOrganization(deps.db);
    if (existing) return { ...(await getSampleDataStatus(deps.db)), created: false, password: null };
    // Leftovers of a load that died with its process (accounts, mail): cleared before starting again.
    await removeSampleRows(deps);
    const password = samplePassword();
    try {
      await buildSample(deps, password);
    } catch (error) {
      await removeSampleRows(deps);
      throw error;
    }
    return { ...(await getSampleDataStatus(deps.db)), created: true, password };
  });
}
/** Public tables keyed by a user (profiles, roles, scopes, preferences…): the sample accounts' rows go with them. */
async function userTables(db: Db): Promise<string[]> {
  const rows = await query<{ table: string }>(
    db,
    sql`
    select c.table_name as "table"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name = 'user_id'
      and not exists (select 1 from information_schema.columns o
                      where o.table_schema = c.table_schema and o.table_name = c.table_name and o.column_name = 'organization_id')
    order by c.table_name`,
  );
  return rows.map((row) => String(row.table)).filter((table) => !['audit_events', 'security_events'].includes(table));
}

/** Everything the sample made: its organization (offboarding's deletion), its accounts and their rows, its mail. */
async function removeSampleRows(deps: SampleDataDeps): Promise<RemoveSampleDataResult> {
  const { db } = deps;
  const organization = await sampleOrganization(db);
  let tables: RemoveSampleDataResult['tables'] = [];
  if (organization) {
    const removed = await deleteOrganization(db, tenantOf(db, SYSTEM, deps.origin), {
      organizationId: organization.id,
      confirmName: organization.name,
      origin: deps.origin,
      eraseFirst: deleteOrganizationSubscriptions,
    });
    tables = removed.tables;
  }
  const userIds = await sampleUserIds(db);
  if (userIds.length > 0) {
    const keyed = await userTables(db);
    await tenantOf(db, SYSTEM).transaction(async (tx) => {
      for (const table of keyed) {
        const list = sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        );
        await tx.execute(sql`delete from ${sql.identifier(table)} where user_id in (${list})`);
      }
    });
    await deleteUsers(db, userIds);
  }
  await discardMailTo(db, sampleAddresses());
  return { removed: Boolean(organization), tables, accounts: userIds.length };
}

/** Removes the sample organization and everything it made (idempotent: nothing loaded removes nothing). */
export function removeSampleData(deps: SampleDataDeps): Promise<RemoveSampleDataResult> {
  return serialized(() => removeSampleRows(deps));
}
