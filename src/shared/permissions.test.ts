import { describe, expect, it } from 'vitest';
import {
  type AccessSubject,
  ENDPOINT_ACCESS,
  ROLE_PERMISSIONS,
  canApprove,
  checkAccess,
  hasMinimumRole,
  hasPermission,
  highestRank,
  mergeCapabilities,
  permissionsOf,
  primaryRole,
  scopeMatches,
} from './permissions.ts';
import { type ApiKeyArea, type ApiKeyRule, type ApiKeyScopeList, apiKeyRuleAdmits, apiKeyRuleFor, isApiKeyRule } from './api-key-scopes.ts';
import { permissionsOfScopes } from './schemas/integrations.ts';

const subject = (overrides: Partial<AccessSubject>): AccessSubject => ({
  roles: [],
  capabilities: { is_approver: false, is_integration_admin: false, is_data_ai_admin: false },
  permissions: new Set(),
  scopes: [],
  ...overrides,
});

describe('role ranks (product.md §6)', () => {
  it('ranks roles as the table says', () => {
    expect(highestRank(['analyst'])).toBe(1);
    expect(highestRank(['client'])).toBe(1);
    expect(highestRank(['client_consultant'])).toBe(2);
    expect(highestRank(['client_manager'])).toBe(3);
    expect(highestRank(['auditor'])).toBe(4);
    expect(highestRank(['consultant'])).toBe(4);
    expect(highestRank(['project_manager'])).toBe(5);
    expect(highestRank(['administrator'])).toBe(6);
    expect(highestRank([])).toBe(0);
  });

  it('lets the higher rank win for a minimum-role check', () => {
    expect(hasMinimumRole(['client', 'consultant'], 'auditor')).toBe(true);
    expect(hasMinimumRole(['client_manager'], 'auditor')).toBe(false);
    expect(hasMinimumRole(['auditor'], 'auditor')).toBe(true);
  });

  it('shows the first role of the display order', () => {
    expect(primaryRole(['client', 'auditor'])).toBe('auditor');
    expect(primaryRole(['analyst', 'client_consultant'])).toBe('client_consultant');
    expect(primaryRole(['client', 'administrator', 'consultant'])).toBe('administrator');
    expect(primaryRole([])).toBeNull();
  });
});

describe('capability flags', () => {
  it('merges flags across roles', () => {
    const flags = mergeCapabilities([
      { role: 'consultant', is_approver: true },
      { role: 'analyst', is_data_ai_admin: true, is_approver: false },
    ]);
    expect(flags).toEqual({ is_approver: true, is_integration_admin: false, is_data_ai_admin: true });
  });

  it('allows approval only with is_approver', () => {
    expect(canApprove(mergeCapabilities([{ role: 'administrator' }]))).toBe(false);
    expect(canApprove(mergeCapabilities([{ role: 'analyst', is_approver: true }]))).toBe(true);
  });
});

describe('scopes', () => {
  it('matches when every filled field agrees and empty user fields match anything', () => {
    const user = { is_active: true, region: 'EU', framework: null, business_unit: '' };
    expect(scopeMatches(user, { region: 'EU', framework: 'SOC 2' })).toBe(true);
    expect(scopeMatches(user, { region: 'US' })).toBe(false);
    expect(scopeMatches({ ...user, is_active: false }, { region: 'EU' })).toBe(false);
  });

  it('checks a permission with and without a scope', () => {
    const holder = subject({
      permissions: new Set(['evidence:read']),
      scopes: [{ is_active: true, region: 'EU', environment: 'production' }],
    });
    expect(hasPermission(holder, 'evidence:read')).toBe(true);
    expect(hasPermission(holder, 'evidence:read', { region: 'EU' })).toBe(true);
    expect(hasPermission(holder, 'evidence:read', { environment: 'staging' })).toBe(false);
    expect(hasPermission(holder, 'evidence:write')).toBe(false);
    expect(hasPermission(subject({ permissions: new Set(['evidence:read']) }), 'evidence:read', { region: 'EU' })).toBe(false);
  });
});

