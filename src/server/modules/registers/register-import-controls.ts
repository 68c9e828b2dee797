import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONTROL_STATUS_LABELS, CONTROL_STATUSES, type ControlStatus } from '../../../shared/schemas/programme-statuses.ts';
import type { DbTransaction } from '../../db/client.ts';
import type { AuditOrigin } from '../../platform/audit/record-audit.ts';
import { importControlChange } from '../frameworks/control-state.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { organizationMembers, staffAssignments } from '../../db/schema/organizations.ts';
import type { MappedRow, PlannedRow } from './register-import-csv.ts';

/**
 * Importing the controls register: each row names a control of the organization's programme by id and
 * sets its status, owner (by e-mail), applicability and justification. Rows are planned first (read
 * only), then applied together when none has an error.
 */

type ControlRow = typeof organizationControls.$inferSelect;
type ControlChange = Partial<Pick<ControlRow, 'status' | 'ownerId' | 'applicable' | 'justification' | 'notes'>>;

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, yes: true, y: true, '1': true, false: false, no: false, n: false, '0': false };

export function controlStatusOf(text: string): ControlStatus | null {
  const normal = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const byLabel = CONTROL_STATUSES.find((status) => CONTROL_STATUS_LABELS[status].toLowerCase().replace(/\s+/g, '_') === normal);
  return (CONTROL_STATUSES as readonly string[]).includes(normal) ? (normal as ControlStatus) : (byLabel ?? null);
}

/** The controls in the organization's programme (ids): what a register row may link to. */
export async function programmeControlIds(tx: DbTransaction, organizationId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: organizationControls.controlId })
    .from(organizationControls)
    .where(eq(organizationControls.organizationId, organizationId));
  return new Set(rows.map((row) => row.id));
}

/** Users by e-mail (lower-cased) who belong to the organization: members and assigned staff. */
export async function organizationUsersByEmail(tx: DbTransaction, organizationId: string, emails: readonly string[]) {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return new Map<string, string>();
  const users = await tx
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(inArray(sql`lower(${authUsers.email})`, wanted));
  const ids = users.map((user) => user.id);
  if (ids.length === 0) return new Map<string, string>();
  const members = await tx
    .select({ id: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.userId, ids)));
  const staff = await tx
    .select({ id: staffAssignments.staffUserId })
    .from(staffAssignments)
    .where(and(eq(staffAssignments.organizationId, organizationId), inArray(staffAssignments.staffUserId, ids)));
  const belong = new Set([...members, ...staff].map((row) => row.id));
  return new Map(users.filter((user) => belong.has(user.id) && user.email).map((user) => [user.email!.toLowerCase(), user.id]));
}

export async function planControlsImport(
  tx: DbTransaction,
  organizationId: string,
  rows: readonly MappedRow[],
): Promise<PlannedRow<{ id: string; change: ControlChange }>[]> {
  const existing = new Map(
    (await tx.select().from(organizationControls).where(eq(organizationControls.organizationId, organizationId))).map((row) => [
      row.controlId,
      row,
    ]),
  );
  const owners = await organizationUsersByEmail(
    tx,
    organizationId,
    rows.flatMap((row) => row.values.get('ownerEmail') ?? []),
  );
  const ownerIds = [...existing.values()].map((row) => row.ownerId).filter((id): id is string => Boolean(id));
  const emailById = new Map<string, string | null>([
    ...[...owners].map(([email, id]) => [id, email] as const),
    ...(ownerIds.length === 0
      ? []
      : (await tx.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, ownerIds))).map(
          (user) => [user.id, user.email] as const,
        )),
  ]);
  const seen = new Set<string>();

  return rows.map(({ row, values }) => {
    const key = (values.get('controlId') ?? '').toUpperCase();
    const errors: string[] = [];
    const current = existing.get(key);
    if (!key) errors.push('No control id');
    else if (!current) errors.push(`${key} is not in this organization's programme`);
    if (key && seen.has(key)) errors.push(`${key} appears in an earlier row too`);
    seen.add(key);

    const change: ControlChange = {};
    const status = values.get('status');
    if (status !== undefined) {
      const parsed = controlStatusOf(status);
      if (parsed) change.status = parsed;
      else errors.push(`Status “${status}” is not one of ${CONTROL_STATUSES.map((s) => CONTROL_STATUS_LABELS[s]).join(', ')}`);
    }
    const ownerEmail = values.get('ownerEmail');
    if (ownerEmail !== undefined) {
      const ownerId = owners.get(ownerEmail.toLowerCase());
      if (ownerId) change.ownerId = ownerId;
      else errors.push(`${ownerEmail} is not a member of the organization or a consultant assigned to it`);
    }
    const applicable = values.get('applicable');
    if (applicable !== undefined) {
      const parsed = BOOLEAN_WORDS[applicable.toLowerCase()];
      if (parsed === undefined) errors.push(`Applicable “${applicable}” is not yes or no`);
      else change.applicable = parsed;
    }
    for (const field of ['justification', 'notes'] as const) {
      const text = values.get(field);
      if (text === undefined) continue;
      if (text.length > 2000) errors.push(`${field} has more than 2,000 characters`);
      else change[field] = text;
    }
    if (current && (change.applicable ?? current.applicable) === false && !(change.justification ?? current.justification).trim()) {
      errors.push('A control marked not applicable needs a justification');
    }

    const changes: Record<string, [string | null, string | null]> = {};
    if (current) {
      const shown = (field: keyof ControlChange, value: unknown): string | null =>
        value === null ? null : field === 'ownerId' ? (emailById.get(value as string) ?? null) : String(value);
      for (const [field, value] of Object.entries(change) as [keyof ControlChange, unknown][]) {
        if (current[field] === value) continue;
        changes[field === 'ownerId' ? 'ownerEmail' : field] = [shown(field, current[field]), shown(field, value)];
      }
    }
    const action = errors.length > 0 ? 'error' : Object.keys(changes).length > 0 ? 'update' : 'unchanged';
    return { row, action, key: key || null, changes, errors, apply: current ? { id: current.id, change } : undefined };
  });
}

/** Each changed row through controls' `importControlChange`, which records its `control.update` entry. */
export async function applyControlsImport(
  tx: DbTransaction,
  organizationId: string,
  planned: readonly PlannedRow<{ id: string; change: ControlChange }>[],
  by: { userId: string; origin: AuditOrigin },
  now: Date,
): Promise<void> {
  for (const row of planned) {
    if (row.action !== 'update' || !row.apply) continue;
    await importControlChange(tx, organizationId, row.apply.id, row.apply.change, by, now);
  }
}
