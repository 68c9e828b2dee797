import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOf,
  connectorTestKit,
  failingOf,
  type ConnectorTestKit,
} from '../../../../../tests/connector-peers/connector-test-database.ts';
import { type GooglePeer, startGooglePeer } from '../../../../../tests/connector-peers/google-peer.ts';
import type { Connection } from '../../../../shared/schemas/connectors.ts';

/** The Google Workspace connector (issue 38) through @googleapis/admin against a local Google: token grant, every check, pageToken paging, 429, a refused key. */

let kit: ConnectorTestKit;
let peer: GooglePeer;
let connection: Connection;
const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const keyFor = (clientEmail: string) =>
  JSON.stringify({
    type: 'service_account',
    client_email: clientEmail,
    private_key: privateKey,
    private_key_id: 'k1',
    token_uri: `${peer.url}/token`,
  });

beforeAll(async () => {
  [kit, peer] = await Promise.all([connectorTestKit(), startGooglePeer()]);
  peer.state.users = [
    { primaryEmail: 'root@acme.example', isAdmin: true, isEnrolledIn2Sv: true, isEnforcedIn2Sv: true, lastLoginDaysAgo: 1 },
    { primaryEmail: 'it@acme.example', isAdmin: true, isEnrolledIn2Sv: false, isEnforcedIn2Sv: false, lastLoginDaysAgo: 3 },
    { primaryEmail: 'gone@acme.example', isEnrolledIn2Sv: true, isEnforcedIn2Sv: true, lastLoginDaysAgo: 200 },
    { primaryEmail: 'left@acme.example', suspended: true, isEnrolledIn2Sv: false, isEnforcedIn2Sv: false, lastLoginDaysAgo: 300 },
    ...Array.from({ length: 1200 }, (_, index) => ({
      primaryEmail: `person-${index}@acme.example`,
      isEnrolledIn2Sv: true,
      isEnforcedIn2Sv: true,
      lastLoginDaysAgo: 5,
    })),
  ];
  peer.state.devices = [
    { resourceId: 'd1', model: 'Pixel 9', status: 'APPROVED', encryptionStatus: 'Encrypted', email: ['root@acme.example'] },
    { resourceId: 'd2', model: 'Old phone', status: 'PENDING', encryptionStatus: 'Unencrypted', email: ['gone@acme.example'] },
  ];
  connection = await kit.connect('google_workspace', {
    serviceAccountKey: keyFor('reader@acme-compliance.iam.gserviceaccount.com'),
    adminEmail: 'root@acme.example',
    apiRootUrl: peer.url,
  });
}, 240_000);
afterAll(async () => {
  await peer?.close();
  await kit?.close();
});

describe('Google Workspace connector', () => {
  it('runs every check over paged users and names the resources at fault', async () => {
    peer.faults.rateLimitOnce.add('/admin/directory/v1/users');
    const run = await kit.run(connection);
    expect(checkOf(run, 'two_step_enforced').outcome).toBe('fail');
    expect(failingOf(checkOf(run, 'two_step_enforced'))).toMatchObject([{ id: 'it@acme.example', passed: false }]);
    expect(checkOf(run, 'two_step_enforced').summary).toBe('1 of 1203 active users are not made to use 2-step verification.');
    expect(
      checkOf(run, 'admins_two_step')
        .resources.filter((resource) => !resource.passed)
        .map((resource) => resource.id),
    ).toEqual(['it@acme.example']);
    expect(checkOf(run, 'super_admin_count')).toMatchObject({ outcome: 'pass', summary: '2 super administrators (at most 4 wanted).' });
    expect(
      checkOf(run, 'inactive_users_suspended')
        .resources.filter((resource) => !resource.passed)
        .map((resource) => resource.id),
    ).toEqual(['gone@acme.example']);
    expect(
      checkOf(run, 'mobile_devices_managed')
        .resources.filter((resource) => !resource.passed)
        .map((resource) => resource.id),
    ).toEqual(['Old phone d2']);
    const pages = peer.calls.filter(
      (request) => request.url.pathname === '/admin/directory/v1/users' && request.url.searchParams.get('maxResults') === '500',
    );
    expect(pages.map((request) => request.url.searchParams.get('pageToken'))).toEqual([null, '500', '1000']);
    // The connection's first call (who am I) met the 429 and was tried again.
    expect(peer.calls.filter((request) => request.url.searchParams.get('maxResults') === '1')).toHaveLength(2);
  });

  it('a service account Google refuses stops the run and marks the connection', async () => {
    const revoked = await kit.connect('google_workspace', {
      serviceAccountKey: keyFor('revoked@acme-compliance.iam.gserviceaccount.com'),
      adminEmail: 'root@acme.example',
      apiRootUrl: peer.url,
    });
    const run = await kit.run(revoked);
    expect(run).toMatchObject({ status: 'error', results: [] });
    expect(run.error).toContain('invalid_grant');
  });

  it('refuses a key whose token endpoint is not Google’s or the API’s', async () => {
    const answer = await kit.app.inject({
      method: 'POST',
      url: '/api/v1/connections',
      headers: { authorization: `Bearer ${kit.fixture.tokens.staffOfA}` },
      payload: {
        organizationId: kit.fixture.orgs.a.id,
        connectorId: 'google_workspace',
        name: 'Elsewhere',
        credentials: {
          serviceAccountKey: JSON.stringify({
            client_email: 'x@y.example',
            private_key: privateKey,
            token_uri: 'https://evil.example/token',
          }),
          adminEmail: 'root@acme.example',
        },
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('body.credentials.serviceAccountKey');
  });
});
