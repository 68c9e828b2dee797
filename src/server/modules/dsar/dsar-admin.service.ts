import { eq } from 'drizzle-orm';
import type { DsarRequestDetail, DsarResolutionInput } from '../../../shared/schemas/dsar.ts';
import { isDsarHandled } from '../../../shared/schemas/dsar.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { dsarRequests } from '../../db/schema/dsar.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { toDsarListItem } from './dsar.service.ts';

/**
 * The privacy team's side of a data-subject request (administrators; docs/dsar.md): open one, and
 * mark it handled with what was done and the day. The due date never changes, so the statutory
 * clock stays readable after the request is closed (handled before, on or after the deadline).
 */

type DsarRow = typeof dsarRequests.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', 'No privacy request has this id.');

function toDetail(row: DsarRow, handledByEmail: string | null): DsarRequestDetail {
  return {
    ...toDsarListItem(row),
    relationship: row.relationship,
    subjectName: row.subjectName,
    country: row.country,
    accountEmail: row.accountEmail,
    details: row.details,
    resolutionNote: row.resolutionNote,
    handledByEmail,
  };
}

export async function getDsarRequest(db: Db, id: string): Promise<DsarRequestDetail> {
  const [found] = await db
    .select({ row: dsarRequests, handledByEmail: authUsers.email })
    .from(dsarRequests)
    .leftJoin(authUsers, eq(authUsers.id, dsarRequests.handledBy))
    .where(eq(dsarRequests.id, id));
  if (!found) throw notFound();
  return toDetail(found.row, found.handledByEmail ?? null);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Closes an open request once: 409 when it is already handled, 400 for a day before receipt or in the future. */
export async function resolveDsarRequest(
  db: Db,
  input: { id: string; adminId: string | null; resolution: DsarResolutionInput; now?: Date; origin?: AuditOrigin },
): Promise<DsarRequestDetail> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(dsarRequests).where(eq(dsarRequests.id, input.id)).for('update');
    if (!row) throw notFound();
    if (isDsarHandled(row.status)) throw new AppError('CONFLICT', `This request was already marked ${row.status}.`);
    const { handledOn } = input.resolution;
    const problem =
      handledOn > dayOf(now)
        ? 'The day handled cannot be in the future.'
        : handledOn < dayOf(row.createdAt)
          ? 'The day handled cannot be before the request was received.'
          : null;
    if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ path: 'body.handledOn', message: problem }]);
    await tx
      .update(dsarRequests)
      .set({
        status: input.resolution.status,
        resolutionNote: input.resolution.note,
        completedAt: new Date(`${handledOn}T12:00:00.000Z`),
        handledBy: input.adminId,
        updatedAt: now,
      })
      .where(eq(dsarRequests.id, input.id));
    // A data subject's request belongs to no organization: the global chain records its outcome.
    await recordAudit(tx, {
      ...(input.origin ?? { actor: input.adminId, ip: null, userAgent: null }),
      organizationId: null,
      action: 'dsar_request.resolve',
      entityType: 'dsar_request',
      entityId: input.id,
      before: { status: row.status },
      after: { status: input.resolution.status, handledOn },
    });
  });
  return getDsarRequest(db, input.id);
}
