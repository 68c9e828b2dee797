import * as OTPAuth from 'otpauth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { ROLE_PERMISSIONS, type Role } from '../../../shared/permissions.ts';
import {
  adminUserListSchema,
  adminUserSchema,
  meAccessSchema,
  rolePermissionMatrixSchema,
  securityEventListSchema,
} from '../../../shared/schemas/access.ts';
import { buildApp } from '../../app.ts';
import { securityEvents, userRoles } from '../../db/schema/access.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { listMailbox } from '../../platform/mail/mail.service.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { goTrueChallengeSchema, goTrueSessionSchema, goTrueTotpFactorSchema } from '../../../../tests/gotrue-bodies.ts';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

async function userWithRole(role: Role | null) {
  const user = await createTestUser(app);
  if (role) {
    await ensureProfile(database.db, { userId: user.userId, userType: role.startsWith('client') ? 'client' : 'staff' });
    await grantRole(database.db, { userId: user.userId, role });
  }
  return { ...user, headers: { authorization: `Bearer ${user.accessToken}`, 'user-agent': 'access-test' } };
}

const eventsOf = (userId: string) => database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId));

describe('GET /api/v1/me/access', () => {
  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/me/access' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('gives a new user a client profile and role on first access', async () => {
    const user = await userWithRole(null);
    const response = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const body = readJson(response, meAccessSchema);
    expect(body).toMatchObject({ userId: user.userId, email: user.email, userType: 'client', roles: ['client'], primaryRole: 'client' });
    expect(body.permissions).toEqual([...ROLE_PERMISSIONS.client].sort());
    expect(body.capabilities).toEqual({ is_approver: false, is_integration_admin: false, is_data_ai_admin: false });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('writes AUTH_FAILURE and treats the user as holding no role when the roles cannot be read', async () => {
    const user = await userWithRole('administrator');
    await database.db.execute(sql`alter table user_roles rename to user_roles_unavailable`);
    try {
      const me = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: user.headers });
      expect(me.statusCode).toBe(200);
      expect(readJson(me, meAccessSchema)).toMatchObject({ roles: [], primaryRole: null, permissions: [] });
      const admin = await app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: user.headers });
      expect(admin.statusCode).toBe(403);
    } finally {
      await database.db.execute(sql`alter table user_roles_unavailable rename to user_roles`);
    }
    const types = (await eventsOf(user.userId)).map((event) => event.eventType).sort();
    expect(types).toEqual(['AUTH_FAILURE', 'AUTH_FAILURE', 'PRIVILEGE_ESCALATION']);
    const [failure] = (await eventsOf(user.userId)).filter((event) => event.eventType === 'AUTH_FAILURE');
    expect(failure).toMatchObject({ details: { reason: 'role_fetch_failed', path: '/api/v1/me/access' }, userAgent: 'access-test' });
  });
});

