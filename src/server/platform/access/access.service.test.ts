import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { ROLE_PERMISSIONS } from '../../../shared/permissions.ts';
import { authMfaFactors, authSessions, authUsers } from '../../db/schema/auth.ts';
import { organizationMembers, organizations } from '../../db/schema/organizations.ts';
import { permissions, profiles, rolePermissions, securityEvents, userAccessScopes, userRoles } from '../../db/schema/access.ts';
import {
  ensureProfile,
  grantRole,
  loadAccess,
  loadRequestUserAccess,
  loadSessionAndUserAccess,
  logSecurityEvent,
  setUserType,
} from './access.service.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** Access rows belong to an account of the auth service (they are deleted with it). */
async function newUserId(): Promise<string> {
  const [user] = await database.db
    .insert(authUsers)
    .values({ email: `${randomUUID()}@example.com` })
    .returning({ id: authUsers.id });
  if (!user) throw new Error('no user inserted');
  return user.id;
}

describe('loadAccess', () => {
  it('gives a user seen for the first time a client profile and the client role, once', async () => {
    const userId = await newUserId();
    const [first, second] = await Promise.all([loadAccess(database.db, userId), loadAccess(database.db, userId)]);
    expect(first.userType).toBe('client');
    expect(first.roles).toEqual(['client']);
    expect(second.roles).toEqual(['client']);
    expect(first.primaryRole).toBe('client');
    expect([...first.permissions].sort()).toEqual([...ROLE_PERMISSIONS.client].sort());
    expect(await database.db.$count(userRoles, eq(userRoles.userId, userId))).toBe(1);
  });

  it('does not give the client role back once an administrator removed every role', async () => {
    const userId = await newUserId();
    await loadAccess(database.db, userId);
    await database.db.delete(userRoles).where(eq(userRoles.userId, userId));
    const access = await loadAccess(database.db, userId);
    expect(access.roles).toEqual([]);
    expect(access.permissions.size).toBe(0);
    expect(access.primaryRole).toBeNull();
  });

  it('does not add the client role to a user provisioned with another role', async () => {
    const userId = await newUserId();
    await ensureProfile(database.db, { userId, userType: 'staff' });
    await grantRole(database.db, { userId, role: 'administrator' });
    const access = await loadAccess(database.db, userId);
    expect(access.roles).toEqual(['administrator']);
    expect(access.userType).toBe('staff');
    expect(access.permissions.has('roles:manage')).toBe(true);
  });

  it('merges capability flags across a staff user’s roles and shows the highest role', async () => {
    const userId = await newUserId();
    await ensureProfile(database.db, { userId, userType: 'staff' });
    await grantRole(database.db, { userId, role: 'analyst', isDataAiAdmin: true });
    await grantRole(database.db, { userId, role: 'consultant', isApprover: true });
    await grantRole(database.db, { userId, role: 'auditor' });
    const access = await loadAccess(database.db, userId);
    expect(access.roles.sort()).toEqual(['analyst', 'auditor', 'consultant']);
    expect(access.primaryRole).toBe('consultant');
    expect(access.capabilities).toEqual({ is_approver: true, is_integration_admin: false, is_data_ai_admin: true });
    expect(access.permissions.has('deliverables:publish')).toBe(true);
    expect(access.permissions.has('roles:manage')).toBe(false);
  });

  it('keeps a flag when grantRole is called again without it, and changes it when given', async () => {
    const userId = await newUserId();
    await ensureProfile(database.db, { userId, userType: 'staff' });
    await grantRole(database.db, { userId, role: 'consultant', isApprover: true });
    await grantRole(database.db, { userId, role: 'consultant' });
    expect((await loadAccess(database.db, userId)).capabilities.is_approver).toBe(true);
    await grantRole(database.db, { userId, role: 'consultant', isApprover: false });
    expect((await loadAccess(database.db, userId)).capabilities.is_approver).toBe(false);
  });

  it('ignores capability flags on a client user (product.md §6: flags apply only to staff)', async () => {
    const userId = await newUserId();
    await ensureProfile(database.db, { userId, userType: 'client' });
    await grantRole(database.db, { userId, role: 'client_manager', isApprover: true });
    const access = await loadAccess(database.db, userId);
    expect(access.roles).toEqual(['client_manager']);
    expect(access.capabilities.is_approver).toBe(false);
    await setUserType(database.db, { userId, userType: 'staff' });
    expect((await loadAccess(database.db, userId)).capabilities.is_approver).toBe(true);
  });

  it('reads permissions from the editable matrix, not from the code defaults', async () => {
    const userId = await newUserId();
    await loadAccess(database.db, userId);
    const [billing] = await database.db.select().from(permissions).where(eq(permissions.name, 'billing:manage'));
    await database.db.insert(rolePermissions).values({ role: 'client', permissionId: billing!.id });
    expect((await loadAccess(database.db, userId)).permissions.has('billing:manage')).toBe(true);
    await database.db
      .update(rolePermissions)
      .set({ isActive: false })
      .where(and(eq(rolePermissions.role, 'client'), eq(rolePermissions.permissionId, billing!.id)));
    expect((await loadAccess(database.db, userId)).permissions.has('billing:manage')).toBe(false);
    await database.db.delete(rolePermissions).where(and(eq(rolePermissions.role, 'client'), eq(rolePermissions.permissionId, billing!.id)));
  });

  it('returns only active access scopes', async () => {
    const userId = await newUserId();
    await database.db.insert(userAccessScopes).values([
      { userId, region: 'eu', framework: 'SOC2' },
      { userId, region: 'us', isActive: false },
    ]);
    const access = await loadAccess(database.db, userId);
    expect(access.scopes).toEqual([
      { business_unit: null, region: 'eu', framework: 'SOC2', environment: null, data_classification: null, is_active: true },
    ]);
  });

  it('falls back to the role alone when user_roles has no flag columns', async () => {
    const userId = await newUserId();
    await ensureProfile(database.db, { userId, userType: 'staff' });
    await grantRole(database.db, { userId, role: 'project_manager', isApprover: true });
    await database.db.execute(sql`alter table user_roles rename column is_approver to is_approver_old`);
    try {
      const access = await loadAccess(database.db, userId);
      expect(access.roles).toEqual(['project_manager']);
      expect(access.capabilities).toEqual({ is_approver: false, is_integration_admin: false, is_data_ai_admin: false });
      expect(access.permissions.has('tasks:assign')).toBe(true);
    } finally {
      await database.db.execute(sql`alter table user_roles rename column is_approver_old to is_approver`);
    }
  });

  it('ignores a role name the code does not know', async () => {
    const userId = await newUserId();
    await ensureProfile(database.db, { userId });
    await database.db.insert(userRoles).values([
      { userId, role: 'superuser' },
      { userId, role: 'auditor' },
    ]);
    expect((await loadAccess(database.db, userId)).roles).toEqual(['auditor']);
  });
});

