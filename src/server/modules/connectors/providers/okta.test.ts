import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOf,
  connectorTestKit,
  failingOf,
  type ConnectorTestKit,
} from '../../../../../tests/connector-peers/connector-test-database.ts';
import { EVERYONE, type OktaPeer, startOktaPeer } from '../../../../../tests/connector-peers/okta-peer.ts';
import type { Connection } from '../../../../shared/schemas/connectors.ts';

/** The Okta connector (issue 38) through @okta/okta-sdk-nodejs against a local Okta: every check, Link paging, 429, a revoked token. */

let kit: ConnectorTestKit;
let peer: OktaPeer;
let connection: Connection;

beforeAll(async () => {
  [kit, peer] = await Promise.all([connectorTestKit(), startOktaPeer()]);
  peer.state.users = [
    { id: '00u1', login: 'ann@acme.example', lastLoginDaysAgo: 2 },
    { id: '00u2', login: 'left@acme.example', lastLoginDaysAgo: 180 },
    ...Array.from({ length: 450 }, (_, index) => ({ id: `00ux${index}`, login: `p${index}@acme.example`, lastLoginDaysAgo: 10 })),
  ];
  peer.state.admins = [
    { id: '00u1', roles: ['SUPER_ADMIN'] },
    { id: '00u3', roles: ['READ_ONLY_ADMIN'] },
  ];
  peer.state.mfaPolicies = [
    {
      id: 'p1',
      name: 'Everyone must enrol',
      status: 'ACTIVE',
      type: 'MFA_ENROLL',
      conditions: { people: { groups: { include: [EVERYONE] } } },
      settings: { type: 'AUTHENTICATORS', authenticators: [{ key: 'okta_verify', enroll: { self: 'REQUIRED' } }] },
    },
  ];
  peer.state.passwordPolicies = [
    {
      id: 'pw1',
      name: 'Default Policy',
      status: 'ACTIVE',
      type: 'PASSWORD',
      settings: { password: { complexity: { minLength: 8 }, lockout: { maxAttempts: 10 } } },
    },
  ];
  peer.state.signOnPolicies = [
    {
      policy: { id: 'so1', name: 'Default Policy', status: 'ACTIVE', type: 'OKTA_SIGN_ON' },
      rules: [
        {
          id: 'r1',
          name: 'Default Rule',
          type: 'SIGN_ON',
          status: 'ACTIVE',
          actions: {
            signon: { access: 'ALLOW', session: { maxSessionIdleMinutes: 120, maxSessionLifetimeMinutes: 0, usePersistentCookie: false } },
          },
        },
      ],
    },
  ];
  connection = await kit.connect('okta', { orgUrl: peer.url, apiToken: 'okta-read-only-token' });
}, 240_000);
afterAll(async () => {
  await peer?.close();
  await kit?.close();
});

describe('Okta connector', () => {
  it('runs every check over paged users and names the resources at fault', async () => {
    peer.faults.rateLimitOnce.add('/api/v1/users');
    const run = await kit.run(connection);
    expect(checkOf(run, 'mfa_enrollment_everyone')).toMatchObject({ outcome: 'pass' });
    const inactive = checkOf(run, 'inactive_users_deactivated');
    expect(inactive.outcome).toBe('fail');
    expect(failingOf(inactive)).toMatchObject([{ id: 'left@acme.example', passed: false }]);
    expect(inactive.summary).toBe('1 of 452 active users have not signed in for over 90 days.');
    expect(checkOf(run, 'admin_roles')).toMatchObject({
      outcome: 'pass',
      summary: '2 users hold administrator roles (at most 5 wanted); 1 are super administrators.',
    });
    expect(checkOf(run, 'password_policy').outcome).toBe('fail');
    expect(failingOf(checkOf(run, 'password_policy'))).toMatchObject([
      { id: 'Default Policy', detail: 'minimum length 8, lockout after 10 attempts' },
    ]);
    expect(checkOf(run, 'session_idle_timeout').outcome).toBe('fail');
    expect(failingOf(checkOf(run, 'session_idle_timeout'))).toMatchObject([
      { id: 'Default Policy / Default Rule', detail: 'idle timeout 120 minutes' },
    ]);
    const pages = peer.calls.filter((request) => request.url.pathname === '/api/v1/users');
    expect(pages.map((request) => request.url.searchParams.get('after'))).toEqual([null, null, '200', '400']);
  });

  it('a revoked token stops the run and marks the connection', async () => {
    const revoked = await kit.connect('okta', { orgUrl: peer.url, apiToken: 'revoked-okta-token' });
    const run = await kit.run(revoked);
    expect(run).toMatchObject({ status: 'error', results: [] });
    expect(run.error).toContain('401');
  });
});