describe('POST /api/v1/me/access-denials', () => {
  it('records the web guard’s denial as PRIVILEGE_ESCALATION, confirmed by the server', async () => {
    const user = await userWithRole('client');
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/me/access-denials',
      headers: user.headers,
      payload: { path: '/admin', requirement: { authenticated: true, adminOnly: true }, reason: 'role' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ logged: true, confirmedByServer: true });
    const [event] = await eventsOf(user.userId);
    expect(event).toMatchObject({
      eventType: 'PRIVILEGE_ESCALATION',
      ipAddress: '127.0.0.1',
      userAgent: 'access-test',
      details: { source: 'web', path: '/admin', reason: 'role', roles: ['client'], confirmedByServer: true },
    });
  });

  it('says when the server would have allowed it, and rejects bad input', async () => {
    const admin = await userWithRole('administrator');
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/v1/me/access-denials',
      headers: admin.headers,
      payload: { path: '/admin', requirement: { adminOnly: true }, reason: 'role' },
    });
    expect(allowed.json()).toEqual({ logged: true, confirmedByServer: false });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/v1/me/access-denials',
      headers: admin.headers,
      payload: { path: 'admin', requirement: { minimumRole: 'superuser' }, reason: 'role' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/me/access-denials',
      payload: { path: '/admin', requirement: {}, reason: 'role' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the admin API', () => {
  it('refuses non-administrators before reading the body, and records the attempt', async () => {
    const manager = await userWithRole('project_manager');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${manager.userId}/access`,
      headers: manager.headers,
      payload: { nonsense: true },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const [event] = await eventsOf(manager.userId);
    expect(event).toMatchObject({
      eventType: 'PRIVILEGE_ESCALATION',
      details: { source: 'api', method: 'PUT', path: `/api/v1/admin/users/${manager.userId}/access`, reason: 'role' },
    });
  });

  it('lists users with their roles, and replaces a user’s roles, flags and scopes', async () => {
    const admin = await userWithRole('administrator');
    const target = await userWithRole(null);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?q=${encodeURIComponent(target.email)}`,
      headers: admin.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(readJson(listed, adminUserListSchema)).toMatchObject({
      total: 1,
      users: [{ userId: target.userId, email: target.email, userType: 'client', roles: [], scopes: [] }],
    });

    const updated = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${target.userId}/access`,
      headers: admin.headers,
      payload: {
        userType: 'staff',
        roles: [
          { role: 'consultant', is_approver: true },
          { role: 'analyst', is_data_ai_admin: true },
        ],
        scopes: [{ region: 'eu', framework: 'SOC2', business_unit: '' }],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      userType: 'staff',
      roles: [
        { role: 'consultant', is_approver: true, is_integration_admin: false, is_data_ai_admin: false },
        { role: 'analyst', is_approver: false, is_integration_admin: false, is_data_ai_admin: true },
      ],
      scopes: [{ business_unit: null, region: 'eu', framework: 'SOC2', environment: null, data_classification: null, is_active: true }],
    });
    const me = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: target.headers });
    expect(readJson(me, meAccessSchema)).toMatchObject({
      userType: 'staff',
      primaryRole: 'consultant',
      capabilities: { is_approver: true, is_integration_admin: false, is_data_ai_admin: true },
    });
  });

  it('refuses flags on a client user, an unknown user, and an administrator removing their own role', async () => {
    const admin = await userWithRole('administrator');
    const target = await userWithRole(null);
    const flags = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${target.userId}/access`,
      headers: admin.headers,
      payload: { userType: 'client', roles: [{ role: 'client', is_approver: true }] },
    });
    expect(flags.statusCode).toBe(400);
    expect(flags.json().error.issues[0].message).toBe('Capability flags apply only to staff users.');
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/access',
      headers: admin.headers,
      payload: { userType: 'client', roles: [] },
    });
    expect(unknown.statusCode).toBe(404);
    const self = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${admin.userId}/access`,
      headers: admin.headers,
      payload: { userType: 'staff', roles: [{ role: 'consultant' }] },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot remove your own administrator role. Ask another administrator.');
  });

  it('invites a person with their starting access; the invitation link signs them in', async () => {
    const admin = await userWithRole('administrator');
    const invited = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: admin.headers,
      payload: { email: ' New.Reviewer@Example.com ', userType: 'staff', roles: [{ role: 'consultant', is_approver: true }] },
    });
    expect(invited.statusCode).toBe(201);
    const user = readJson(invited, adminUserSchema);
    expect(user).toMatchObject({
      email: 'new.reviewer@example.com',
      userType: 'staff',
      emailConfirmedAt: null,
      roles: [{ role: 'consultant', is_approver: true }],
    });

    const mail = (await listMailbox(database.db)).find((entry) => entry.to === 'new.reviewer@example.com');
    expect(mail?.subject).toBe('You have been invited to ComplianceCore');
    // It says who invited them, by name (their e-mail when the profile has none) and role.
    expect(mail?.text).toContain(`${admin.email} (Administrator) has invited you to ComplianceCore.`);
    // The link opens the site's acceptance step; pressing Accept verifies the token hash.
    const link = new URL(mail?.links.find((candidate) => candidate.includes('token_hash=')) ?? '');
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect')).toBe('/profile');
    const accepted = await app.inject({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { token_hash: link.searchParams.get('token_hash'), type: 'invite' },
    });
    expect(accepted.statusCode).toBe(200);
    const session = readJson(accepted, goTrueSessionSchema);
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
    const me = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: { authorization: `Bearer ${session.access_token}` } });
    expect(readJson(me, meAccessSchema)).toMatchObject({
      userId: user.userId,
      primaryRole: 'consultant',
      capabilities: { is_approver: true },
    });

    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: admin.headers,
      payload: { email: user.email, userType: 'client', roles: [] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already has an account/);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: admin.headers,
      payload: { email: 'not-an-address', userType: 'client', roles: [] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('invites all or nothing: when the access cannot be written, no account exists and no mail goes out', async () => {
    const admin = await userWithRole('administrator');
    // Reads keep working (the guard loads the administrator's access); writing a scope fails.
    await database.db.execute(
      sql`create function refuse_scope() returns trigger language plpgsql as $$ begin raise exception 'scopes unavailable'; end $$`,
    );
    await database.db.execute(
      sql`create trigger refuse_scope before insert on user_access_scopes for each row execute function refuse_scope()`,
    );
    let failed;
    try {
      failed = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/users',
        headers: admin.headers,
        payload: { email: 'half-invited@example.com', userType: 'client', roles: [{ role: 'client' }], scopes: [{ region: 'eu' }] },
      });
    } finally {
      await database.db.execute(sql`drop trigger refuse_scope on user_access_scopes`);
      await database.db.execute(sql`drop function refuse_scope()`);
    }
    expect(failed.statusCode).toBe(500);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.email, 'half-invited@example.com'))).toEqual([]);
    expect((await listMailbox(database.db)).some((mail) => mail.to === 'half-invited@example.com')).toBe(false);
  });

  it('deletes a user with their roles and scopes, but never the administrator themselves', async () => {
    const admin = await userWithRole('administrator');
    const target = await userWithRole('analyst');
    const self = await app.inject({ method: 'DELETE', url: `/api/v1/admin/users/${admin.userId}`, headers: admin.headers });
    expect(self.statusCode).toBe(409);
    const asTarget = await app.inject({ method: 'DELETE', url: `/api/v1/admin/users/${admin.userId}`, headers: target.headers });
    expect(asTarget.statusCode).toBe(403);
    const removed = await app.inject({ method: 'DELETE', url: `/api/v1/admin/users/${target.userId}`, headers: admin.headers });
    expect(removed.statusCode).toBe(204);
    expect(await database.db.select().from(userRoles).where(eq(userRoles.userId, target.userId))).toEqual([]);
    const signIn = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: target.headers });
    expect(signIn.statusCode).toBe(401);
    const again = await app.inject({ method: 'DELETE', url: `/api/v1/admin/users/${target.userId}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });

  it('accepts the service-role key (back-office tools) and refuses the anon key', async () => {
    const target = await userWithRole(null);
    const asService = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${target.userId}/access`,
      headers: { authorization: `Bearer ${app.authKeys.serviceRoleKey}` },
      payload: { userType: 'staff', roles: [{ role: 'auditor' }] },
    });
    expect(asService.statusCode).toBe(200);
    const asAnon = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { authorization: `Bearer ${app.authKeys.anonKey}` },
    });
    expect(asAnon.statusCode).toBe(401);
  });

  it('reads and edits the role–permission matrix, and the change takes effect', async () => {
    const admin = await userWithRole('administrator');
    const auditor = await userWithRole('auditor');
    const read = await app.inject({ method: 'GET', url: '/api/v1/admin/role-permissions', headers: admin.headers });
    expect(read.statusCode).toBe(200);
    const matrix = readJson(read, rolePermissionMatrixSchema);
    expect(matrix.matrix.auditor).toEqual([...ROLE_PERMISSIONS.auditor].sort());
    expect(matrix.permissions.map((permission) => permission.category)).toEqual(
      [...matrix.permissions.map((permission) => permission.category)].sort(),
    );

    const write = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/role-permissions',
      headers: admin.headers,
      payload: { matrix: { auditor: ['audit:read', 'evidence:read', 'security:read'] } },
    });
    expect(write.statusCode).toBe(200);
    expect(readJson(write, rolePermissionMatrixSchema).matrix.auditor).toEqual(['audit:read', 'evidence:read', 'security:read']);
    expect(readJson(write, rolePermissionMatrixSchema).matrix.client).toEqual([...ROLE_PERMISSIONS.client].sort());
    const me = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: auditor.headers });
    expect(readJson(me, meAccessSchema).permissions).toEqual(['audit:read', 'evidence:read', 'security:read']);

    const invalid = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/role-permissions',
      headers: admin.headers,
      payload: { matrix: { auditor: ['audit:delete'] } },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('lists security events newest first, filtered by type, page by page', async () => {
    const admin = await userWithRole('administrator');
    const intruder = await userWithRole('client');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await app.inject({ method: 'GET', url: '/api/v1/admin/security-events', headers: intruder.headers });
    }
    const first = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/security-events?type=PRIVILEGE_ESCALATION&limit=2',
      headers: admin.headers,
    });
    expect(first.statusCode).toBe(200);
    const page = readJson(first, securityEventListSchema);
    expect(page.events).toHaveLength(2);
    expect(page.events[0]).toMatchObject({ eventType: 'PRIVILEGE_ESCALATION', userId: intruder.userId, email: intruder.email });
    expect(page.nextBefore).toBe(page.events[1]!.id);
    const second = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/security-events?type=PRIVILEGE_ESCALATION&limit=2&before=${page.nextBefore}`,
      headers: admin.headers,
    });
    const ids = readJson(second, securityEventListSchema).events.map((event) => event.id);
    expect(ids).not.toContain(page.events[0]!.id);
    expect(ids).not.toContain(page.events[1]!.id);
    expect(ids.length).toBeGreaterThanOrEqual(1);
  });
});

