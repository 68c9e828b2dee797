import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { ROLES, type Role } from '../../../shared/permissions.ts';
import { PAGE_ACCESS, pageAccessRequirement } from '../../../shared/page-access.ts';
import { buildApp } from '../../app.ts';
import { securityEvents } from '../../db/schema/access.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { requireAccess } from './access-guard.ts';
import { ensureProfile, grantRole } from './access.service.ts';

/** Written out by hand from product.md §2 and §6, not computed with the code under test. */
const ALLOWED: Record<string, readonly Role[]> = {
  '/dashboard-compliancecore': ROLES,
  '/profile': ROLES,
  '/task-requests': ROLES,
  '/program-execution': ROLES,
  '/admin': ['administrator'],
  '/auditor-portal': ['administrator', 'project_manager', 'consultant', 'auditor'],
  '/reviews': ['administrator', 'project_manager', 'consultant', 'analyst'],
  '/quality-scores': ROLES,
  '/agents': ['administrator', 'project_manager', 'consultant', 'analyst'],
  // The organization's client manager and the staff who serve it; never an auditor (docs/trust-center.md).
  '/trust-center': ['administrator', 'project_manager', 'consultant', 'client_manager'],
};

let database: TestDatabase;
let app: FastifyInstance;
const tokens = new Map<Role, { userId: string; token: string }>();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  // The server half of each page's requirement, as an endpoint the test can call.
  for (const path of Object.keys(PAGE_ACCESS)) {
    app.get(
      `/test-guard${path}`,
      {
        onRequest: async (request) => {
          await requireAccess(request, pageAccessRequirement(path));
        },
      },
      async () => ({ ok: true }),
    );
  }
  for (const role of ROLES) {
    const user = await createTestUser(app);
    await ensureProfile(database.db, { userId: user.userId, userType: role.startsWith('client') ? 'client' : 'staff' });
    await grantRole(database.db, { userId: user.userId, role });
    tokens.set(role, { userId: user.userId, token: user.accessToken });
  }
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('the server guard: role × route matrix', () => {
  it('covers every guarded route', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(Object.keys(PAGE_ACCESS).sort());
  });

  for (const path of Object.keys(ALLOWED)) {
    it(`refuses ${path} without a session (401, no security event)`, async () => {
      const before = await database.db.$count(securityEvents);
      const response = await app.inject({ method: 'GET', url: `/test-guard${path}` });
      expect(response.statusCode).toBe(401);
      expect(await database.db.$count(securityEvents)).toBe(before);
    });

    for (const role of ROLES) {
      const allowed = ALLOWED[path]!.includes(role);
      it(`${allowed ? 'lets' : 'refuses'} ${role} ${allowed ? 'into' : 'from'} ${path}`, async () => {
        const { userId, token } = tokens.get(role)!;
        const before = await database.db.$count(securityEvents, eq(securityEvents.userId, userId));
        const response = await app.inject({
          method: 'GET',
          url: `/test-guard${path}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(allowed ? 200 : 403);
        const after = await database.db.$count(securityEvents, eq(securityEvents.userId, userId));
        expect(after - before).toBe(allowed ? 0 : 1);
      });
    }
  }

  for (const role of ROLES) {
    const allowed = role === 'administrator';
    it(`${allowed ? 'lets' : 'refuses'} ${role} on the real admin API`, async () => {
      const { token } = tokens.get(role)!;
      for (const url of ['/api/v1/admin/users', '/api/v1/admin/role-permissions', '/api/v1/admin/security-events']) {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, url).toBe(allowed ? 200 : 403);
      }
    });
  }
});

describe('the session, checked with the access in one statement', () => {
  it('refuses a guarded request, and one that needs only a session, as soon as the session ends', async () => {
    const user = await createTestUser(app);
    await ensureProfile(database.db, { userId: user.userId, userType: 'client' });
    await grantRole(database.db, { userId: user.userId, role: 'client' });
    const headers = { authorization: `Bearer ${user.accessToken}` };
    const guarded = () => app.inject({ method: 'GET', url: '/api/v1/task-requests', headers });
    const signedIn = () => app.inject({ method: 'GET', url: '/api/v1/notifications', headers });
    expect((await guarded()).statusCode).toBe(200);
    expect((await signedIn()).statusCode).toBe(200);
    await database.db.delete(authSessions).where(eq(authSessions.userId, user.userId));
    expect((await guarded()).statusCode).toBe(401);
    expect((await signedIn()).statusCode).toBe(401);
  });
});
