import { type SQL, type SQLWrapper, and, eq, inArray, notInArray } from 'drizzle-orm';
import type { ControlStatus } from '../../../shared/schemas/programme-statuses.ts';
import type { DbTransaction } from '../../db/client.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';

/**
 * Every state change of an organization's controls (`organization_controls`, the programme's table,
 * so frameworks' — the module every programme module builds on): a framework activated, the
 * register's own edit (`editControl`, called by controls' `updateControl`), a workflow step, evidence
 * uploaded or gone stale, a register import. Each is written here and recorded on the trail
 * (`control.update`, before and after) in the caller's transaction.
 */

type ControlRow = typeof organizationControls.$inferSelect;

/** The fields a trail entry shows of a control, as `updateControl` records them. */
export function auditedControl(row: ControlRow | undefined) {
  return (
    row && {
      status: row.status,
      ownerId: row.ownerId,
      applicable: row.applicable,
      justification: row.justification,
      businessUnit: row.businessUnit,
      environment: row.environment,
    }
  );
}

async function recordControlChange(tx: DbTransaction, origin: AuditOrigin, before: ControlRow, after: ControlRow | undefined) {
  await recordAudit(tx, {
    ...origin,
    organizationId: before.organizationId,
    action: 'control.update',
    entityType: 'control',
    entityId: before.controlId,
    before: auditedControl(before),
    after: auditedControl(after),
  });
}

/** The fields of a control that are edited: in the register, by an import, by a workflow step. */
export type ControlEdit = Partial<
  Pick<ControlRow, 'status' | 'ownerId' | 'applicable' | 'justification' | 'businessUnit' | 'environment' | 'notes'>
>;

/**
 * One edit of one control (the row locked and read by the caller): written and recorded. The register's
 * edit, a workflow step's status and an import's change all go through it.
 */
export async function editControl(
  tx: DbTransaction,
  origin: AuditOrigin,
  row: ControlRow,
  edit: ControlEdit & { updatedBy: string | null; updatedAt: Date },
): Promise<ControlRow | undefined> {
  const [changed] = await tx.update(organizationControls).set(edit).where(eq(organizationControls.id, row.id)).returning();
  await recordControlChange(tx, origin, row, changed);
  return changed;
}

/** Adds the controls to the organization's programme (those it has are kept as they are); answers how many were new. */
export async function addProgrammeControls(
  tx: DbTransaction,
  organizationId: string,
  controlIds: readonly string[],
  userId: string | null,
): Promise<number> {
  if (controlIds.length === 0) return 0;
  const added = await tx
    .insert(organizationControls)
    .values(controlIds.map((controlId) => ({ organizationId, controlId, updatedBy: userId })))
    .onConflictDoNothing()
    .returning({ id: organizationControls.id });
  return added.length;
}

export interface SetControlStatus {
  organizationId: string;
  controlId: string;
  status: ControlStatus;
  origin: AuditOrigin;
  /** Who the row says changed it last (a workflow's run acts for a user while the trail names the system). */
  updatedBy: string | null;
  now: Date;
}

/** Sets one control's status, locked; null when the control is not in the organization's programme. */
export async function setControlStatus(
  tx: DbTransaction,
  change: SetControlStatus,
): Promise<{ from: ControlStatus; to: ControlStatus } | null> {
  const [before] = await tx
    .select()
    .from(organizationControls)
    .where(and(eq(organizationControls.organizationId, change.organizationId), eq(organizationControls.controlId, change.controlId)))
    .for('update');
  if (!before) return null;
  await editControl(tx, change.origin, before, { status: change.status, updatedAt: change.now, updatedBy: change.updatedBy });
  return { from: before.status, to: change.status };
}

/** Fresh evidence arrived: the stale controls among these count as implemented again. Answers the controls changed. */
export async function restoreControlsWithFreshEvidence(
  tx: DbTransaction,
  organizationId: string,
  controlIds: readonly string[],
  origin: AuditOrigin,
  now: Date,
): Promise<string[]> {
  const before = await lockControls(tx, organizationId, controlIds, eq(organizationControls.status, 'stale'));
  return flipStatus(tx, before, 'implemented', origin, now);
}

