import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import { scimUsers } from '../../db/schema/scim.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import {
  createPerson,
  deactivatePerson,
  deletePerson,
  findPersonById,
  type PersonChange,
  type PersonWriteContext,
  updatePerson,
} from '../people/people-records.ts';
import { SCIM_SOURCE, type ScimContext } from './scim-context.ts';
import { notFound, ScimError } from './scim-errors.ts';
import { type ListQuery, type ListResponse, listResponse } from './scim-list.ts';
import { applyScimPatch } from './scim-patch.ts';
import { USER_RESOURCE } from './scim-schemas.ts';
import { readUserInput, type ScimUserInput } from './scim-user-input.ts';
import { organizationPeople, type PersonRow, type ScimUser, userViews } from './scim-user-view.ts';

/**
 * /scim/v2/Users (docs/scim.md): people of the token's organization, written only through the people
 * module's named functions (createPerson, updatePerson, deactivatePerson, deletePerson), which record
 * the trail and take a leaver off open attestation campaigns in the same transaction. scim_users keeps
 * the userName and the name parts.
 */

const USER_NOT_FOUND = 'No such User.';
const today = (now: Date) => now.toISOString().slice(0, 10);

const writeContext = (context: ScimContext): PersonWriteContext => ({ origin: context.origin, source: SCIM_SOURCE, now: context.now });

async function reachablePerson(tx: DbTransaction, context: ScimContext, id: string): Promise<PersonRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findPersonById(tx, context.organizationId, id) : undefined;
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

async function viewOne(tx: DbTransaction, context: ScimContext, row: PersonRow): Promise<ScimUser> {
  const [view] = await userViews(tx, context, [row]);
  if (!view) throw new Error('viewOne: no view');
  return view;
}

/** 409 uniqueness when another person already answers to the userName (theirs, or their address when SCIM never named them). */
async function requireFreeUserName(tx: DbTransaction, context: ScimContext, userName: string, selfId: string | null): Promise<void> {
  const named = await tx
    .select({ personId: scimUsers.personId })
    .from(scimUsers)
    .where(
      and(
        eq(scimUsers.organizationId, context.organizationId),
        sql`lower(${scimUsers.userName}) = ${userName.toLowerCase()}`,
        selfId ? ne(scimUsers.personId, selfId) : undefined,
      ),
    );
  const unnamed = await tx
    .select({ id: people.id })
    .from(people)
    .leftJoin(scimUsers, eq(scimUsers.personId, people.id))
    .where(
      and(
        eq(people.organizationId, context.organizationId),
        eq(people.email, userName.toLowerCase()),
        isNull(scimUsers.personId),
        selfId ? ne(people.id, selfId) : undefined,
      ),
    );
  if (named.length > 0 || unnamed.length > 0) throw new ScimError(409, `userName ${userName} is already taken.`, 'uniqueness');
}

async function writeIdentity(tx: DbTransaction, context: ScimContext, personId: string, input: ScimUserInput): Promise<void> {
  const values = { userName: input.userName, givenName: input.givenName, familyName: input.familyName };
  const [before] = await tx.select().from(scimUsers).where(eq(scimUsers.personId, personId));
  if (before && before.userName === values.userName && before.givenName === values.givenName && before.familyName === values.familyName)
    return;
  await tx
    .insert(scimUsers)
    .values({ personId, organizationId: context.organizationId, ...values, createdAt: context.now, updatedAt: context.now })
    .onConflictDoUpdate({ target: scimUsers.personId, set: { ...values, updatedAt: context.now } });
  await recordAudit(tx, {
    ...context.origin,
    organizationId: context.organizationId,
    action: 'scim_user.write',
    entityType: 'person',
    entityId: personId,
    before: before ? { userName: before.userName, givenName: before.givenName, familyName: before.familyName } : null,
    after: values,
  });
}

/** The roster fields the input changes, active status aside (deactivation is its own function). */
function personChange(row: PersonRow, input: ScimUserInput, now: Date): PersonChange {
  const { status: _status, ...fields } = input.person;
  const change: PersonChange = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => row[key as keyof typeof fields] !== value),
  ) as PersonChange;
  if (input.active && row.status === 'inactive') {
    change.status = 'active';
    // The end date deactivation set (or one already past) would make them a leaver again at once.
    if (row.endDate !== null && row.endDate <= today(now)) change.endDate = null;
  }
  return change;
}

async function writeUser(tx: DbTransaction, context: ScimContext, row: PersonRow | null, input: ScimUserInput): Promise<PersonRow> {
  await requireFreeUserName(tx, context, input.userName, row?.id ?? null);
  const people = writeContext(context);
  let person = row ?? (await createPerson(tx, context.organizationId, { ...input.person, startDate: null, endDate: null }, people));
  if (row) {
    const change = personChange(row, input, context.now);
    if (Object.keys(change).length > 0) person = await updatePerson(tx, row, change, people);
    if (!input.active && person.status === 'active') person = await deactivatePerson(tx, person, people);
  }
  await writeIdentity(tx, context, person.id, input);
  return person;
}

export async function listScimUsers(context: ScimContext, query: ListQuery): Promise<ListResponse> {
  return context.tenant.transaction(async (tx) => {
    const rows = await organizationPeople(tx, context.organizationId);
    return listResponse(USER_RESOURCE, await userViews(tx, context, rows), query);
  });
}

export async function getScimUser(context: ScimContext, id: string): Promise<ScimUser> {
  return context.tenant.transaction(async (tx) => viewOne(tx, context, await reachablePerson(tx, context, id)));
}

export async function createScimUser(context: ScimContext, body: unknown): Promise<ScimUser> {
  const input = readUserInput(body);
  return context.tenant.transaction(async (tx) => viewOne(tx, context, await writeUser(tx, context, null, input)));
}

export async function replaceScimUser(context: ScimContext, id: string, body: unknown): Promise<ScimUser> {
  const input = readUserInput(body);
  return context.tenant.transaction(async (tx) => {
    const row = await reachablePerson(tx, context, id);
    return viewOne(tx, context, await writeUser(tx, context, row, input));
  });
}

export async function patchScimUser(context: ScimContext, id: string, body: unknown): Promise<ScimUser> {
  return context.tenant.transaction(async (tx) => {
    const row = await reachablePerson(tx, context, id);
    const patched = applyScimPatch(USER_RESOURCE, await viewOne(tx, context, row), body);
    return viewOne(tx, context, await writeUser(tx, context, row, readUserInput(patched)));
  });
}

/** Removes the person from the roster (deletePerson takes them off open campaigns); their SCIM rows go with them. */
export async function deleteScimUser(context: ScimContext, id: string): Promise<void> {
  await context.tenant.transaction(async (tx) => deletePerson(tx, await reachablePerson(tx, context, id), writeContext(context)));
}
