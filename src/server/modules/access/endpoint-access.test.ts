import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { ROLES, type Role } from '../../../shared/permissions.ts';
import { buildApp } from '../../app.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { UndeclaredAccessError, UndocumentedOperationError } from '../../platform/access/route-access.ts';

/**
 * The role × endpoint matrix on the real routes (access-guard.test.ts covers the page guards).
 * Written out by hand from docs/permissions.md, not computed with the code under test. A refused
 * role gets 403 before its input is read; an allowed one gets past the guard (its empty or
 * incomplete input then earns a 400, or the read answers 200).
 */
const EVERYONE = ROLES;
const ALL_BUT_AUDITOR = ROLES.filter((role) => role !== 'auditor');
const ADMINISTRATORS: readonly Role[] = ['administrator'];
const REVIEWERS: readonly Role[] = ['analyst', 'consultant', 'project_manager', 'administrator'];

/** A path parameter that is not a UUID: an allowed caller gets the 400 of its validation, not a 404. */
const NOT_AN_ID = 'not-an-id';

interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  allowed: readonly Role[];
  /** The body's media type where the route reads no JSON (a raw upload); the body is then one byte. */
  contentType?: string;
}

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', url: '/api/v1/plans', allowed: ALL_BUT_AUDITOR },
  { method: 'POST', url: '/api/v1/plans', allowed: ALL_BUT_AUDITOR },
  { method: 'GET', url: '/api/v1/workflows', allowed: EVERYONE },
  { method: 'POST', url: '/api/v1/workflows/generate', allowed: EVERYONE },
  { method: 'GET', url: '/api/v1/workflow-templates', allowed: EVERYONE },
  { method: 'GET', url: '/api/v1/workflow-runs', allowed: EVERYONE },
  { method: 'GET', url: '/api/v1/workflow-approvals', allowed: EVERYONE },
  { method: 'GET', url: '/api/v1/advisor/messages', allowed: EVERYONE },
  { method: 'POST', url: '/functions/v1/task-chat-assistant', allowed: EVERYONE },
  { method: 'GET', url: '/api/v1/reviews/plans', allowed: REVIEWERS },
  // Approving needs the is_approver flag on top of the permission: no role alone grants it, not even administrator.
  { method: 'POST', url: '/api/v1/reviews/plans/00000000-0000-4000-8000-000000000000/decision', allowed: [] },
  { method: 'GET', url: '/api/v1/review-queue', allowed: REVIEWERS },
  { method: 'POST', url: '/api/v1/outputs/00000000-0000-4000-8000-000000000000/revisions', allowed: REVIEWERS },
  { method: 'POST', url: '/api/v1/outputs/00000000-0000-4000-8000-000000000000/decision', allowed: [] },
  { method: 'GET', url: '/api/v1/quality-scores', allowed: EVERYONE },
  { method: 'GET', url: '/api/v1/admin/users', allowed: ADMINISTRATORS },
  { method: 'GET', url: '/api/v1/admin/role-permissions', allowed: ADMINISTRATORS },
  { method: 'GET', url: '/api/v1/admin/security-events', allowed: ADMINISTRATORS },
  { method: 'GET', url: '/api/v1/admin/billing/subscriptions', allowed: ADMINISTRATORS },
  { method: 'GET', url: '/api/v1/admin/dsar-requests', allowed: ADMINISTRATORS },
  // The audit (docs/audit.md): opening an engagement is staff's; deciding and drawing are auditors'.
  { method: 'POST', url: '/api/v1/engagements', allowed: ['consultant', 'project_manager', 'administrator'] },
  {
    method: 'POST',
    url: '/api/v1/engagements/00000000-0000-4000-8000-000000000000/requests/00000000-0000-4000-8000-000000000000/decision',
    allowed: ['auditor', 'administrator'],
  },
  {
    method: 'POST',
    url: '/api/v1/engagements/00000000-0000-4000-8000-000000000000/samples/00000000-0000-4000-8000-000000000000/draw',
    allowed: ['auditor', 'administrator'],
  },
  // The Admin Sample Data Manager needs the is_data_ai_admin flag: no role alone grants it, not even administrator.
  { method: 'GET', url: '/api/v1/admin/sample-data', allowed: [] },
  // Support (docs/support.md): every role but the auditor opens and follows requests; staff answer the queue.
  { method: 'GET', url: '/api/v1/support-requests', allowed: ALL_BUT_AUDITOR },
  { method: 'POST', url: '/api/v1/support-requests', allowed: ALL_BUT_AUDITOR },
  { method: 'GET', url: `/api/v1/support-requests/${NOT_AN_ID}`, allowed: ALL_BUT_AUDITOR },
  { method: 'POST', url: `/api/v1/support-requests/${NOT_AN_ID}/messages`, allowed: ALL_BUT_AUDITOR },
  { method: 'POST', url: `/api/v1/support-requests/${NOT_AN_ID}/status`, allowed: ALL_BUT_AUDITOR },
  { method: 'GET', url: '/api/v1/support-queue', allowed: REVIEWERS },
  // Without ?fileName= the upload's query is refused (400) once the guard lets the caller through.
  { method: 'POST', url: '/api/v1/support-attachments', allowed: ALL_BUT_AUDITOR, contentType: 'text/plain' },
  { method: 'GET', url: `/api/v1/support-attachments/${NOT_AN_ID}`, allowed: ALL_BUT_AUDITOR },
];

