import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import { scimGroupMembers, scimGroups, scimUsers } from '../../db/schema/scim.ts';
import type { ScimContext } from './scim-context.ts';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from './scim-schemas.ts';

/**
 * A person of the roster as a SCIM User (RFC 7643 §4.1 and the enterprise extension §4.3): the roster
 * holds the name, e-mail, title, department, manager, status and externalId; scim_users the userName
 * and name parts. A person SCIM never wrote (a CSV import) shows their e-mail address as userName.
 * Unassigned attributes are left out, as RFC 7643 §2.5 asks.
 */

export type PersonRow = typeof people.$inferSelect;
type ScimUserRow = typeof scimUsers.$inferSelect;
export type ScimUser = Record<string, unknown> & { id: string };

interface UserFacts {
  identity: ScimUserRow | undefined;
  managerName: string | null;
  groups: { id: string; displayName: string }[];
}

const compact = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null && entry !== undefined && entry !== '')) as Partial<T>;

export function userView(context: ScimContext, person: PersonRow, facts: UserFacts): ScimUser {
  const { identity } = facts;
  const enterprise = compact({
    department: person.department,
    manager: person.managerId
      ? compact({ value: person.managerId, $ref: `${context.baseUrl}/Users/${person.managerId}`, displayName: facts.managerName })
      : null,
  });
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    id: person.id,
    ...compact({ externalId: person.externalId }),
    userName: identity?.userName ?? person.email,
    name: compact({ formatted: person.name, givenName: identity?.givenName, familyName: identity?.familyName }),
    displayName: person.name,
    ...compact({ title: person.title }),
    active: person.status === 'active',
    emails: [{ value: person.email, type: 'work', primary: true }],
    groups: facts.groups.map((group) => ({ value: group.id, $ref: `${context.baseUrl}/Groups/${group.id}`, display: group.displayName })),
    ...(Object.keys(enterprise).length > 0 ? { [ENTERPRISE_USER_SCHEMA]: enterprise } : {}),
    meta: {
      resourceType: 'User',
      created: person.createdAt.toISOString(),
      lastModified: new Date(Math.max(person.updatedAt.getTime(), identity?.updatedAt.getTime() ?? 0)).toISOString(),
      location: `${context.baseUrl}/Users/${person.id}`,
    },
  };
}

/** The SCIM view of these people (one query per table, whatever their number). */
export async function userViews(tx: DbTransaction, context: ScimContext, rows: readonly PersonRow[]): Promise<ScimUser[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const managerIds = [...new Set(rows.map((row) => row.managerId).filter((id): id is string => id !== null))];
  // One after another: a transaction is one connection.
  const identities = await tx.select().from(scimUsers).where(inArray(scimUsers.personId, ids));
  const managers =
    managerIds.length > 0 ? await tx.select({ id: people.id, name: people.name }).from(people).where(inArray(people.id, managerIds)) : [];
  const memberships = await tx
    .select({ personId: scimGroupMembers.personId, id: scimGroups.id, displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(and(eq(scimGroupMembers.organizationId, context.organizationId), inArray(scimGroupMembers.personId, ids)))
    .orderBy(asc(scimGroups.displayName));
  const identityOf = new Map(identities.map((row) => [row.personId, row]));
  const managerName = new Map(managers.map((row) => [row.id, row.name]));
  return rows.map((person) =>
    userView(context, person, {
      identity: identityOf.get(person.id),
      managerName: person.managerId ? (managerName.get(person.managerId) ?? null) : null,
      groups: memberships.filter((membership) => membership.personId === person.id),
    }),
  );
}

/** Every person of the organization, oldest first (the order paging counts in). */
export function organizationPeople(tx: DbTransaction, organizationId: string): Promise<PersonRow[]> {
  return tx.select().from(people).where(eq(people.organizationId, organizationId)).orderBy(asc(people.createdAt), asc(people.id));
}
