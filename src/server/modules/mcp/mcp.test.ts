import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { auditTrailSchema } from '../../../shared/schemas/audit.ts';
import { type ApiKeyScopes, createdApiKeySchema } from '../../../shared/schemas/integrations.ts';
import { riskSchema } from '../../../shared/schemas/risks.ts';
import { buildApp } from '../../app.ts';
import { userRoles } from '../../db/schema/access.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { verifyChain } from '../../platform/audit/audit-chain.ts';
import { registerRouteAccess } from '../../platform/access/route-access.ts';

/**
 * The MCP server at /mcp (docs/mcp.md), driven by the SDK's own client over streamable HTTP against a
 * listening app: tools per scope, a call of each kind, tenancy held, refusals.
 */

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let mcpUrl: URL;
let readKey: string;
let writeKey: string;
let riskOfA: { id: string; title: string };
let riskOfB: { id: string; title: string };
const clients: Client[] = [];

async function createKey(name: string, scopes: Partial<ApiKeyScopes>): Promise<{ id: string; key: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/integrations/api-keys',
    headers: { authorization: `Bearer ${fixture.tokens.staffOfA}` },
    payload: { organizationId: fixture.orgs.a.id, name, scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, createdApiKeySchema);
}

async function createRisk(organizationId: string, title: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/risks',
    headers: { authorization: `Bearer ${fixture.tokens.administrator}` },
    payload: { organizationId, title, category: 'security', likelihood: 4, impact: 4, treatment: 'mitigate' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return readJson(response, riskSchema);
}

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'compliancecore-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } }));
  clients.push(client);
  return client;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  mcpUrl = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/mcp`);
  fixture = await createTenantFixture(app, database);
  await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds.staffOfA));
  readKey = (await createKey('Reporting assistant', { risks: 'read', programme: 'read' })).key;
  writeKey = (await createKey('Claude risk assistant', { risks: 'read_write', programme: 'read' })).key;
  riskOfA = await createRisk(fixture.orgs.a.id, 'Laptop theft exposes customer data');
  riskOfB = await createRisk(fixture.orgs.b.id, 'Borealis wire fraud');
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await app?.close();
  await database?.dispose();
});

describe('connecting', () => {
  it('refuses a client without credentials with 401 and a bearer challenge', async () => {
    const client = new Client({ name: 'anonymous', version: '1.0.0' });
    const refused = await client.connect(new StreamableHTTPClientTransport(mcpUrl)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(401);
    const raw = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toBe('Bearer realm="ComplianceCore"');
    expect(await raw.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('stays guarded: a route under /mcp that declares no access is refused at registration, with the fix', async () => {
    const bare = Fastify();
    registerRouteAccess(bare);
    expect(() => bare.post('/mcp/extra', async () => ({ ok: true }))).toThrow(
      /POST \/mcp\/extra declares no access: set config.access to one of/,
    );
  });

  it('takes a session’s bearer token too: the user’s permissions and organization, never a person-only operation', async () => {
    const client = await connect(bearer(fixture.tokens.clientOfA));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['listRisks', 'createRisk']));
    // Publishing a policy is a person's decision (keys are refused it): an assistant is never offered it.
    expect(names).not.toContain('publishPolicy');
    const risks = await client.callTool({ name: 'listRisks', arguments: {} });
    const titles = (risks.structuredContent as { risks: { title: string }[] }).risks.map((risk) => risk.title);
    expect(titles).toContain(riskOfA.title);
    expect(titles).not.toContain(riskOfB.title);
  });
});

describe('tools', () => {
  it('are the operations the key’s scopes cover: a read-only key lists no write, and cannot call one', async () => {
    const client = await connect(bearer(readKey));
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['listRisks', 'getRisk', 'listFrameworks', 'getFramework', 'listControls']));
    expect(names).not.toContain('createRisk');
    expect(names).not.toContain('listEvidence');
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    const getRisk = tools.find((tool) => tool.name === 'getRisk');
    expect(getRisk?.inputSchema).toMatchObject({ type: 'object', required: ['riskId'] });
    expect(getRisk?.description).toMatch(/\w/);
    await expect(client.callTool({ name: 'createRisk', arguments: { title: 'Nope' } })).rejects.toThrow(/Unknown tool: createRisk/);
  });

  it('lists writes, marked, for a read-write key (reads first)', async () => {
    const client = await connect(bearer(writeKey));
    const { tools } = await client.listTools();
    const createRisk = tools.find((tool) => tool.name === 'createRisk');
    expect(createRisk?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(createRisk?.inputSchema.properties).toHaveProperty('likelihood');
    const firstWrite = tools.findIndex((tool) => tool.annotations?.readOnlyHint === false);
    expect(tools.slice(firstWrite).every((tool) => tool.annotations?.readOnlyHint === false)).toBe(true);
  });

  it('reads through the API: the key’s organization only', async () => {
    const client = await connect(bearer(readKey));
    const result = await client.callTool({ name: 'listRisks', arguments: {} });
    expect(result.isError).toBeFalsy();
    const titles = (result.structuredContent as { risks: { title: string }[] }).risks.map((risk) => risk.title);
    expect(titles).toContain(riskOfA.title);
    expect(titles).not.toContain(riskOfB.title);
  });

  it('writes through the API, on the audit trail under the key’s name', async () => {
    const client = await connect(bearer(writeKey));
    const result = await client.callTool({
      name: 'createRisk',
      arguments: { title: 'Assistant-filed: shared admin password', category: 'security', likelihood: 3, impact: 5, treatment: 'mitigate' },
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const created = riskSchema.parse(result.structuredContent);
    const [entry] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.organizationId, fixture.orgs.a.id)));
    expect(entry).toMatchObject({ actorId: fixture.userIds.staffOfA, apiKeyName: 'Claude risk assistant', apiKeyId: expect.any(String) });
    expect((await verifyChain(database.db, fixture.orgs.a.id)).ok).toBe(true);
    const trail = await app.inject({
      method: 'GET',
      url: `/api/v1/audit-trail?organizationId=${fixture.orgs.a.id}&entityId=${created.id}`,
      headers: bearer(fixture.tokens.staffOfA),
    });
    expect(readJson(trail, auditTrailSchema).events[0]?.apiKey?.name).toBe('Claude risk assistant');
  });

  it('answers another organization’s id as not found', async () => {
    const client = await connect(bearer(readKey));
    const result = await client.callTool({ name: 'getRisk', arguments: { riskId: riskOfB.id } });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '')).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
  });

  it('answers bad input with the API’s validation error', async () => {
    const client = await connect(bearer(writeKey));
    const result = await client.callTool({
      name: 'createRisk',
      arguments: { title: 'x', category: 'security', likelihood: 9, impact: 1, treatment: 'mitigate' },
    });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '')).toMatchObject({
      status: 400,
      error: { code: 'VALIDATION_FAILED' },
    });
  });
});

describe('resources and prompts', () => {
  it('read a framework with its requirements, and one requirement', async () => {
    const client = await connect(bearer(readKey));
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining(['compliancecore://frameworks', 'compliancecore://frameworks/soc2', 'compliancecore://controls']),
    );
    const framework = await client.readResource({ uri: 'compliancecore://frameworks/soc2' });
    const body = JSON.parse((framework.contents[0] as { text: string }).text) as { id: string; requirements: { ref: string }[] };
    expect(body.id).toBe('soc2');
    expect(body.requirements.length).toBeGreaterThan(10);
    const ref = body.requirements[0]?.ref ?? '';
    const requirement = await client.readResource({ uri: `compliancecore://frameworks/soc2/requirements/${encodeURIComponent(ref)}` });
    expect(JSON.parse((requirement.contents[0] as { text: string }).text)).toMatchObject({ frameworkId: 'soc2', ref });
    await expect(client.readResource({ uri: 'compliancecore://frameworks/soc2/requirements/NOPE-99' })).rejects.toThrow(/Not found/);
  });

  it('give the SOC 2 prompt the organization’s own data, never another’s', async () => {
    const client = await connect(bearer(readKey));
    const prompt = await client.getPrompt({ name: 'prepare-soc2-audit', arguments: {} });
    const text = (prompt.messages[0]?.content as { text: string }).text;
    expect(text).toContain('SOC 2');
    expect(text).toContain(riskOfA.title);
    expect(text).not.toContain(riskOfB.title);
    // Evidence is outside this key's scopes: the section says so instead of failing the prompt.
    expect(text).toMatch(/## Evidence expiring soon\nNot available to this connection \(403 API_KEY_SCOPE_MISSING\)/);
    const changed = await client.getPrompt({ name: 'what-changed', arguments: { days: '7' } });
    expect((changed.messages[0]?.content as { text: string }).text).toContain(riskOfA.title);
  });
});
