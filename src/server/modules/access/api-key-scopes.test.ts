import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { API_KEY_AREAS, type ApiKeyScope } from '../../../shared/api-key-scopes.ts';
import { createdApiKeySchema } from '../../../shared/schemas/integrations.ts';
import { buildApp } from '../../app.ts';
import { securityEvents, userRoles } from '../../db/schema/access.ts';
import { UndeclaredApiKeyScopeError, registerRouteAccess } from '../../platform/access/route-access.ts';

/**
 * Issue 31, item 1: an API key does only what its scopes say. Every operation of the product API in the
 * OpenAPI document is called with a key of each scope (and one with none); the keys' maker is an
 * administrator, who holds every permission and reaches the key's organization, so only the key's scopes
 * can refuse. Written out by hand from docs/integrations.md, not computed with the code under test:
 * an operation missing here is expected to refuse every key, so a new one is closed until listed.
 */
type KeyName = ApiKeyScope | 'none';
const SCOPES: readonly ApiKeyScope[] = API_KEY_AREAS.flatMap((area) => [`${area}:read` as const, `${area}:read_write` as const]);
const KEYS: readonly KeyName[] = [...SCOPES, 'none'];

/** The keys a scope admits: `risks:read` both risks keys, `risks:read_write` only the writing one. */
const holders = (...scopes: ApiKeyScope[]): KeyName[] =>
  SCOPES.filter((key) => scopes.some((scope) => key === scope || (scope.endsWith(':read') && key === `${scope}_write`)));
const EVERY_KEY = 'unscoped' as const;

/** operationId → the keys it admits (every other operation refuses every key). */
const KEY_CALLABLE: Record<string, typeof EVERY_KEY | readonly ApiKeyScope[]> = {
  // Public: a key adds nothing the call would not give anyone.
  getPublicConfig: EVERY_KEY,
  searchContent: EVERY_KEY,
  sendConsultationRequest: EVERY_KEY,
  sendContactForm: EVERY_KEY,
  listPressArticles: EVERY_KEY,
  receiveStripeWebhook: EVERY_KEY,
  createDsarRequest: EVERY_KEY,
  // A trust center's public page, its access requests and the downloads a grant's token opens.
  getTrustCenter: EVERY_KEY,
  requestTrustAccess: EVERY_KEY,
  downloadTrustDocument: EVERY_KEY,
  // A vendor's questionnaire link: the token in the path is the key, whoever calls.
  getVendorQuestionnaire: EVERY_KEY,
  saveVendorQuestionnaireAnswers: EVERY_KEY,
  uploadVendorQuestionnaireFile: EVERY_KEY,
  submitVendorQuestionnaire: EVERY_KEY,
  // Task requests.
  listTaskRequests: ['tasks:read'],
  getTaskRequest: ['tasks:read'],
  listTaskComments: ['tasks:read'],
  getTaskSummary: ['tasks:read'],
  downloadTaskAttachment: ['tasks:read'],
  getQualityScores: ['tasks:read'],
  classifyTaskRequest: ['tasks:read_write'],
  createTaskRequest: ['tasks:read_write'],
  cancelTaskRequest: ['tasks:read_write'],
  submitTaskRevision: ['tasks:read_write'],
  createTaskComment: ['tasks:read_write'],
  uploadTaskAttachment: ['tasks:read_write'],
  // Deliverables.
  listDeliverables: ['deliverables:read'],
  getDeliverable: ['deliverables:read'],
  downloadDeliverable: ['deliverables:read'],
  // Frameworks and controls.
  listFrameworks: ['programme:read'],
  getFramework: ['programme:read'],
  getCrosswalk: ['programme:read'],
  getReadiness: ['programme:read'],
  listReadinessHistory: ['programme:read'],
  exportReadinessReport: ['programme:read'],
  listControls: ['programme:read'],
  activateFramework: ['programme:read_write'],
  deactivateFramework: ['programme:read_write'],
  updateControl: ['programme:read_write'],
  // Evidence (signing off is a person's judgment: no key).
  listEvidence: ['evidence:read'],
  getEvidence: ['evidence:read'],
  downloadEvidence: ['evidence:read'],
  createEvidenceLink: ['evidence:read_write'],
  uploadEvidence: ['evidence:read_write'],
  updateEvidence: ['evidence:read_write'],
  deleteEvidence: ['evidence:read_write'],
  // Risks.
  listRisks: ['risks:read'],
  getRisk: ['risks:read'],
  createRisk: ['risks:read_write'],
  updateRisk: ['risks:read_write'],
  // Vendors.
  listVendors: ['vendors:read'],
  getVendor: ['vendors:read'],
  createVendor: ['vendors:read_write'],
  updateVendor: ['vendors:read_write'],
  listVendorQuestionnaires: ['vendors:read'],
  downloadVendorQuestionnaireFile: ['vendors:read'],
  sendVendorQuestionnaire: ['vendors:read_write'],
  // Vendor documents (confirming an extraction is a reviewer's judgment: no key).
  listVendorDocuments: ['vendors:read'],
  getVendorDocumentExtraction: ['vendors:read'],
  downloadVendorDocument: ['vendors:read'],
  uploadVendorDocument: ['vendors:read_write'],
  // Questionnaires answer from the programme (accepting or editing an answer is a reviewer's: no key).
  listAnswerLibrary: ['programme:read'],
  listQuestionnaires: ['programme:read'],
  getQuestionnaire: ['programme:read'],
  exportQuestionnaire: ['programme:read'],
  createQuestionnaire: ['programme:read_write'],
  answerQuestionnaire: ['programme:read_write'],
  // Policies and attestation campaigns (publishing a policy is a person's: no key); the people roster.
  listPolicies: ['policies:read'],
  getPolicy: ['policies:read'],
  listAttestationCampaigns: ['policies:read'],
  getAttestationCampaign: ['policies:read'],
  createAttestationCampaign: ['policies:read_write'],
  listPeople: ['people:read'],
  importPeople: ['people:read_write'],
  // Connectors: their runs store evidence (connecting and deleting, which handle credentials, are a person's: no key).
  listConnectors: ['evidence:read'],
  listConnections: ['evidence:read'],
  listConnectionRuns: ['evidence:read'],
  testConnection: ['evidence:read_write'],
  runConnection: ['evidence:read_write'],
  // The person's side of a campaign: their link's token, no account.
  getAttestationInvitation: EVERY_KEY,
  acknowledgePolicy: EVERY_KEY,
};