/** The request of an endpoint: an empty JSON body for a POST, one byte of its media type for a raw upload. */
const bodyOf = (endpoint: Endpoint) =>
  endpoint.method !== 'POST'
    ? {}
    : endpoint.contentType
      ? { payload: 'x', headers: { 'content-type': endpoint.contentType } }
      : { payload: {} };

let database: TestDatabase;
let app: FastifyInstance;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  for (const role of ROLES) {
    const user = await createTestUser(app);
    await ensureProfile(database.db, { userId: user.userId, userType: role.startsWith('client') ? 'client' : 'staff' });
    await grantRole(database.db, { userId: user.userId, role });
    tokens.set(role, user.accessToken);
  }
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('every protected endpoint × every role', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url}`, async () => {
      const outcome: Record<string, 'allowed' | 'refused'> = {};
      for (const role of ROLES) {
        const body = bodyOf(endpoint);
        const response = await app.inject({
          method: endpoint.method,
          url: endpoint.url,
          ...body,
          headers: { ...('headers' in body ? body.headers : {}), authorization: `Bearer ${tokens.get(role)}` },
        });
        expect([200, 400, 403], `${role}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
        outcome[role] = response.statusCode === 403 ? 'refused' : 'allowed';
      }
      const expected = Object.fromEntries(ROLES.map((role) => [role, endpoint.allowed.includes(role) ? 'allowed' : 'refused']));
      expect(outcome).toEqual(expected);
    });
  }

  it('refuses every one of them without a session', async () => {
    for (const endpoint of ENDPOINTS) {
      const response = await app.inject({ method: endpoint.method, url: endpoint.url, ...bodyOf(endpoint) });
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
    }
  });
});

describe('guarded by default', () => {
  it('refuses to register an /api/v1 or /functions/v1 route that declares no access, or an unknown one', async () => {
    const fresh = await buildApp({ database });
    try {
      const register = (url: string, config?: object) => async () => {
        fresh.get(url, config ? { config } : {}, async () => ({ ok: true }));
        await fresh.ready();
      };
      await expect(register('/api/v1/forgotten')).rejects.toThrow(UndeclaredAccessError);
    } finally {
      await fresh.close().catch(() => undefined);
    }
    const other = await buildApp({ database });
    try {
      await expect(
        (async () => {
          other.post('/functions/v1/forgotten', { config: { access: 'nobodyKnowsThis' as never } }, async () => ({ ok: true }));
          await other.ready();
        })(),
      ).rejects.toThrow(/declares no access/);
    } finally {
      await other.close().catch(() => undefined);
    }
  });

  it('refuses to register a documented /api/v1 or /functions/v1 route without a camelCase operationId', async () => {
    const attempt = async (url: string, schema?: object) => {
      const fresh = await buildApp({ database });
      try {
        fresh.post(url, { config: { access: 'public' }, ...(schema ? { schema } : {}) }, async () => ({ ok: true }));
        await fresh.ready();
      } finally {
        await fresh.close().catch(() => undefined);
      }
    };
    await expect(attempt('/api/v1/unnamed')).rejects.toThrow(UndocumentedOperationError);
    await expect(attempt('/functions/v1/unnamed', { summary: 'Has a summary but no id' })).rejects.toThrow(
      'POST /functions/v1/unnamed is in the OpenAPI document without an operationId',
    );
    await expect(attempt('/api/v1/badly-named', { operationId: 'Create_thing' })).rejects.toThrow(UndocumentedOperationError);
    // Named, or left out of the document on purpose: both register.
    await expect(attempt('/api/v1/named', { operationId: 'createThing', summary: 'Creates a thing' })).resolves.toBeUndefined();
    await expect(attempt('/api/v1/hidden', { hide: true })).resolves.toBeUndefined();
  });

  it('guards a declared route with its requirement (a public one answers anyone)', async () => {
    const fresh = await buildApp({ database });
    const hidden = { hide: true };
    fresh.get('/api/v1/test-declared', { config: { access: 'administer' }, schema: hidden }, async () => ({ ok: true }));
    fresh.get('/api/v1/test-open', { config: { access: 'public' }, schema: hidden }, async () => ({ ok: true }));
    try {
      expect((await fresh.inject({ method: 'GET', url: '/api/v1/test-declared' })).statusCode).toBe(401);
      const client = await fresh.inject({
        method: 'GET',
        url: '/api/v1/test-declared',
        headers: { authorization: `Bearer ${tokens.get('client')}` },
      });
      expect(client.statusCode).toBe(403);
      const admin = await fresh.inject({
        method: 'GET',
        url: '/api/v1/test-declared',
        headers: { authorization: `Bearer ${tokens.get('administrator')}` },
      });
      expect(admin.statusCode).toBe(200);
      expect((await fresh.inject({ method: 'GET', url: '/api/v1/test-open' })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
