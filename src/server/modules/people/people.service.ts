import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isLeaver, type Person, type PersonList, type personListQuerySchema } from '../../../shared/schemas/people.ts';
import { people } from '../../db/schema/people.ts';
import { scimGroupMembers, scimGroups } from '../../db/schema/scim.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { PersonRow } from './people-records.ts';

/**
 * The people roster (issue 37 item 2, docs/policies.md): the list with its filters. The CSV import is
 * the register import's (registers/register-import-people.ts); SCIM writes through people-records.ts.
 */

export function personView(row: PersonRow, managerName: string | null, today: string): Person {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    email: row.email,
    department: row.department,
    title: row.title,
    managerId: row.managerId,
    managerName,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    isLeaver: isLeaver(row, today),
    source: row.source,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const escapeLike = (words: string) => `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function listPeople(tenant: Tenant, query: z.output<typeof personListQuerySchema>, now = new Date()): Promise<PersonList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  const today = now.toISOString().slice(0, 10);
  return tenant.transaction(async (tx) => {
    const roster = await tx
      .select()
      .from(people)
      .where(eq(people.organizationId, organizationId))
      .orderBy(asc(people.name), asc(people.email));
    const names = new Map(roster.map((row) => [row.id, row.name]));
    const conditions = [eq(people.organizationId, organizationId)];
    if (query.status) conditions.push(eq(people.status, query.status));
    if (query.department !== undefined) conditions.push(eq(people.department, query.department));
    if (query.q) {
      const match = or(
        ilike(people.name, escapeLike(query.q)),
        ilike(people.email, escapeLike(query.q)),
        ilike(people.title, escapeLike(query.q)),
      );
      if (match) conditions.push(match);
    }
    const rows = await tx
      .select()
      .from(people)
      .where(and(...conditions))
      .orderBy(asc(people.name), asc(people.email));
    return {
      organizationId,
      people: rows.map((row) => personView(row, row.managerId ? (names.get(row.managerId) ?? null) : null, today)),
      departments: [...new Set(roster.map((row) => row.department).filter(Boolean))].sort(),
      groups: await tx
        .select({ id: scimGroups.id, name: scimGroups.displayName, activeMembers: count(people.id) })
        .from(scimGroups)
        .leftJoin(scimGroupMembers, eq(scimGroupMembers.groupId, scimGroups.id))
        .leftJoin(
          people,
          and(
            eq(people.id, scimGroupMembers.personId),
            eq(people.status, 'active'),
            sql`(${people.endDate} is null or ${people.endDate} >= ${today})`,
          ),
        )
        .where(eq(scimGroups.organizationId, organizationId))
        .groupBy(scimGroups.id, scimGroups.displayName)
        .orderBy(asc(sql`lower(${scimGroups.displayName})`)),
    };
  });
}