describe('loadRequestUserAccess (the same reads in one statement)', () => {
  async function organization(name: string, createdAt: Date): Promise<string> {
    const [row] = await database.db.insert(organizations).values({ name, createdAt }).returning({ id: organizations.id });
    return row!.id;
  }

  it('answers exactly what loadAccess answers, with the second factor and the first organization joined', async () => {
    const staff = await newUserId();
    await ensureProfile(database.db, { userId: staff, userType: 'staff' });
    await grantRole(database.db, { userId: staff, role: 'consultant', isApprover: true });
    await grantRole(database.db, { userId: staff, role: 'project_manager', isDataAiAdmin: true });
    await database.db.insert(userRoles).values({ userId: staff, role: 'superuser' });
    await database.db.insert(userAccessScopes).values([
      { userId: staff, region: 'eu', framework: 'SOC2' },
      { userId: staff, region: 'us', isActive: false },
    ]);
    await database.db.insert(authMfaFactors).values({ userId: staff, factorType: 'totp', status: 'verified' });

    const client = await newUserId();
    await loadAccess(database.db, client); // provisioned: client profile and role
    const later = await organization('Joined second', new Date('2026-02-01T00:00:00Z'));
    const first = await organization('Joined first', new Date('2026-01-01T00:00:00Z'));
    await database.db.insert(organizationMembers).values([
      { organizationId: later, userId: client, createdAt: new Date('2026-03-02T00:00:00Z') },
      { organizationId: first, userId: client, createdAt: new Date('2026-03-01T00:00:00Z') },
    ]);
    await database.db.insert(authMfaFactors).values({ userId: client, factorType: 'totp', status: 'unverified' });

    const staffRead = await loadRequestUserAccess(database.db, staff);
    // The read cache's versions come with it (platform/http/read-cache.ts): the global one, and the client's organization's.
    const version = async (scope: string) =>
      (
        (await database.db.execute(
          sql`select coalesce(sum(version), 0)::text as version from read_versions where scope = ${scope}`,
        )) as unknown as {
          rows: { version: string }[];
        }
      ).rows[0]?.version;
    const globalVersion = await version('global');
    expect(staffRead).toEqual({
      access: await loadAccess(database.db, staff),
      hasVerifiedFactor: true,
      firstOrganizationId: null,
      readVersions: { global: globalVersion, firstOrganization: null },
    });
    expect(staffRead?.access.capabilities).toEqual({ is_approver: true, is_integration_admin: false, is_data_ai_admin: true });
    expect(staffRead?.access.roles.sort()).toEqual(['consultant', 'project_manager']);
    expect(staffRead?.access.scopes).toHaveLength(1);

    const clientRead = await loadRequestUserAccess(database.db, client);
    expect(clientRead).toEqual({
      access: await loadAccess(database.db, client),
      hasVerifiedFactor: false,
      firstOrganizationId: first,
      readVersions: { global: await version('global'), firstOrganization: await version(first) },
    });
    expect(Number(clientRead?.readVersions.firstOrganization)).toBeGreaterThan(0);
    expect([...(clientRead?.access.permissions ?? [])].sort()).toEqual([...ROLE_PERMISSIONS.client].sort());
  });

  it('leaves a user with no profile yet to loadAccess, which provisions one', async () => {
    const userId = await newUserId();
    expect(await loadRequestUserAccess(database.db, userId)).toBeNull();
    await loadAccess(database.db, userId);
    expect((await loadRequestUserAccess(database.db, userId))?.access.roles).toEqual(['client']);
  });

  it('holds no permission once every role is removed', async () => {
    const userId = await newUserId();
    await loadAccess(database.db, userId);
    await database.db.delete(userRoles).where(eq(userRoles.userId, userId));
    const read = await loadRequestUserAccess(database.db, userId);
    expect(read?.access).toMatchObject({ roles: [], primaryRole: null });
    expect(read?.access.permissions.size).toBe(0);
  });
});

