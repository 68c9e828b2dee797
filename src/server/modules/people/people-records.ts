import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isLeaver, type PersonSource, type personChangeSchema, type personFieldsSchema } from '../../../shared/schemas/people.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { withdrawFromOpenCampaigns } from '../attestations/attestation-withdrawal.ts';

/**
 * The roster's state changes (the only writer of `people`, docs/policies.md). Every function works in
 * the caller's transaction (which must reach the organization: the tenant guard, or the system scope a
 * SCIM token resolves to) and records its trail entry there. A person who becomes a leaver (inactive,
 * or an end date already past) is taken off every open attestation campaign in the same transaction.
 *
 * The SCIM endpoints (modules/scim) call these: createPerson, updatePerson, deactivatePerson,
 * deletePerson, and the finders findPersonById, findPersonByEmail, findPersonByExternalId.
 */

export type PersonRow = typeof people.$inferSelect;
export type PersonCreate = z.output<typeof personFieldsSchema>;
export type PersonChange = z.output<typeof personChangeSchema>;

export const PERSON_NOT_FOUND = 'No such person.';
const today = (now: Date) => now.toISOString().slice(0, 10);

export interface PersonWriteContext {
  origin: Partial<AuditOrigin>;
  /** Who wrote it: the workspace (manual), a CSV import or SCIM. */
  source: PersonSource;
  now?: Date;
}

/** The person of this organization with this id (lower-case, exact), or undefined. */
export async function findPersonById(tx: DbTransaction, organizationId: string, id: string): Promise<PersonRow | undefined> {
  const [row] = await tx
    .select()
    .from(people)
    .where(and(eq(people.organizationId, organizationId), eq(people.id, id)));
  return row;
}

/** The person of this organization with this e-mail address (compared lower-cased), or undefined. */
export async function findPersonByEmail(tx: DbTransaction, organizationId: string, email: string): Promise<PersonRow | undefined> {
  const [row] = await tx
    .select()
    .from(people)
    .where(and(eq(people.organizationId, organizationId), eq(people.email, email.trim().toLowerCase())));
  return row;
}

/** The person the identity provider knows by this externalId, or undefined. */
export async function findPersonByExternalId(
  tx: DbTransaction,
  organizationId: string,
  externalId: string,
): Promise<PersonRow | undefined> {
  const [row] = await tx
    .select()
    .from(people)
    .where(and(eq(people.organizationId, organizationId), eq(people.externalId, externalId)));
  return row;
}

async function requireManager(tx: DbTransaction, organizationId: string, managerId: string | null | undefined, selfId?: string) {
  if (!managerId) return;
  const invalid = (message: string) =>
    new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path: 'body.managerId', message }]);
  if (managerId === selfId) throw invalid('A person is not their own manager');
  if (!(await findPersonById(tx, organizationId, managerId))) throw invalid('The manager is not a person of this organization');
}

/** Refuses a second person with the address (409 PERSON_EMAIL_TAKEN: SCIM answers it as `uniqueness`). */
async function requireFreeEmail(tx: DbTransaction, organizationId: string, email: string, selfId?: string) {
  const holder = await findPersonByEmail(tx, organizationId, email);
  if (holder && holder.id !== selfId) throw new AppError('PERSON_EMAIL_TAKEN', `${email} is already on the roster.`);
}

/** writePerson without its trail entry: the CSV import records one entry for the file. */
export async function writeNewPerson(
  tx: DbTransaction,
  organizationId: string,
  input: PersonCreate,
  source: PersonSource,
  now: Date,
): Promise<PersonRow> {
  await requireManager(tx, organizationId, input.managerId);
  await requireFreeEmail(tx, organizationId, input.email);
  const [row] = await tx
    .insert(people)
    .values({ ...input, organizationId, source, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('writeNewPerson: insert returned nothing');
  return row;
}

/** Adds a person to the roster and records it on the trail. */
export async function createPerson(
  tx: DbTransaction,
  organizationId: string,
  input: PersonCreate,
  context: PersonWriteContext,
): Promise<PersonRow> {
  const now = context.now ?? new Date();
  const row = await writeNewPerson(tx, organizationId, input, context.source, now);
  await recordAudit(tx, { ...context.origin, organizationId, action: 'person.create', entityType: 'person', entityId: row.id, after: row });
  return row;
}

/** updatePerson without its trail entry (the CSV import); a person who became a leaver leaves open campaigns. */
export async function writePersonChange(
  tx: DbTransaction,
  row: PersonRow,
  change: PersonChange,
  context: PersonWriteContext,
): Promise<PersonRow> {
  const now = context.now ?? new Date();
  if (change.managerId !== undefined) await requireManager(tx, row.organizationId, change.managerId, row.id);
  if (change.email !== undefined) await requireFreeEmail(tx, row.organizationId, change.email, row.id);
  const fields = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<PersonRow>;
  const [updated] = await tx
    .update(people)
    .set({ ...fields, source: context.source, updatedAt: now })
    .where(eq(people.id, row.id))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  // Idempotent: only pending invitations of open campaigns are withdrawn, so a leaver already off them is untouched.
  if (isLeaver(updated, today(now))) {
    await withdrawFromOpenCampaigns(tx, updated, 'left the organization', context.origin, now);
  }
  return updated;
}

/** Changes a person (any of the roster's fields) and records before → after on the trail. */
export async function updatePerson(
  tx: DbTransaction,
  row: PersonRow,
  change: PersonChange,
  context: PersonWriteContext,
): Promise<PersonRow> {
  const updated = await writePersonChange(tx, row, change, context);
  await recordAudit(tx, {
    ...context.origin,
    organizationId: row.organizationId,
    action: 'person.update',
    entityType: 'person',
    entityId: row.id,
    before: row,
    after: updated,
  });
  return updated;
}

/** A leaver (SCIM `active: false`, or the workspace): inactive, the end date today unless one is set, off open campaigns. */
export async function deactivatePerson(tx: DbTransaction, row: PersonRow, context: PersonWriteContext): Promise<PersonRow> {
  const now = context.now ?? new Date();
  const updated = await writePersonChange(tx, row, { status: 'inactive', endDate: row.endDate ?? today(now) }, context);
  await recordAudit(tx, {
    ...context.origin,
    organizationId: row.organizationId,
    action: 'person.deactivate',
    entityType: 'person',
    entityId: row.id,
    before: { status: row.status, endDate: row.endDate },
    after: { status: updated.status, endDate: updated.endDate },
  });
  return updated;
}

/**
 * Removes a person from the roster (SCIM DELETE): off open campaigns first; their acknowledgements stay
 * (with the name and address they signed under), only the link to the roster row is cleared.
 */
export async function deletePerson(tx: DbTransaction, row: PersonRow, context: PersonWriteContext): Promise<void> {
  const now = context.now ?? new Date();
  await withdrawFromOpenCampaigns(tx, row, 'removed from the roster', context.origin, now);
  await tx.delete(people).where(eq(people.id, row.id));
  await recordAudit(tx, {
    ...context.origin,
    organizationId: row.organizationId,
    action: 'person.delete',
    entityType: 'person',
    entityId: row.id,
    before: row,
  });
}
