import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import { scimGroupMembers, scimGroups } from '../../db/schema/scim.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { joinOpenGroupCampaigns } from '../attestations/attestation-joiners.ts';
import { checkBody, field, record, text } from './scim-body.ts';
import type { ScimContext } from './scim-context.ts';
import { invalidValue, notFound, ScimError } from './scim-errors.ts';
import { type ListQuery, type ListResponse, listResponse } from './scim-list.ts';
import { applyScimPatch } from './scim-patch.ts';
import { GROUP_RESOURCE, GROUP_SCHEMA } from './scim-schemas.ts';

/**
 * /scim/v2/Groups (docs/scim.md): the identity provider's groups of people, kept in scim_groups and
 * scim_group_members (this module writes both; attestation campaigns read them to target a group, and a
 * group's new members join its open campaigns).
 * Members are people of the organization's roster; nested groups are refused (400 invalidValue).
 */

type GroupRow = typeof scimGroups.$inferSelect;
export type ScimGroup = Record<string, unknown> & { id: string };

interface GroupInput {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

const GROUP_NOT_FOUND = 'No such Group.';
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

function readGroupInput(body: unknown): GroupInput {
  const checked = checkBody(GROUP_RESOURCE, body);
  const displayName = text(field(checked, 'displayName'));
  if (!displayName) throw invalidValue('displayName is required.');
  if (displayName.length > 255) throw invalidValue('displayName has at most 255 characters.');
  const members = field(checked, 'members');
  const memberIds = (Array.isArray(members) ? members : []).map((member) => {
    const entry = record(member);
    if (String(field(entry, 'type') ?? 'User').toLowerCase() !== 'user') throw invalidValue('Members are Users: groups do not nest here.');
    const value = text(field(entry, 'value'));
    if (!value || !isUuid(value)) throw invalidValue(`members.value ${String(value)} is not the id of a User.`);
    return value.toLowerCase();
  });
  return { displayName, externalId: text(field(checked, 'externalId')), memberIds: [...new Set(memberIds)] };
}

async function groupViews(tx: DbTransaction, context: ScimContext, rows: readonly GroupRow[]): Promise<ScimGroup[]> {
  const ids = rows.map((row) => row.id);
  const members =
    ids.length === 0
      ? []
      : await tx
          .select({ groupId: scimGroupMembers.groupId, personId: people.id, name: people.name })
          .from(scimGroupMembers)
          .innerJoin(people, eq(people.id, scimGroupMembers.personId))
          .where(inArray(scimGroupMembers.groupId, ids))
          .orderBy(asc(people.name), asc(people.id));
  return rows.map((row) => ({
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    members: members
      .filter((member) => member.groupId === row.id)
      .map((member) => ({
        value: member.personId,
        $ref: `${context.baseUrl}/Users/${member.personId}`,
        display: member.name,
        type: 'User',
      })),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${context.baseUrl}/Groups/${row.id}`,
    },
  }));
}

async function viewOne(tx: DbTransaction, context: ScimContext, row: GroupRow): Promise<ScimGroup> {
  const [view] = await groupViews(tx, context, [row]);
  if (!view) throw new Error('viewOne: no view');
  return view;
}

async function reachableGroup(tx: DbTransaction, context: ScimContext, id: string): Promise<GroupRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(scimGroups)
        .where(and(eq(scimGroups.id, id), eq(scimGroups.organizationId, context.organizationId)))
    : [];
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

async function checkInput(tx: DbTransaction, context: ScimContext, input: GroupInput, selfId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.organizationId, context.organizationId),
        sql`lower(${scimGroups.displayName}) = ${input.displayName.toLowerCase()}`,
        selfId ? ne(scimGroups.id, selfId) : undefined,
      ),
    );
  if (taken) throw new ScimError(409, `A group named ${input.displayName} exists already.`, 'uniqueness');
  if (input.memberIds.length === 0) return;
  const found = await tx
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.organizationId, context.organizationId), inArray(people.id, input.memberIds)));
  const missing = input.memberIds.find((id) => !found.some((row) => row.id === id));
  if (missing) throw invalidValue(`members: no User ${missing} in this organization.`);
}

async function writeGroup(tx: DbTransaction, context: ScimContext, row: GroupRow | null, input: GroupInput): Promise<GroupRow> {
  await checkInput(tx, context, input, row?.id ?? null);
  const fields = { displayName: input.displayName, externalId: input.externalId, updatedAt: context.now };
  const [written] = row
    ? await tx.update(scimGroups).set(fields).where(eq(scimGroups.id, row.id)).returning()
    : await tx
        .insert(scimGroups)
        .values({ organizationId: context.organizationId, ...fields, createdAt: context.now })
        .returning();
  if (!written) throw new Error('writeGroup: nothing written');
  const before = row
    ? (await tx.select({ personId: scimGroupMembers.personId }).from(scimGroupMembers).where(eq(scimGroupMembers.groupId, row.id))).map(
        (member) => member.personId,
      )
    : [];
  const added = input.memberIds.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !input.memberIds.includes(id));
  if (removed.length > 0) {
    await tx.delete(scimGroupMembers).where(and(eq(scimGroupMembers.groupId, written.id), inArray(scimGroupMembers.personId, removed)));
  }
  if (added.length > 0) {
    await tx
      .insert(scimGroupMembers)
      .values(added.map((personId) => ({ groupId: written.id, personId, organizationId: context.organizationId })));
  }
  await recordAudit(tx, {
    ...context.origin,
    organizationId: context.organizationId,
    action: row ? 'scim_group.update' : 'scim_group.create',
    entityType: 'scim_group',
    entityId: written.id,
    before: row ? { displayName: row.displayName, externalId: row.externalId } : null,
    after: { displayName: written.displayName, externalId: written.externalId, membersAdded: added, membersRemoved: removed },
  });
  // New members join the open campaigns that target the group; one who leaves the group stays on them (docs/policies.md).
  await joinOpenGroupCampaigns(
    tx,
    context.jobs,
    { organizationId: context.organizationId, groupId: written.id, personIds: added },
    context.origin,
    context.now,
  );
  return written;
}

export async function listScimGroups(context: ScimContext, query: ListQuery): Promise<ListResponse> {
  return context.tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(scimGroups)
      .where(eq(scimGroups.organizationId, context.organizationId))
      .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id));
    return listResponse(GROUP_RESOURCE, await groupViews(tx, context, rows), query);
  });
}

export async function getScimGroup(context: ScimContext, id: string): Promise<ScimGroup> {
  return context.tenant.transaction(async (tx) => viewOne(tx, context, await reachableGroup(tx, context, id)));
}

export async function createScimGroup(context: ScimContext, body: unknown): Promise<ScimGroup> {
  const input = readGroupInput(body);
  return context.tenant.transaction(async (tx) => viewOne(tx, context, await writeGroup(tx, context, null, input)));
}

export async function replaceScimGroup(context: ScimContext, id: string, body: unknown): Promise<ScimGroup> {
  const input = readGroupInput(body);
  return context.tenant.transaction(async (tx) => {
    const row = await reachableGroup(tx, context, id);
    return viewOne(tx, context, await writeGroup(tx, context, row, input));
  });
}

export async function patchScimGroup(context: ScimContext, id: string, body: unknown): Promise<ScimGroup> {
  return context.tenant.transaction(async (tx) => {
    const row = await reachableGroup(tx, context, id);
    const patched = applyScimPatch(GROUP_RESOURCE, await viewOne(tx, context, row), body);
    return viewOne(tx, context, await writeGroup(tx, context, row, readGroupInput(patched)));
  });
}

export async function deleteScimGroup(context: ScimContext, id: string): Promise<void> {
  await context.tenant.transaction(async (tx) => {
    const row = await reachableGroup(tx, context, id);
    await tx.delete(scimGroups).where(eq(scimGroups.id, row.id));
    await recordAudit(tx, {
      ...context.origin,
      organizationId: context.organizationId,
      action: 'scim_group.delete',
      entityType: 'scim_group',
      entityId: row.id,
      before: { displayName: row.displayName, externalId: row.externalId },
    });
  });
}
