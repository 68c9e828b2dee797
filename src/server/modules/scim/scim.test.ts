import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { createdScimTokenSchema, scimSettingsSchema } from '../../../shared/schemas/scim.ts';
import { buildApp } from '../../app.ts';
import { userRoles } from '../../db/schema/access.ts';
import { attestationCampaigns, attestationRecipients } from '../../db/schema/attestations.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { people } from '../../db/schema/people.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';

/**
 * The done-when test of SCIM (issue 37, docs/scim.md): a client written from RFC 7644 — it knows the
 * protocol's URNs, verbs and content type, nothing of this server's code — provisions an organization's
 * roster through the real app: creates, filters, pages, patches, deactivates and deletes Users and
 * Groups; and is refused in SCIM's own error format. Then tenancy (org B's token sees nothing of A's) and
 * the token's life (made once, rotated, revoked; a bad token is 401).
 */

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

type Resource = Record<string, unknown> & { id: string };
interface ListResponse {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: Resource[];
}
interface ScimAnswer<T> {
  status: number;
  body: T;
  contentType: string;
  headers: Record<string, unknown>;
}

/** An RFC 7644 client over inject(): JSON in application/scim+json, a bearer token, nothing else. */
class ScimClient {
  private readonly server: FastifyInstance;
  private readonly token: string | null;

  constructor(server: FastifyInstance, token: string | null) {
    this.server = server;
    this.token = token;
  }

  async send<T = Resource>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ScimAnswer<T>> {
    const response = await this.server.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return {
      status: response.statusCode,
      body: (response.body ? JSON.parse(response.body) : null) as T,
      contentType: String(response.headers['content-type'] ?? ''),
      headers: response.headers,
    };
  }

  list(resource: 'Users' | 'Groups', query: Record<string, string> = {}) {
    return this.send<ListResponse>('GET', `/${resource}?${new URLSearchParams(query).toString()}`);
  }

  patch(resource: 'Users' | 'Groups', id: string, operations: Record<string, unknown>[]) {
    return this.send('PATCH', `/${resource}/${id}`, { schemas: [PATCH_OP], Operations: operations });
  }
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let scimA: ScimClient;
let scimB: ScimClient;
let tokenA = '';

const as = (actor: TenantActor) => ({ authorization: `Bearer ${fixture.tokens[actor]}` });
const system = { kind: 'all', userId: null } as const;

const userBody = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER, ENTERPRISE],
  userName,
  externalId: `okta-${userName}`,
  name: { givenName: userName.split('@')[0], familyName: 'Tester' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});

function expectScimError(answer: ScimAnswer<unknown>, status: number, scimType?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.contentType).toContain('application/scim+json');
  expect(answer.body).toMatchObject({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) });
  expect((answer.body as { detail: string }).detail.length).toBeGreaterThan(0);
}

async function rotate(actor: TenantActor, organizationId: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/integrations/scim/token',
    headers: as(actor),
    payload: { organizationId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, createdScimTokenSchema);
}

