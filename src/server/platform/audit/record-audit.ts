import type { FastifyRequest } from 'fastify';
import type { DbTransaction } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';

/**
 * Appends to the audit trail (docs/audit.md) in the caller's transaction, so a change and its trail
 * commit together or not at all. The database chains the row (seq, prev_hash, hash) and refuses to
 * change it afterwards; this function only says what happened.
 */

/** Who acted and from where; `actor` null is the system (a job, a worker). */
export interface AuditOrigin {
  actor: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry extends Partial<AuditOrigin> {
  /** The organization whose chain records it; null for the global chain. */
  organizationId: string | null;
  /** `<entity>.<verb>`, e.g. `evidence.update`, `task_request.create`. */
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

export const SYSTEM_ORIGIN: AuditOrigin = { actor: null, ip: null, userAgent: null };

/** Dates become ISO strings and undefined fields vanish, exactly as the jsonb column will hold them. */
function snapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

export async function recordAudit(tx: DbTransaction, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    organizationId: entry.organizationId,
    actorId: entry.actor ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    ip: entry.ip ?? null,
    userAgent: entry.userAgent ? entry.userAgent.slice(0, 512) : null,
  });
}

/** The actor, address and user agent of a request (the service-role key acts as the system). */
export function auditOrigin(request: FastifyRequest): AuditOrigin {
  const userAgent = request.headers['user-agent'];
  const actor = request.auth?.role === 'authenticated' && request.auth.userId ? request.auth.userId : null;
  return { actor, ip: request.ip || null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