/**
 * Evidence went stale: the implemented controls among these that no fresh evidence proves any more
 * (`stillFresh`: the control ids some other fresh evidence still proves) become stale. Answers them.
 */
export async function markControlsStale(
  tx: DbTransaction,
  organizationId: string,
  controlIds: readonly string[],
  stillFresh: SQLWrapper,
  origin: AuditOrigin,
  now: Date,
): Promise<string[]> {
  const before = await lockControls(
    tx,
    organizationId,
    controlIds,
    and(eq(organizationControls.status, 'implemented'), notInArray(organizationControls.controlId, stillFresh)),
  );
  return flipStatus(tx, before, 'stale', origin, now);
}

/** The organization's rows of these controls that meet `condition`, locked for the change that follows. */
async function lockControls(tx: DbTransaction, organizationId: string, controlIds: readonly string[], condition: SQL | undefined) {
  if (controlIds.length === 0) return [];
  return tx
    .select()
    .from(organizationControls)
    .where(
      and(eq(organizationControls.organizationId, organizationId), inArray(organizationControls.controlId, [...controlIds]), condition),
    )
    .for('update');
}

async function flipStatus(tx: DbTransaction, rows: readonly ControlRow[], status: ControlStatus, origin: AuditOrigin, now: Date) {
  if (rows.length === 0) return [];
  const changed = await tx
    .update(organizationControls)
    .set({ status, updatedAt: now })
    .where(
      inArray(
        organizationControls.id,
        rows.map((row) => row.id),
      ),
    )
    .returning();
  const afterById = new Map(changed.map((row) => [row.id, row]));
  for (const row of rows) await recordControlChange(tx, origin, row, afterById.get(row.id));
  return rows.map((row) => row.controlId);
}

export type ControlFields = Pick<ControlEdit, 'status' | 'ownerId' | 'applicable' | 'justification' | 'notes'>;

/** Applies a register import's change to one control of the organization (by its row id). */
export async function importControlChange(
  tx: DbTransaction,
  organizationId: string,
  rowId: string,
  change: ControlFields,
  by: { userId: string; origin: AuditOrigin },
  now: Date,
): Promise<void> {
  const [before] = await tx
    .select()
    .from(organizationControls)
    .where(and(eq(organizationControls.organizationId, organizationId), eq(organizationControls.id, rowId)))
    .for('update');
  if (!before) return;
  await editControl(tx, by.origin, before, { ...change, updatedBy: by.userId, updatedAt: now });
}

/**
 * A connector's check found these controls not working (docs/connectors.md): those in the organization's
 * programme that apply and are not failing yet become `failing`, each recorded with `reason` (the check and
 * the resources at fault) on the trail. Answers the controls changed.
 */
export async function markControlsFailing(
  tx: DbTransaction,
  organizationId: string,
  controlIds: readonly string[],
  reason: unknown,
  origin: AuditOrigin,
  now: Date,
): Promise<string[]> {
  const rows = await lockControls(
    tx,
    organizationId,
    controlIds,
    and(eq(organizationControls.applicable, true), notInArray(organizationControls.status, ['failing'])),
  );
  if (rows.length === 0) return [];
  await tx
    .update(organizationControls)
    .set({ status: 'failing', updatedAt: now })
    .where(
      inArray(
        organizationControls.id,
        rows.map((row) => row.id),
      ),
    );
  for (const row of rows) {
    await recordAudit(tx, {
      ...origin,
      organizationId,
      action: 'control.fail',
      entityType: 'control',
      entityId: row.controlId,
      before: auditedControl(row),
      after: { ...auditedControl(row), status: 'failing', reason },
    });
  }
  return rows.map((row) => row.controlId);
}

/** The checks that failed these controls pass again: the failing ones among them count as implemented. Answers them. */
export async function clearFailingControls(
  tx: DbTransaction,
  organizationId: string,
  controlIds: readonly string[],
  origin: AuditOrigin,
  now: Date,
): Promise<string[]> {
  const before = await lockControls(tx, organizationId, controlIds, eq(organizationControls.status, 'failing'));
  return flipStatus(tx, before, 'implemented', origin, now);
}
