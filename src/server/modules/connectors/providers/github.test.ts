import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOf,
  connectorTestKit,
  failingOf,
  type ConnectorTestKit,
} from '../../../../../tests/connector-peers/connector-test-database.ts';
import { type GithubPeer, startGithubPeer } from '../../../../../tests/connector-peers/github-peer.ts';
import type { Connection } from '../../../../shared/schemas/connectors.ts';

/** The GitHub connector (issue 38) through Octokit against a local GitHub: every check, paging, 429, 500, 401, a timeout and 10,000 collaborators. */

let kit: ConnectorTestKit;
let peer: GithubPeer;
let connection: Connection;

beforeAll(async () => {
  [kit, peer] = await Promise.all([connectorTestKit(), startGithubPeer()]);
  peer.state.repos = [
    { name: 'api', protected: true, reviews: 2, secretScanning: true, dependabot: true },
    { name: 'web', protected: true, reviews: 0, secretScanning: false, dependabot: true },
    { name: 'sandbox', protected: false, reviews: 0, secretScanning: true, dependabot: false },
    { name: 'old', archived: true, protected: false, reviews: 0, secretScanning: false, dependabot: false },
    ...Array.from({ length: 150 }, (_, index) => ({
      name: `svc-${index}`,
      protected: true,
      reviews: 1,
      secretScanning: true,
      dependabot: true,
    })),
  ];
  peer.state.collaborators = 3;
  connection = await kit.connect('github', {
    token: 'ghp_read_only_token',
    organization: 'octo-org',
    baseUrl: peer.url,
    allowedOutsideCollaborators: 'contractor-1, contractor-2',
  });
}, 240_000);
afterAll(async () => {
  await peer?.close();
  await kit?.close();
});

describe('GitHub connector', () => {
  it('runs every check over paged repositories and says which resources fail', async () => {
    peer.faults.rateLimitOnce.add('/orgs/octo-org/repos?page=2');
    const run = await kit.run(connection);
    expect(run.status).toBe('failed');
    expect(checkOf(run, 'org_2fa_required')).toMatchObject({ outcome: 'pass' });
    const protection = checkOf(run, 'branch_protection');
    expect(protection.outcome).toBe('fail');
    expect(failingOf(protection)).toMatchObject([{ id: 'sandbox', passed: false }]);
    expect(protection.summary).toBe('1 of 153 repositories have an unprotected default branch.'); // archived `old` is not counted; page 2 came after a 429
    expect(
      checkOf(run, 'required_reviews')
        .resources.filter((resource) => !resource.passed)
        .map((resource) => resource.id),
    ).toEqual(['web', 'sandbox']);
    expect(
      checkOf(run, 'secret_scanning')
        .resources.filter((resource) => !resource.passed)
        .map((resource) => resource.id),
    ).toEqual(['web']);
    expect(
      checkOf(run, 'dependabot_alerts')
        .resources.filter((resource) => !resource.passed)
        .map((resource) => resource.id),
    ).toEqual(['sandbox']);
    expect(checkOf(run, 'outside_collaborators').outcome).toBe('fail');
    expect(failingOf(checkOf(run, 'outside_collaborators'))).toMatchObject([{ id: 'contractor-3', passed: false }]);
    expect(
      peer.calls
        .filter((request) => request.url.pathname === '/orgs/octo-org/repos')
        .map((request) => request.url.searchParams.get('page')),
    ).toEqual([null, '2', '2']);
  });

  it('reads 10,000 outside collaborators page by page', async () => {
    peer.state.collaborators = 10_000;
    const check = checkOf(await kit.run(connection), 'outside_collaborators');
    expect(check.outcome).toBe('fail');
    expect(check.summary).toBe('9998 of 10000 outside collaborators are not on the approved list.');
    expect(check.resources.length + check.moreResources).toBe(10_000);
    peer.state.collaborators = 3;
  });

  it('a check whose calls keep failing is recorded as not checked, and the others still run', async () => {
    peer.faults.alwaysFail.add('/repos/octo-org/api/vulnerability-alerts');
    const run = await kit.run(connection);
    expect(run.status).toBe('partial');
    expect(checkOf(run, 'dependabot_alerts')).toMatchObject({ outcome: 'error', evidenceId: null });
    expect(checkOf(run, 'dependabot_alerts').summary).toContain('500');
    expect(checkOf(run, 'org_2fa_required').outcome).toBe('pass');
    peer.faults.alwaysFail.clear();
  });

  it('a provider that does not answer in time is recorded, check by check', async () => {
    peer.faults.hang.add('/orgs/octo-org/outside_collaborators');
    const run = await kit.run(connection, { checkTimeoutMs: 1_500, requestTimeoutMs: 500 });
    expect(checkOf(run, 'outside_collaborators')).toMatchObject({ outcome: 'error' });
    expect(checkOf(run, 'outside_collaborators').summary).toMatch(/in time/);
    peer.faults.hang.clear();
  });

  it('a revoked token stops the run and marks the connection', async () => {
    const revoked = await kit.connect('github', { token: 'revoked-token-0001', organization: 'octo-org', baseUrl: peer.url });
    const run = await kit.run(revoked);
    expect(run).toMatchObject({ status: 'error', results: [] });
    expect(run.error).toContain('401');
  });
});
