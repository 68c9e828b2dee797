import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AwsPeer, startAwsPeer } from '../../../../../tests/connector-peers/aws-peer.ts';
import {
  checkOf,
  connectorTestKit,
  failingOf,
  type ConnectorTestKit,
} from '../../../../../tests/connector-peers/connector-test-database.ts';
import type { Connection } from '../../../../shared/schemas/connectors.ts';

/** The AWS connector (issue 38) through the SDK v3 clients against a local AWS: every check, Marker paging, throttling, a denied call, a refused key. */

let kit: ConnectorTestKit;
let peer: AwsPeer;
let connection: Connection;

beforeAll(async () => {
  [kit, peer] = await Promise.all([connectorTestKit(), startAwsPeer()]);
  peer.state.users = [
    { name: 'alice', console: true, mfa: true, keyAges: [10] },
    { name: 'bob', console: true, mfa: false, keyAges: [120, 5] },
    { name: 'ci-deploy', console: false, mfa: false, keyAges: [30] },
    ...Array.from({ length: 250 }, (_, index) => ({ name: `user-${index}`, console: true, mfa: true, keyAges: [] })),
  ];
  peer.state.publicAccessBlock = { BlockPublicAcls: true, IgnorePublicAcls: true, BlockPublicPolicy: false, RestrictPublicBuckets: true };
  peer.state.trails = [
    { name: 'org-trail', multiRegion: true, logging: true },
    { name: 'old-trail', multiRegion: false, logging: false },
  ];
  peer.state.ebsByRegion = { 'us-east-1': true, 'eu-west-1': false, 'ap-south-1': true };
  connection = await kit.connect('aws', {
    accessKeyId: 'AKIAAUDITREADONLY01',
    secretAccessKey: 'secret-access-key-0123456789',
    region: 'us-east-1',
    endpoint: peer.url,
  });
}, 240_000);
afterAll(async () => {
  await peer?.close();
  await kit?.close();
});

describe('AWS connector', () => {
  it('runs every check and names the resources at fault', async () => {
    peer.faults.throttleOnce.add('ListUsers');
    const run = await kit.run(connection);
    expect(checkOf(run, 'root_mfa')).toMatchObject({ outcome: 'pass' });
    expect(checkOf(run, 'root_access_keys')).toMatchObject({ outcome: 'pass' });
    const mfa = checkOf(run, 'iam_users_mfa');
    expect(mfa.outcome).toBe('fail');
    expect(failingOf(mfa)).toEqual([{ id: 'bob', passed: false, detail: 'console sign-in, MFA off' }]);
    expect(mfa.summary).toBe('1 of 253 IAM users sign in without MFA.'); // three pages by Marker, after one Throttling
    expect(checkOf(run, 'access_key_age').resources.filter((resource) => !resource.passed)).toEqual([
      { id: 'bob/key1', passed: false, detail: '120 days old' },
    ]);
    expect(checkOf(run, 's3_public_access_block').outcome).toBe('fail');
    expect(failingOf(checkOf(run, 's3_public_access_block'))).toMatchObject([
      { id: 'account 123456789012', detail: 'off: BlockPublicPolicy' },
    ]);
    expect(checkOf(run, 'cloudtrail_all_regions')).toMatchObject({ outcome: 'pass' });
    expect(
      checkOf(run, 'ebs_default_encryption')
        .resources.filter((resource) => !resource.passed)
        .map((resource) => resource.id),
    ).toEqual(['eu-west-1']);
    const listUsers = peer.calls.filter((request) => new URLSearchParams(request.body).get('Action') === 'ListUsers');
    expect(listUsers.map((request) => new URLSearchParams(request.body).get('Marker'))).toEqual([null, null, '100', '200']);
  });

  it('a call the credentials may not make is recorded as not checked; the rest still run', async () => {
    peer.faults.denied.add('GetEbsEncryptionByDefault');
    const run = await kit.run(connection);
    expect(run.status).toBe('partial');
    expect(checkOf(run, 'ebs_default_encryption')).toMatchObject({ outcome: 'error' });
    expect(checkOf(run, 'ebs_default_encryption').summary).toContain('403');
    expect(checkOf(run, 'root_mfa').outcome).toBe('pass');
    peer.faults.denied.clear();
  });

  it('a key AWS refuses stops the run and marks the connection', async () => {
    const revoked = await kit.connect('aws', {
      accessKeyId: 'AKIAREVOKED00000001',
      secretAccessKey: 'secret-access-key-0123456789',
      endpoint: peer.url,
    });
    const run = await kit.run(revoked);
    expect(run).toMatchObject({ status: 'error', results: [] });
    expect(run.error).toMatch(/security token|refused/i);
  });
});