describe('checkAccess', () => {
  const admin = subject({ roles: ['administrator'], permissions: permissionsOf(['administrator']) });
  const client = subject({ roles: ['client'], permissions: permissionsOf(['client']) });

  it('applies adminOnly, minimum role, capability and permission requirements', () => {
    expect(checkAccess(admin, { adminOnly: true })).toEqual({ allowed: true });
    expect(checkAccess(client, { adminOnly: true })).toEqual({ allowed: false, reason: 'role' });
    expect(checkAccess(client, { minimumRole: 'auditor' })).toEqual({ allowed: false, reason: 'role' });
    expect(checkAccess(admin, { capability: 'is_approver' })).toEqual({ allowed: false, reason: 'capability' });
    expect(checkAccess(client, { permission: 'tasks:create' })).toEqual({ allowed: true });
    expect(checkAccess(client, { permission: 'users:manage' })).toEqual({ allowed: false, reason: 'permission' });
    expect(checkAccess(client, { anyPermissions: ['users:manage', 'tasks:read'] })).toEqual({ allowed: true });
    expect(checkAccess(client, { allPermissions: ['users:manage', 'tasks:read'] })).toEqual({
      allowed: false,
      reason: 'permission',
    });
  });

  it('gives the administrator every permission and the auditor no write access', () => {
    expect(ROLE_PERMISSIONS.administrator.length).toBeGreaterThan(20);
    expect(ROLE_PERMISSIONS.auditor.some((permission) => permission.endsWith(':write'))).toBe(false);
  });
});

describe('API-key scopes of the endpoints (docs/integrations.md)', () => {
  const scopeLists = (rule: ApiKeyRule): ApiKeyScopeList[] =>
    typeof rule === 'string' ? [] : 'param' in rule ? Object.values(rule.scopes) : [rule];

  it('declares a well-formed rule for every access name', () => {
    expect(Object.entries(ENDPOINT_ACCESS).filter(([, requirement]) => !isApiKeyRule(requirement.apiKeyScope))).toEqual([]);
  });

  it('names scopes that grant what the endpoint requires, so a key with one of them and a maker holding it passes', () => {
    const offenders = Object.entries(ENDPOINT_ACCESS).flatMap(([name, requirement]) =>
      scopeLists(requirement.apiKeyScope).flatMap((scopes) =>
        scopes
          .filter((scope) => {
            const [area, access] = scope.split(':') as [ApiKeyArea, 'read' | 'read_write'];
            const keyHolds = subject({ permissions: new Set(permissionsOfScopes({ [area]: access })) });
            return !checkAccess(keyHolds, { ...requirement, adminOnly: false, minimumRole: undefined, capability: undefined }).allowed;
          })
          .map((scope) => `${name}: ${scope}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('refuses keys wherever a role or a capability flag decides, since a key holds neither', () => {
    const keyable = Object.entries(ENDPOINT_ACCESS).filter(
      ([, requirement]) =>
        requirement.apiKeyScope !== 'refused' &&
        ('adminOnly' in requirement || 'minimumRole' in requirement || 'capability' in requirement),
    );
    expect(keyable.map(([name]) => name)).toEqual([]);
  });

  it('admits a key by area and level: read_write holds read, and a parameter picks the scopes', () => {
    expect(apiKeyRuleAdmits(['risks:read'], { risks: 'read_write' })).toBe(true);
    expect(apiKeyRuleAdmits(['risks:read_write'], { risks: 'read' })).toBe(false);
    expect(apiKeyRuleAdmits(['risks:read', 'evidence:read'], { evidence: 'read' })).toBe(true);
    expect(apiKeyRuleAdmits('refused', { risks: 'read_write' })).toBe(false);
    expect(apiKeyRuleAdmits('unscoped', {})).toBe(true);
    const byRegister = ENDPOINT_ACCESS.exportRegisters.apiKeyScope;
    expect(apiKeyRuleFor(byRegister, { register: 'risks' })).toEqual(['risks:read']);
    expect(apiKeyRuleFor(byRegister, { register: 'toString' })).toBe('refused');
    expect(isApiKeyRule(['risks:delete'])).toBe(false);
    expect(isApiKeyRule([])).toBe(false);
    expect(isApiKeyRule({ param: 'register', scopes: { risks: ['risks:read'] } })).toBe(true);
  });
});