describe('logSecurityEvent', () => {
  it('writes through log_security_event with user, type, details, ip and user agent', async () => {
    const userId = await newUserId();
    const id = await logSecurityEvent(database.db, {
      userId,
      eventType: 'PRIVILEGE_ESCALATION',
      details: { path: '/admin', reason: 'role' },
      ip: '203.0.113.9',
      userAgent: 'vitest',
    });
    const [row] = await database.db.select().from(securityEvents).where(eq(securityEvents.id, id));
    expect(row).toMatchObject({
      userId,
      eventType: 'PRIVILEGE_ESCALATION',
      details: { path: '/admin', reason: 'role' },
      ipAddress: '203.0.113.9',
      userAgent: 'vitest',
    });
  });

  it('accepts an event without a user and keeps events append-only', async () => {
    const id = await logSecurityEvent(database.db, {
      userId: null,
      eventType: 'AUTH_FAILURE',
      details: {},
      ip: null,
      userAgent: null,
    });
    await expect(database.db.delete(securityEvents).where(eq(securityEvents.id, id))).rejects.toThrow();
    await expect(database.db.update(securityEvents).set({ eventType: 'X' }).where(eq(securityEvents.id, id))).rejects.toThrow();
    expect(await database.db.$count(securityEvents, eq(securityEvents.id, id))).toBe(1);
  });

  it('profiles are created once per user', async () => {
    const userId = await newUserId();
    expect(await ensureProfile(database.db, { userId })).toBe(true);
    expect(await ensureProfile(database.db, { userId, userType: 'staff' })).toBe(false);
    const [row] = await database.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(row?.userType).toBe('client');
  });
});

describe('logSecurityEvent with text the database refuses', () => {
  it('keeps the event, with each NUL and lone surrogate replaced (never dropped)', async () => {
    const userId = await newUserId();
    const id = await logSecurityEvent(database.db, {
      userId,
      eventType: 'PRIVILEGE_ESCALATION',
      details: { path: '/admin\u0000', nested: { note: 'x\uD800y' } },
      ip: '203.0.113.9',
      userAgent: 'curl\u0000/8',
    });
    const [event] = await database.db.select().from(securityEvents).where(eq(securityEvents.id, id));
    expect(event?.details).toEqual({ path: '/admin\uFFFD', nested: { note: 'x\uFFFDy' } });
    expect(event?.userAgent).toBe('curl\uFFFD/8');
  });
});

describe('loadSessionAndUserAccess (the session check in the same statement)', () => {
  it('says whether the session is open and belongs to the user, beside what loadRequestUserAccess answers', async () => {
    const userId = await newUserId();
    const other = await newUserId();
    await loadAccess(database.db, userId);
    const [session] = await database.db.insert(authSessions).values({ userId }).returning({ id: authSessions.id });
    const [othersSession] = await database.db.insert(authSessions).values({ userId: other }).returning({ id: authSessions.id });

    const open = await loadSessionAndUserAccess(database.db, userId, session!.id);
    expect(open).toEqual({ sessionActive: true, access: await loadRequestUserAccess(database.db, userId) });
    expect(open.access?.access.roles).toEqual(['client']);
    // Another user's session does not vouch for this one.
    expect((await loadSessionAndUserAccess(database.db, userId, othersSession!.id)).sessionActive).toBe(false);
    // Signed out: the session row is gone.
    await database.db.delete(authSessions).where(eq(authSessions.id, session!.id));
    expect((await loadSessionAndUserAccess(database.db, userId, session!.id)).sessionActive).toBe(false);
  });

  it('checks the session of a user with no profile yet, leaving the access to the step-by-step path', async () => {
    const userId = await newUserId();
    const [session] = await database.db.insert(authSessions).values({ userId }).returning({ id: authSessions.id });
    expect(await loadSessionAndUserAccess(database.db, userId, session!.id)).toEqual({ sessionActive: true, access: null });
  });
});