/** Enrolls a TOTP factor and verifies a real code: the session becomes aal2. */
async function enrollAndVerifyTotp(accessToken: string): Promise<{ access_token: string; refresh_token: string }> {
  const auth = { authorization: `Bearer ${accessToken}` };
  const enrolled = await app.inject({
    method: 'POST',
    url: '/auth/v1/factors',
    headers: auth,
    payload: { factor_type: 'totp', friendly_name: 'Phone app' },
  });
  expect(enrolled.statusCode).toBe(200);
  const factor = readJson(enrolled, goTrueTotpFactorSchema);
  const challenge = await app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/challenge`, headers: auth, payload: {} });
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret), digits: 6, period: 30 }).generate();
  const verified = await app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${factor.id}/verify`,
    headers: auth,
    payload: { challenge_id: readJson(challenge, goTrueChallengeSchema).id, code },
  });
  expect(verified.statusCode).toBe(200);
  return verified.json();
}

describe('second factor', () => {
  it('refuses an aal1 session of a user with a verified factor (MFA_REQUIRED), and accepts it at aal2', async () => {
    const user = await userWithRole('client');
    const verified = await enrollAndVerifyTotp(user.accessToken);
    const aal2Token = verified.access_token;

    // A fresh password sign-in is aal1 again: the API waits for the second step.
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: user.password },
    });
    const aal1Token = readJson(signIn, goTrueSessionSchema).access_token;
    const refused = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: { authorization: `Bearer ${aal1Token}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'MFA_REQUIRED', message: 'Finish signing in with your second factor first.' } });

    // Routes that need no permission, only a finished sign-in, wait for the second step too.
    const aal1 = { authorization: `Bearer ${aal1Token}` };
    for (const [method, url, payload] of [
      ['POST', '/functions/v1/check-subscription', {}],
      ['POST', '/api/v1/billing/checkout', { plan: 'growth' }],
      ['GET', '/api/v1/consents', undefined],
      [
        'POST',
        '/api/v1/consents',
        { essential: true, functional: false, analytics: false, marketing: false, timestamp: new Date().toISOString() },
      ],
    ] as const) {
      const response = await app.inject({ method, url, headers: aal1, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toMatchObject({ error: { code: 'MFA_REQUIRED' } });
    }

    const allowed = await app.inject({ method: 'GET', url: '/api/v1/me/access', headers: { authorization: `Bearer ${aal2Token}` } });
    expect(allowed.statusCode).toBe(200);
    expect(readJson(allowed, meAccessSchema).roles).toEqual(['client']);
    const subscription = await app.inject({
      method: 'POST',
      url: '/functions/v1/check-subscription',
      headers: { authorization: `Bearer ${aal2Token}` },
    });
    expect(subscription.statusCode).toBe(200);
    expect(subscription.json()).toEqual({ subscription: null });
  });

  it('never lets the aal1 refresh token of a session raised to aal2 be used again, even inside the reuse window', async () => {
    const user = await userWithRole('client');
    const verified = await enrollAndVerifyTotp(user.accessToken);

    const replayed = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: user.refreshToken },
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ error_code: 'refresh_token_not_found' });
    // The token the verify answered with still refreshes, at aal2.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: verified.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});
