import type { ServerResponse } from 'node:http';
import { type Peer, type PeerRequest, sendJson, startPeer } from './peer-server.ts';

/**
 * The part of GitHub's REST API the GitHub connector calls, for its tests: an organization, its
 * repositories (paged with Link headers), branch protection, Dependabot alerts, outside collaborators
 * (any number, paged). `state` sets what it holds; `faults` makes it answer 429 (Retry-After) once, 500,
 * or never; a token starting `revoked` is refused with 401.
 */

export interface GithubRepo {
  name: string;
  archived?: boolean;
  protected: boolean;
  reviews: number;
  secretScanning: boolean;
  dependabot: boolean;
}

export interface GithubPeer extends Peer {
  state: { org: string; twoFactor: boolean; repos: GithubRepo[]; collaborators: number };
  faults: { rateLimitOnce: Set<string>; alwaysFail: Set<string>; hang: Set<string> };
}

function page<T>(request: PeerRequest, response: ServerResponse, peerUrl: string, items: readonly T[]) {
  const perPage = Math.min(100, Number(request.url.searchParams.get('per_page') ?? 30));
  const current = Number(request.url.searchParams.get('page') ?? 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (n: number, rel: string) => {
    const url = new URL(request.url.pathname + request.url.search, peerUrl);
    url.searchParams.set('page', String(n));
    url.searchParams.set('per_page', String(perPage));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = current < last ? [link(current + 1, 'next'), link(last, 'last')] : [];
  sendJson(response, 200, items.slice((current - 1) * perPage, current * perPage), links.length ? { link: links.join(', ') } : {});
}

export async function startGithubPeer(): Promise<GithubPeer> {
  const state: GithubPeer['state'] = { org: 'octo-org', twoFactor: true, repos: [], collaborators: 0 };
  const faults: GithubPeer['faults'] = { rateLimitOnce: new Set(), alwaysFail: new Set(), hang: new Set() };
  let base = '';
  const peer = await startPeer(async (request, response) => {
    const token = (request.headers.authorization ?? '').replace(/^(token|bearer) /i, '');
    if (token.startsWith('revoked')) return sendJson(response, 401, { message: 'Bad credentials' });
    const path = request.url.pathname;
    const key = `${path}${request.url.searchParams.get('page') ? `?page=${request.url.searchParams.get('page')}` : ''}`;
    if (faults.rateLimitOnce.delete(key)) return sendJson(response, 429, { message: 'API rate limit exceeded' }, { 'retry-after': '0' });
    if (faults.alwaysFail.has(path)) return sendJson(response, 500, { message: 'Server Error' });
    if (faults.hang.has(path)) return; // never answers
    const org = `/orgs/${state.org}`;
    if (path === org) return sendJson(response, 200, { login: state.org, id: 1, two_factor_requirement_enabled: state.twoFactor });
    if (path === `${org}/repos`) {
      const repos = state.repos.map((repo, index) => ({
        id: index + 1,
        name: repo.name,
        archived: repo.archived ?? false,
        default_branch: 'main',
        security_and_analysis: { secret_scanning: { status: repo.secretScanning ? 'enabled' : 'disabled' } },
      }));
      return page(request, response, base, repos);
    }
    if (path === `${org}/outside_collaborators`) {
      const users = Array.from({ length: state.collaborators }, (_, index) => ({ login: `contractor-${index + 1}`, id: 10_000 + index }));
      return page(request, response, base, users);
    }
    const repoPath = new RegExp(`^/repos/${state.org}/([^/]+)/(.+)$`).exec(path);
    const repo = state.repos.find((candidate) => candidate.name === repoPath?.[1]);
    if (repo && repoPath?.[2] === 'branches/main/protection') {
      if (!repo.protected) return sendJson(response, 404, { message: 'Branch not protected' });
      return sendJson(response, 200, {
        required_pull_request_reviews: repo.reviews > 0 ? { required_approving_review_count: repo.reviews } : undefined,
      });
    }
    if (repo && repoPath?.[2] === 'vulnerability-alerts') {
      if (!repo.dependabot) return sendJson(response, 404, { message: 'Vulnerability alerts are disabled.' });
      response.writeHead(204);
      return response.end();
    }
    return sendJson(response, 404, { message: 'Not Found' });
  });
  base = peer.url;
  return { ...peer, state, faults };
}
