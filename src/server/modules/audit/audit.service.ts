import { and, desc, eq, gte, inArray, like, lt, type SQL } from 'drizzle-orm';
import {
  AUDIT_EXPORT_MAX,
  type AuditEvent,
  type AuditTrail,
  type AuditTrailQuery,
  type ChainVerification,
} from '../../../shared/schemas/audit.ts';
import type { DbTransaction } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { type Cell, toCsv } from '../registers/register-csv.ts';
import { verifyChain } from '../../platform/audit/audit-chain.ts';

/**
 * Reading the trail (docs/audit.md): one organization's chain, filtered, newest first, within a time
 * window (an engagement's period for auditors). Who may read which organization is decided before
 * (audit-reach.ts); these functions take the organization and the tenant that reaches it.
 */

export interface TrailWindow {
  /** Inclusive lower bound (an engagement's period start). */
  from?: Date;
  /** Exclusive upper bound (the day after an engagement's period end). */
  before?: Date;
}

type Filters = Omit<AuditTrailQuery, 'organizationId' | 'engagementId' | 'limit' | 'cursor'>;

const DAY_MS = 86_400_000;
const latest = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));
const earliest = (a: Date | undefined, b: Date | undefined) => (a && b ? (a < b ? a : b) : (a ?? b));

function conditions(organizationId: string, filters: Filters, window: TrailWindow): SQL[] {
  const escape = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
  const from = latest(filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined, window.from);
  const before = earliest(filters.to ? new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + DAY_MS) : undefined, window.before);
  return [
    eq(auditEvents.organizationId, organizationId),
    ...(filters.actorId ? [eq(auditEvents.actorId, filters.actorId)] : []),
    ...(filters.entityType ? [eq(auditEvents.entityType, filters.entityType)] : []),
    ...(filters.entityId ? [eq(auditEvents.entityId, filters.entityId)] : []),
    ...(filters.action ? [like(auditEvents.action, `${escape(filters.action)}%`)] : []),
    ...(from ? [gte(auditEvents.occurredAt, from)] : []),
    ...(before ? [lt(auditEvents.occurredAt, before)] : []),
  ];
}

type Row = typeof auditEvents.$inferSelect;

async function toEvents(tx: DbTransaction, rows: readonly Row[]): Promise<AuditEvent[]> {
  const ids = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => Boolean(id)))];
  const people = ids.length
    ? await tx
        .select({ id: authUsers.id, email: authUsers.email, metadata: authUsers.userMetadata })
        .from(authUsers)
        .where(inArray(authUsers.id, ids))
    : [];
  const byId = new Map(
    people.map((person) => {
      const fullName = person.metadata.full_name;
      const email = person.email ?? '';
      return [person.id, { id: person.id, email, name: typeof fullName === 'string' && fullName.trim() ? fullName.trim() : email }];
    }),
  );
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    seq: row.seq,
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorId ? (byId.get(row.actorId) ?? { id: row.actorId, name: 'Former user', email: '' }) : null,
    apiKey: row.apiKeyId ? { id: row.apiKeyId, name: row.apiKeyName ?? '' } : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    prevHash: row.prevHash,
    hash: row.hash,
  }));
}

export async function listAuditTrail(
  tenant: Tenant,
  organizationId: string,
  query: AuditTrailQuery,
  window: TrailWindow = {},
): Promise<AuditTrail> {
  return tenant.transaction(async (tx) => {
    const where = conditions(organizationId, query, window);
    if (query.cursor) where.push(lt(auditEvents.seq, query.cursor));
    const rows = await tx
      .select()
      .from(auditEvents)
      .where(and(...where))
      .orderBy(desc(auditEvents.seq))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return { organizationId, events: await toEvents(tx, page), nextCursor: rows.length > query.limit && last ? last.seq : null };
  });
}

export async function verifyAuditTrail(tenant: Tenant, organizationId: string): Promise<ChainVerification> {
  // The whole chain is checked whatever window the reader has: the answer reveals only where it breaks.
  return tenant.transaction((tx) => verifyChain(tx, organizationId));
}

const describe = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The filtered trail as CSV (RFC 4180, formula-safe), oldest first, with each row's hashes. */
export async function exportAuditTrail(
  tenant: Tenant,
  organizationId: string,
  filters: Filters,
  window: TrailWindow = {},
): Promise<{ fileName: string; csv: string }> {
  const events = await tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(auditEvents)
      .where(and(...conditions(organizationId, filters, window)))
      .orderBy(desc(auditEvents.seq))
      .limit(AUDIT_EXPORT_MAX);
    return toEvents(tx, rows.reverse());
  });
  const rows: Cell[][] = events.map((event) => [
    event.seq,
    event.occurredAt,
    event.actor?.email ?? (event.actor ? event.actor.id : 'system'),
    event.apiKey?.name ?? null,
    event.action,
    event.entityType,
    event.entityId,
    describe(event.before),
    describe(event.after),
    event.ip,
    event.userAgent,
    event.prevHash,
    event.hash,
  ]);
  const header = [
    'seq',
    'occurred_at',
    'actor',
    'api_key',
    'action',
    'entity_type',
    'entity_id',
    'before',
    'after',
    'ip',
    'user_agent',
    'prev_hash',
    'hash',
  ];
  return { fileName: `audit-trail-${organizationId}-${new Date().toISOString().slice(0, 10)}.csv`, csv: toCsv(header, rows) };
}