/** Operations whose path names a register: each register is its own call, admitted by its own area. */
const REGISTER_CALLS: Record<string, Record<string, readonly ApiKeyScope[]>> = {
  exportRegister: {
    controls: ['programme:read'],
    requirements: ['programme:read'],
    evidence: ['evidence:read'],
    risks: ['risks:read'],
    vendors: ['vendors:read'],
  },
  importRegister: {
    controls: ['programme:read_write'],
    risks: ['risks:read_write'],
    vendors: ['vendors:read_write'],
    people: ['people:read_write'],
  },
};

/** What each operation's `x-api-key-scope` in the document says (the same table, in the document's words). */
const DOCUMENTED_RULE: Record<string, unknown> = {
  ...Object.fromEntries(Object.entries(KEY_CALLABLE).map(([id, rule]) => [id, rule])),
  ...Object.fromEntries(Object.entries(REGISTER_CALLS).map(([id, scopes]) => [id, { param: 'register', scopes }])),
};

const AN_ID = '00000000-0000-4000-8000-000000000000';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  rule: unknown;
}
interface Call {
  operationId: string;
  method: string;
  url: string;
  admits: readonly KeyName[];
}

let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let operations: Operation[];
const keys = new Map<KeyName, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  fixture = await createTenantFixture(app, database);
  await database.db.update(userRoles).set({ isIntegrationAdmin: true }).where(eq(userRoles.userId, fixture.userIds.administrator));
  for (const name of KEYS) {
    const [area, access] = name === 'none' ? [] : name.split(':');
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/integrations/api-keys',
      headers: { authorization: `Bearer ${fixture.tokens.administrator}` },
      payload: { organizationId: fixture.orgs.a.id, name: `Key ${name}`, scopes: area ? { [area]: access } : {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    keys.set(name, readJson(created, createdApiKeySchema).key);
  }
  const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json<{
    paths: Record<string, Record<string, { operationId: string; 'x-api-key-scope'?: unknown }>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
      rule: operation['x-api-key-scope'],
    })),
  );
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const isProductApi = (path: string) => path.startsWith('/api/v1/') || path.startsWith('/functions/v1/');

function callsOf(operation: Operation): Call[] {
  const url = (register?: string) =>
    operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'register' ? register! : AN_ID));
  const registers = REGISTER_CALLS[operation.operationId];
  if (registers) {
    return Object.entries(registers).map(([register, scopes]) => ({ ...operation, url: url(register), admits: holders(...scopes) }));
  }
  const rule = KEY_CALLABLE[operation.operationId];
  const admits = rule === undefined ? [] : rule === EVERY_KEY ? KEYS : holders(...rule);
  return [{ ...operation, url: url(), admits }];
}

