import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture, tenantErrorOf } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { type AttestationCampaignDetail, attestationCampaignDetailSchema } from '../../../shared/schemas/attestations.ts';
import { personListSchema } from '../../../shared/schemas/people.ts';
import { policyDetailSchema } from '../../../shared/schemas/policies.ts';
import { createdScimTokenSchema } from '../../../shared/schemas/scim.ts';
import { buildApp } from '../../app.ts';
import { userRoles } from '../../db/schema/access.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { outboundEmails } from '../../db/schema/mail.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { publishApprovedOutput, submitSeededRequest } from '../../../../tests/task-request-fixture.ts';

/**
 * Attestation campaigns whose audience is the identity provider's groups (issue 37 item 3, docs/policies.md
 * "Audiences by group"), through the real routes: the groups come in through SCIM as Okta or Entra push
 * them, the roster lists them, a campaign resolves their active members when it begins, a person added to
 * the group while it is open joins it, a leaver is taken off, and another organization's group is refused.
 */

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
const noJobs: Jobs = { enqueue: async () => null };
const system = { kind: 'all', userId: null } as const;
const call = (actor: TenantActor, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${fixture.tokens[actor]}` }, ...(payload ? { payload } : {}) });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function scim(org: 'a' | 'b', method: 'POST' | 'PATCH', path: string, body: object): Promise<{ id: string }> {
  const response = await app.inject({
    method,
    url: `/scim/v2${path}`,
    headers: { authorization: `Bearer ${tokens[org]}`, 'content-type': 'application/scim+json' },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return JSON.parse(response.body) as { id: string };
}

const scimUser = (org: 'a' | 'b', name: string, department: string) =>
  scim(org, 'POST', '/Users', {
    schemas: [USER],
    userName: `${name.toLowerCase()}@${org}.example.com`,
    displayName: name,
    emails: [{ value: `${name.toLowerCase()}@${org}.example.com`, primary: true }],
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department },
    active: true,
  });

const patch = (org: 'a' | 'b', path: string, operations: object[]) =>
  scim(org, 'PATCH', path, { schemas: [PATCH_OP], Operations: operations });

/** A policy of organization A, published from an approved policy deliverable (what the review produces). */
async function publishPolicy(): Promise<string> {
  const seeded = await submitSeededRequest(database.db, noJobs, {
    organizationId: fixture.orgs.a.id,
    requestedBy: fixture.userIds.clientOfA,
    title: 'Acceptable use policy',
  });
  await publishApprovedOutput(database.db, seeded, {
    version: 1,
    body: '# Acceptable use\n\nBe nice.',
    publishedBy: fixture.userIds.staffOfA,
  });
  const { deliverableId } = seeded;
  const response = await call('clientOfA', 'POST', '/api/v1/policies', {
    deliverableId,
    ownerId: fixture.userIds.clientOfA,
    effectiveDate: day(0),
    reviewDate: day(365),
  });
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, policyDetailSchema).id;
}

async function invitationsTo(email: string): Promise<number> {
  const rows = await withTenant(database.db, system, (tx) =>
    tx
      .select({ id: outboundEmails.id, text: outboundEmails.textBody })
      .from(outboundEmails)
      .where(and(eq(outboundEmails.toAddress, email), eq(outboundEmails.kind, 'attestation.invitation'))),
  );
  return rows.filter((row) => /#token=[A-Za-z0-9_-]{20,}/.test(row.text)).length;
}

let policyId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds.staffOfA));
  for (const [org, actor] of [
    ['a', 'staffOfA'],
    ['b', 'clientOfB'],
  ] as const) {
    const response = await call(actor, 'POST', '/api/v1/integrations/scim/token', { organizationId: fixture.orgs[org].id });
    expect(response.statusCode, response.body).toBe(201);
    tokens[org] = readJson(response, createdScimTokenSchema).secret;
  }
  policyId = await publishPolicy();
  for (const [name, department] of [
    ['Ada', 'Engineering'],
    ['Ben', 'Engineering'],
    ['Cy', 'Sales'],
    ['Dee', 'Sales'],
  ] as const) {
    ids[name] = (await scimUser('a', name, department)).id;
  }
  ids.zed = (await scimUser('b', 'Zed', 'Engineering')).id;
  ids.champions = (
    await scim('a', 'POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Security champions',
      members: [{ value: ids.Ada }, { value: ids.Ben }],
    })
  ).id;
  ids.finance = (await scim('a', 'POST', '/Groups', { schemas: [GROUP], displayName: 'Finance', members: [] })).id;
  ids.theirs = (await scim('b', 'POST', '/Groups', { schemas: [GROUP], displayName: 'B team', members: [{ value: ids.zed }] })).id;
}, 240_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const campaign = (groupIds: string[]) => ({
  title: 'Security champions attestation',
  policyIds: [policyId],
  audience: { kind: 'groups', groupIds },
  dueDate: day(14),
});

describe('attestation campaigns by SCIM group', () => {
  let created: AttestationCampaignDetail;

  it('the roster lists the organization’s groups with their active members, and only its own', async () => {
    const ours = readJson(await call('clientOfA', 'GET', '/api/v1/people'), personListSchema);
    expect(ours.groups).toEqual([
      { id: ids.finance, name: 'Finance', activeMembers: 0 },
      { id: ids.champions, name: 'Security champions', activeMembers: 2 },
    ]);
    const theirs = readJson(await call('clientOfB', 'GET', '/api/v1/people'), personListSchema);
    expect(theirs.groups).toEqual([{ id: ids.theirs, name: 'B team', activeMembers: 1 }]);
  });

  it('refuses an unknown group and another organization’s group alike (400 ATTESTATION_GROUP_NOT_FOUND), and a group of nobody', async () => {
    const unknown = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', campaign(['00000000-0000-4000-8000-000000000000']));
    expect(unknown.statusCode).toBe(400);
    expect(tenantErrorOf(unknown.body).code).toBe('ATTESTATION_GROUP_NOT_FOUND');
    const theirs = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', campaign([ids.champions ?? '', ids.theirs ?? '']));
    expect(theirs.statusCode).toBe(400);
    expect(tenantErrorOf(theirs.body).code).toBe('ATTESTATION_GROUP_NOT_FOUND');
    const empty = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', campaign([ids.finance ?? '']));
    expect(empty.statusCode).toBe(400);
    expect(tenantErrorOf(empty.body).code).toBe('VALIDATION_FAILED');
    const none = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', campaign([]));
    expect(none.statusCode).toBe(400);
    expect(tenantErrorOf(none.body).code).toBe('VALIDATION_FAILED');
    const notAnId = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', campaign(['Security champions']));
    expect(notAnId.statusCode).toBe(400);
  });

  it('invites the group’s active members, resolved when the campaign begins', async () => {
    const response = await call('clientOfA', 'POST', '/api/v1/attestation-campaigns', campaign([ids.champions ?? '']));
    expect(response.statusCode, response.body).toBe(201);
    created = readJson(response, attestationCampaignDetailSchema);
    expect(created.groups).toEqual([{ id: ids.champions, name: 'Security champions' }]);
    expect(created.departments).toEqual([]);
    expect(created.recipients.map((row) => [row.name, row.status])).toEqual([
      ['Ada', 'pending'],
      ['Ben', 'pending'],
    ]);
    expect(await invitationsTo('ada@a.example.com')).toBe(1);
    expect(await invitationsTo('cy@a.example.com')).toBe(0);
    expect((await call('clientOfB', 'GET', `/api/v1/attestation-campaigns/${created.id}`)).statusCode).toBe(404);
  });

  it('a person added to the group while the campaign is open joins it (once); another group’s change does nothing', async () => {
    await patch('a', `/Groups/${ids.champions}`, [{ op: 'add', path: 'members', value: [{ value: ids.Cy }] }]);
    await patch('a', `/Groups/${ids.finance}`, [{ op: 'add', path: 'members', value: [{ value: ids.Dee }] }]);
    const detail = readJson(await call('clientOfA', 'GET', `/api/v1/attestation-campaigns/${created.id}`), attestationCampaignDetailSchema);
    expect(detail.recipients.map((row) => [row.name, row.department, row.status])).toEqual([
      ['Ada', 'Engineering', 'pending'],
      ['Ben', 'Engineering', 'pending'],
      ['Cy', 'Sales', 'pending'],
    ]);
    expect(detail.completion).toEqual({ acknowledged: 0, expected: 3, percent: 0 });
    expect(await invitationsTo('cy@a.example.com')).toBe(1);
    expect(await invitationsTo('dee@a.example.com')).toBe(0);
    const trail = await withTenant(database.db, system, (tx) =>
      tx
        .select({ action: auditEvents.action, after: auditEvents.after })
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'attestation_recipient.add'))),
    );
    expect(trail).toEqual([{ action: 'attestation_recipient.add', after: expect.objectContaining({ personId: ids.Cy }) }]);
    // Taken out and put back by the identity provider: still one invitation.
    await patch('a', `/Groups/${ids.champions}`, [{ op: 'remove', path: `members[value eq "${ids.Cy}"]` }]);
    await patch('a', `/Groups/${ids.champions}`, [{ op: 'add', path: 'members', value: [{ value: ids.Cy }] }]);
    expect(await invitationsTo('cy@a.example.com')).toBe(1);
  });

  it('a leaver is taken off; someone who only leaves the group stays on the campaign', async () => {
    await patch('a', `/Users/${ids.Ben}`, [{ op: 'replace', path: 'active', value: false }]);
    await patch('a', `/Groups/${ids.champions}`, [{ op: 'remove', path: `members[value eq "${ids.Ada}"]` }]);
    const detail = readJson(await call('clientOfA', 'GET', `/api/v1/attestation-campaigns/${created.id}`), attestationCampaignDetailSchema);
    expect(detail.recipients.map((row) => [row.name, row.status])).toEqual([
      ['Ada', 'pending'],
      ['Ben', 'removed'],
      ['Cy', 'pending'],
    ]);
    expect(detail.people).toEqual({ pending: 2, completed: 0, removed: 1 });
  });
});