const personRow = async (id: string) => {
  const [row] = await withTenant(database.db, system, (tx) => tx.select().from(people).where(eq(people.id, id)));
  return row;
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds.staffOfA));
  tokenA = (await rotate('staffOfA', fixture.orgs.a.id)).secret;
  scimA = new ScimClient(app, tokenA);
  scimB = new ScimClient(app, (await rotate('clientOfB', fixture.orgs.b.id)).secret);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('SCIM 2.0 provisioning through the real server', () => {
  it('describes itself: ServiceProviderConfig, Schemas and ResourceTypes', async () => {
    const config = await scimA.send<Record<string, { supported: boolean }>>('GET', '/ServiceProviderConfig');
    expect(config.contentType).toContain('application/scim+json');
    expect([config.body.patch?.supported, config.body.filter?.supported, config.body.bulk?.supported]).toEqual([true, true, false]);
    const schemas = await scimA.send<ListResponse>('GET', '/Schemas');
    expect(schemas.body.Resources.map((schema) => schema.id)).toEqual([USER, ENTERPRISE, GROUP]);
    const userSchema = await scimA.send<{ attributes: { name: string; uniqueness: string }[] }>('GET', `/Schemas/${USER}`);
    expect(userSchema.body.attributes.find((attribute) => attribute.name === 'userName')?.uniqueness).toBe('server');
    const types = await scimA.send<ListResponse>('GET', '/ResourceTypes');
    expect(types.body.Resources.map((type) => [type.name, type.endpoint])).toEqual([
      ['User', '/Users'],
      ['Group', '/Groups'],
    ]);
    expectScimError(await scimA.send('GET', '/Schemas/urn:nope'), 404);
  });

  it('creates, filters, pages, patches, deactivates and deletes Users and Groups', async () => {
    // Create: 201, Location, the enterprise extension's department and manager.
    const boss = await scimA.send('POST', '/Users', userBody('boss@acme.example', { displayName: 'Bea Boss' }));
    expect(boss.status, JSON.stringify(boss.body)).toBe(201);
    expect(boss.contentType).toContain('application/scim+json');
    expect(String(boss.headers.location)).toMatch(new RegExp(`^https?://[^/]+/scim/v2/Users/${boss.body.id}$`));
    const ann = await scimA.send(
      'POST',
      '/Users',
      userBody('ann@acme.example', { title: 'Engineer', [ENTERPRISE]: { department: 'Engineering', manager: { value: boss.body.id } } }),
    );
    expect(ann.status, JSON.stringify(ann.body)).toBe(201);
    expect(ann.body).toMatchObject({
      schemas: [USER, ENTERPRISE],
      userName: 'ann@acme.example',
      externalId: 'okta-ann@acme.example',
      name: { givenName: 'ann', familyName: 'Tester', formatted: 'ann Tester' },
      active: true,
      emails: [{ value: 'ann@acme.example', type: 'work', primary: true }],
      [ENTERPRISE]: { department: 'Engineering', manager: { value: boss.body.id, displayName: 'Bea Boss' } },
      meta: { resourceType: 'User' },
    });
    const carl = await scimA.send('POST', '/Users', userBody('carl@acme.example', { displayName: 'Carl Castle' }));
    expect(carl.status).toBe(201);
    // The roster holds them, written by the people module as SCIM's.
    expect(await personRow(ann.body.id)).toMatchObject({
      email: 'ann@acme.example',
      department: 'Engineering',
      title: 'Engineer',
      source: 'scim',
    });

    // Duplicate userName (any case) and an unknown attribute, in SCIM's words.
    expectScimError(await scimA.send('POST', '/Users', userBody('ANN@acme.example')), 409, 'uniqueness');
    expectScimError(await scimA.send('POST', '/Users', userBody('dora@acme.example', { favouriteColour: 'blue' })), 400, 'invalidValue');
    expectScimError(await scimA.send('POST', '/Users', { schemas: [USER], emails: [{ value: 'x@acme.example' }] }), 400, 'invalidValue');

    // Filters: userName, emails.value, externalId, displayName, and/or; paging.
    const ids = (answer: ScimAnswer<ListResponse>) => answer.body.Resources.map((resource) => resource.id);
    expect(ids(await scimA.list('Users', { filter: 'userName eq "Ann@Acme.example"' }))).toEqual([ann.body.id]);
    expect(ids(await scimA.list('Users', { filter: 'emails.value eq "carl@acme.example"' }))).toEqual([carl.body.id]);
    expect(ids(await scimA.list('Users', { filter: 'externalId eq "okta-boss@acme.example"' }))).toEqual([boss.body.id]);
    expect(ids(await scimA.list('Users', { filter: 'displayName eq "Carl Castle"' }))).toEqual([carl.body.id]);
    const either = await scimA.list('Users', {
      filter: 'userName eq "ann@acme.example" or (displayName eq "Carl Castle" and active eq true)',
    });
    expect(either.body).toMatchObject({ schemas: [LIST], totalResults: 2, startIndex: 1, itemsPerPage: 2 });
    const page = await scimA.list('Users', { startIndex: '2', count: '1' });
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(ids(page)).toEqual([ann.body.id]);
    expect((await scimA.list('Users', { count: '0' })).body).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
    expectScimError(await scimA.list('Users', { filter: 'userName eq' }), 400, 'invalidFilter');
    expectScimError(await scimA.list('Users', { filter: 'shoeSize gt 40' }), 400, 'invalidFilter');

    // PATCH: replace with a path, with a value filter, without a path; unknown path.
    const patched = await scimA.patch('Users', ann.body.id, [
      { op: 'replace', path: 'name.familyName', value: 'Archer' },
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'ann.archer@acme.example' },
      { op: 'add', path: `${ENTERPRISE}:department`, value: 'Security' },
      { op: 'replace', value: { displayName: 'Ann Archer', title: 'Security engineer' } },
      { op: 'remove', path: `${ENTERPRISE}:manager` },
    ]);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ name: { familyName: 'Archer' }, displayName: 'Ann Archer', title: 'Security engineer' });
    expect(patched.body[ENTERPRISE]).toEqual({ department: 'Security' });
    expect(await personRow(ann.body.id)).toMatchObject({ email: 'ann.archer@acme.example', name: 'Ann Archer', managerId: null });
    expectScimError(await scimA.patch('Users', ann.body.id, [{ op: 'replace', path: 'shoeSize', value: 42 }]), 400, 'invalidPath');
    expectScimError(
      await scimA.patch('Users', ann.body.id, [{ op: 'replace', path: 'emails[type eq "home"].value', value: 'a@home.example' }]),
      400,
      'noTarget',
    );
    expectScimError(await scimA.send('PATCH', `/Users/${ann.body.id}`, { Operations: [] }), 400, 'invalidSyntax');

    // PUT replaces: what it leaves out is cleared.
    const replaced = await scimA.send('PUT', `/Users/${carl.body.id}`, userBody('carl@acme.example', { displayName: 'Carl C.' }));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ displayName: 'Carl C.', userName: 'carl@acme.example' });

    // Groups: create with members, filter, patch members in and out, the users show them.
    const team = await scimA.send('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'Security team',
      externalId: 'grp-1',
      members: [{ value: ann.body.id }, { value: boss.body.id }],
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    expect((team.body.members as { value: string }[]).map((member) => member.value).sort()).toEqual([ann.body.id, boss.body.id].sort());
    expectScimError(await scimA.send('POST', '/Groups', { schemas: [GROUP], displayName: 'security TEAM' }), 409, 'uniqueness');
    expectScimError(
      await scimA.send('POST', '/Groups', { schemas: [GROUP], displayName: 'Ghosts', members: [{ value: crypto.randomUUID() }] }),
      400,
      'invalidValue',
    );
    expect(ids(await scimA.list('Groups', { filter: 'displayName eq "security team"' }))).toEqual([team.body.id]);
    expect(ids(await scimA.list('Groups', { filter: `members[value eq "${boss.body.id}"]` }))).toEqual([team.body.id]);
    const withoutMembers = await scimA.list('Groups', { excludedAttributes: 'members' });
    expect(withoutMembers.body.Resources[0]).not.toHaveProperty('members');
    const moved = await scimA.patch('Groups', team.body.id, [
      { op: 'add', path: 'members', value: [{ value: carl.body.id }] },
      { op: 'remove', path: `members[value eq "${boss.body.id}"]` },
      { op: 'replace', path: 'displayName', value: 'SecOps' },
    ]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.displayName).toBe('SecOps');
    expect((moved.body.members as { value: string }[]).map((member) => member.value).sort()).toEqual([ann.body.id, carl.body.id].sort());
    const annNow = await scimA.send('GET', `/Users/${ann.body.id}`);
    expect(annNow.body.groups).toEqual([expect.objectContaining({ value: team.body.id, display: 'SecOps' })]);
    expectScimError(
      await scimA.patch('Groups', team.body.id, [{ op: 'remove', path: `members[value eq "${boss.body.id}"]` }]),
      400,
      'noTarget',
    );

    // Deactivation: active false (Entra sends the string "False") makes a leaver through the people module,
    // which takes them off the organization's open attestation campaign (set up here as rows; Bea stays on it).
    const campaignId = await withTenant(database.db, system, async (tx) => {
      const [campaign] = await tx
        .insert(attestationCampaigns)
        .values({
          organizationId: fixture.orgs.a.id,
          title: 'Acceptable use 2026',
          dueDate: '2099-01-31',
          reminderEveryDays: 7,
          linksExpireAt: new Date(Date.now() + 86_400_000 * 30),
          siteOrigin: 'http://localhost',
          createdBy: fixture.userIds.staffOfA,
        })
        .returning();
      if (!campaign) throw new Error('campaign not created');
      await tx.insert(attestationRecipients).values(
        [carl, boss].map((person, index) => ({
          organizationId: fixture.orgs.a.id,
          campaignId: campaign.id,
          personId: person.body.id,
          name: String(person.body.displayName),
          email: String(person.body.userName),
          tokenHash: `hash-${index}-${crypto.randomUUID()}`,
        })),
      );
      return campaign.id;
    });
    const deactivated = await scimA.patch('Users', carl.body.id, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(deactivated.body.active).toBe(false);
    const carlRow = await personRow(carl.body.id);
    expect(carlRow?.status).toBe('inactive');
    expect(carlRow?.endDate).toBe(new Date().toISOString().slice(0, 10));
    const trail = await withTenant(database.db, system, (tx) =>
      tx
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, carl.body.id), eq(auditEvents.action, 'person.deactivate'))),
    );
    expect(trail).toHaveLength(1);
    expect(ids(await scimA.list('Users', { filter: 'active eq false' }))).toEqual([carl.body.id]);
    const statuses = await withTenant(database.db, system, (tx) =>
      tx
        .select({ personId: attestationRecipients.personId, status: attestationRecipients.status })
        .from(attestationRecipients)
        .where(eq(attestationRecipients.campaignId, campaignId)),
    );
    expect(Object.fromEntries(statuses.map((row) => [row.personId, row.status]))).toEqual({
      [carl.body.id]: 'removed',
      [boss.body.id]: 'pending',
    });
    const back = await scimA.patch('Users', carl.body.id, [{ op: 'replace', value: { active: true } }]);
    expect([back.body.active, (await personRow(carl.body.id))?.endDate]).toEqual([true, null]);

    // Delete: 204, then 404 everywhere; the group forgets the member.
    expect((await scimA.send('DELETE', `/Users/${ann.body.id}`)).status).toBe(204);
    expectScimError(await scimA.send('GET', `/Users/${ann.body.id}`), 404);
    expect(await personRow(ann.body.id)).toBeUndefined();
    const teamNow = await scimA.send('GET', `/Groups/${team.body.id}`);
    expect((teamNow.body.members as { value: string }[]).map((member) => member.value)).toEqual([carl.body.id]);
    expect((await scimA.send('DELETE', `/Groups/${team.body.id}`)).status).toBe(204);
    expectScimError(await scimA.send('GET', `/Groups/${team.body.id}`), 404);
    expectScimError(await scimA.send('DELETE', `/Groups/${team.body.id}`), 404);
  });

  it('answers malformed bodies and unknown endpoints in SCIM’s format', async () => {
    expectScimError(await scimA.send('POST', '/Users', '{"userName": '), 400, 'invalidSyntax');
    expectScimError(await scimA.send('GET', '/Widgets'), 404);
    expectScimError(await scimA.send('GET', '/Users/not-an-id'), 404);
  });

  it('keeps organizations apart: B’s token never sees A’s people or groups', async () => {
    const mine = await scimA.send('POST', '/Users', userBody('only-a@acme.example'));
    const group = await scimA.send('POST', '/Groups', { schemas: [GROUP], displayName: 'A only', members: [{ value: mine.body.id }] });
    expect([mine.status, group.status]).toEqual([201, 201]);
    expect((await scimB.list('Users', { filter: 'userName eq "only-a@acme.example"' })).body.totalResults).toBe(0);
    expect((await scimB.list('Users')).body.totalResults).toBe(0);
    expect((await scimB.list('Groups')).body.totalResults).toBe(0);
    expectScimError(await scimB.send('GET', `/Users/${mine.body.id}`), 404);
    expectScimError(await scimB.patch('Users', mine.body.id, [{ op: 'replace', path: 'active', value: false }]), 404);
    expectScimError(await scimB.send('PUT', `/Groups/${group.body.id}`, { schemas: [GROUP], displayName: 'Taken over' }), 404);
    expectScimError(await scimB.send('DELETE', `/Users/${mine.body.id}`), 404);
    // B may use the same userName in its own roster, and cannot put A's person in its group.
    expect((await scimB.send('POST', '/Users', userBody('only-a@acme.example'))).status).toBe(201);
    expectScimError(
      await scimB.send('POST', '/Groups', { schemas: [GROUP], displayName: 'B', members: [{ value: mine.body.id }] }),
      400,
      'invalidValue',
    );
    expect((await personRow(mine.body.id))?.status).toBe('active');
  });

  it('refuses missing, wrong, rotated and revoked tokens with 401 in SCIM’s format, and lets only integration admins manage them', async () => {
    const refused = await new ScimClient(app, null).list('Users');
    expectScimError(refused, 401);
    expect(refused.headers['www-authenticate']).toContain('Bearer');
    expectScimError(await new ScimClient(app, `${tokenA}x`).list('Users'), 401);
    expectScimError(await new ScimClient(app, fixture.tokens.clientOfB).list('Users'), 401);

    // The settings show the token's prefix, never its secret; another organization's are 404; a plain client is 403.
    const settings = await app.inject({
      method: 'GET',
      url: `/api/v1/integrations/scim?organizationId=${fixture.orgs.a.id}`,
      headers: as('staffOfA'),
    });
    const read = readJson(settings, scimSettingsSchema);
    expect(read.token?.prefix).toBe(tokenA.split('_').slice(0, 2).join('_'));
    // Who made it, by the name the workspace shows (this user has none: their address).
    expect(read.token).toMatchObject({ createdBy: fixture.userIds.staffOfA, createdByName: expect.stringMatching(/@/) });
    expect(read.baseUrl).toMatch(/\/scim\/v2$/);
    expect(read.provisionedUsers).toBeGreaterThan(0);
    expect(settings.body).not.toContain(tokenA);
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/integrations/scim?organizationId=${fixture.orgs.a.id}`,
      headers: as('clientOfB'),
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/integrations/scim/token', headers: as('clientOfA'), payload: {} })).statusCode,
    ).toBe(403);

    // Rotation: the old token stops at once, the new one works; revocation stops it too.
    const rotated = await rotate('staffOfA', fixture.orgs.a.id);
    expectScimError(await scimA.list('Users'), 401);
    const fresh = new ScimClient(app, rotated.secret);
    expect((await fresh.list('Users')).status).toBe(200);
    const revoked = await app.inject({
      method: 'POST',
      url: '/api/v1/integrations/scim/token/revocation',
      headers: as('staffOfA'),
      payload: { organizationId: fixture.orgs.a.id },
    });
    expect(readJson(revoked, scimSettingsSchema).token).toBeNull();
    expectScimError(await fresh.list('Users'), 401);
    const actions = await withTenant(database.db, system, (tx) =>
      tx.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.entityId, fixture.orgs.a.id)),
    );
    expect(actions.map((entry) => entry.action).filter((action) => action.startsWith('scim_token.'))).toEqual([
      'scim_token.create',
      'scim_token.rotate',
      'scim_token.revoke',
    ]);
  });
});