describe('an API key does only what its scopes say', () => {
  it('walks the whole product API in the document (and names no operation that is not there)', () => {
    const ids = new Set(operations.map((operation) => operation.operationId));
    expect(operations.filter((operation) => isProductApi(operation.path)).length).toBeGreaterThan(150);
    expect([...Object.keys(KEY_CALLABLE), ...Object.keys(REGISTER_CALLS)].filter((id) => !ids.has(id))).toEqual([]);
  });

  it('documents each operation’s scope as x-api-key-scope', () => {
    const documented = Object.fromEntries(
      operations.filter((operation) => isProductApi(operation.path)).map((operation) => [operation.operationId, operation.rule]),
    );
    const expected = Object.fromEntries(Object.keys(documented).map((id) => [id, DOCUMENTED_RULE[id] ?? 'refused']));
    expect(documented).toEqual(expected);
  });

  it('is refused (403 API_KEY_SCOPE_MISSING) wherever its scope does not cover the call, and let through where it does', async () => {
    const mismatches: string[] = [];
    for (const call of operations.filter((operation) => isProductApi(operation.path)).flatMap(callsOf)) {
      for (const name of KEYS) {
        const hasBody = !['GET', 'DELETE'].includes(call.method);
        const response = await app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: { 'x-api-key': keys.get(name)! },
          ...(hasBody ? { payload: {} } : {}),
        });
        const admitted = call.admits.includes(name);
        const refused = response.statusCode === 403;
        if (admitted === refused || response.statusCode === 401) {
          mismatches.push(`${name} ${call.method} ${call.url}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        } else if (!admitted && readJson(response, errorBodySchema).error.code !== 'API_KEY_SCOPE_MISSING') {
          // A refusal the key's scope decided, not a handler's own check further in.
          mismatches.push(`${name} ${call.method} ${call.url}: refused by ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('tells the fix, and records the attempt as a PRIVILEGE_ESCALATION', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${AN_ID}/package.zip`,
      headers: { 'x-api-key': keys.get('risks:read')! },
    });
    expect(response.statusCode).toBe(403);
    expect(readJson(response, errorBodySchema).error.message).toBe('API keys may not call this operation: a person signs in to do it.');
    const write = await app.inject({
      method: 'POST',
      url: '/api/v1/risks',
      headers: { 'x-api-key': keys.get('risks:read')! },
      payload: {},
    });
    expect(readJson(write, errorBodySchema).error).toMatchObject({
      code: 'API_KEY_SCOPE_MISSING',
      message:
        'This API key’s scopes do not cover this operation: it needs risks: read_write. Make a key with that scope under Integrations.',
    });
    const events = await database.db.select().from(securityEvents).where(eq(securityEvents.userId, fixture.userIds.administrator));
    expect(events.map((event) => event.details)).toContainEqual(
      expect.objectContaining({ source: 'api', reason: 'api_key_scope', method: 'GET', path: `/api/v1/engagements/${AN_ID}/package.zip` }),
    );
  });

  it('is no credential outside the product API', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${keys.get('tasks:read_write')}` },
    });
    expect(response.statusCode).not.toBe(200);
  });
});

describe('registration', () => {
  it('refuses a route whose access says nothing of API keys, and says how to fix it', async () => {
    const bare = Fastify();
    try {
      registerRouteAccess(bare, { sessionOnly: { authenticated: true } });
      const register = async () => {
        bare.get('/api/v1/forgot-keys', { config: { access: 'sessionOnly' as never }, schema: { hide: true } }, async () => ({ ok: true }));
        await bare.ready();
      };
      await expect(register()).rejects.toThrow(UndeclaredApiKeyScopeError);
    } finally {
      await bare.close().catch(() => undefined);
    }
    const message = await (async () => {
      const other = Fastify();
      try {
        registerRouteAccess(other, { malformed: { authenticated: true, apiKeyScope: ['risks:delete'] } });
        other.get('/functions/v1/malformed', { config: { access: 'malformed' as never }, schema: { hide: true } }, async () => ({
          ok: true,
        }));
        await other.ready();
        return 'registered';
      } catch (error) {
        return (error as Error).message;
      } finally {
        await other.close().catch(() => undefined);
      }
    })();
    expect(message).toBe(
      "GET /functions/v1/malformed declares access 'malformed', which says nothing of API keys: set apiKeyScope on ENDPOINT_ACCESS.malformed to the scopes a key needs (e.g. ['risks:read']), 'unscoped' when the call answers anyone, or 'refused' when keys may not call it.",
    );
  });
});
