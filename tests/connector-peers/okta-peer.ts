import { type Peer, sendJson, startPeer } from './peer-server.ts';

/**
 * The part of Okta's management API the Okta connector calls, for its tests: the token's own user,
 * policies and their rules, the Everyone group, users (paged with Link rel="next" and `after`),
 * administrators and their roles. The token `revoked` is refused (401, E0000011); `faults.rateLimitOnce`
 * answers 429 once for a path with X-Rate-Limit-Reset, as Okta does.
 */

export interface OktaPeer extends Peer {
  state: {
    users: { id: string; login: string; lastLoginDaysAgo: number }[];
    admins: { id: string; roles: string[] }[];
    mfaPolicies: object[];
    passwordPolicies: object[];
    signOnPolicies: { policy: object; rules: object[] }[];
  };
  faults: { rateLimitOnce: Set<string> };
}

export const EVERYONE = '00gEveryone';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

export async function startOktaPeer(): Promise<OktaPeer> {
  const state: OktaPeer['state'] = { users: [], admins: [], mfaPolicies: [], passwordPolicies: [], signOnPolicies: [] };
  const faults: OktaPeer['faults'] = { rateLimitOnce: new Set() };
  let base = '';
  const peer = await startPeer((request, response) => {
    if (request.headers.authorization !== 'SSWS okta-read-only-token') {
      return sendJson(response, 401, {
        errorCode: 'E0000011',
        errorSummary: 'Invalid token provided',
        errorLink: 'E0000011',
        errorId: 'x',
        errorCauses: [],
      });
    }
    const path = request.url.pathname;
    if (faults.rateLimitOnce.delete(path)) {
      return sendJson(
        response,
        429,
        { errorCode: 'E0000047', errorSummary: 'API call exceeded rate limit due to too many requests.' },
        {
          'x-rate-limit-reset': String(Math.floor(Date.now() / 1000)),
          'x-rate-limit-limit': '600',
          'x-rate-limit-remaining': '0',
          date: new Date().toUTCString(),
        },
      );
    }
    if (path === '/api/v1/users/me')
      return sendJson(response, 200, { id: '00uAuditor', status: 'ACTIVE', profile: { login: 'auditor@acme.example' } });
    if (path === '/api/v1/groups') return sendJson(response, 200, [{ id: EVERYONE, type: 'BUILT_IN', profile: { name: 'Everyone' } }]);
    if (path === '/api/v1/policies') {
      const type = request.url.searchParams.get('type');
      if (type === 'MFA_ENROLL') return sendJson(response, 200, state.mfaPolicies);
      if (type === 'PASSWORD') return sendJson(response, 200, state.passwordPolicies);
      return sendJson(
        response,
        200,
        state.signOnPolicies.map((entry) => entry.policy),
      );
    }
    const rules = /^\/api\/v1\/policies\/([^/]+)\/rules$/.exec(path);
    if (rules)
      return sendJson(response, 200, state.signOnPolicies.find((entry) => (entry.policy as { id: string }).id === rules[1])?.rules ?? []);
    if (path === '/api/v1/users') {
      const limit = Number(request.url.searchParams.get('limit') ?? 200);
      const start = Number(request.url.searchParams.get('after') ?? 0);
      const page = state.users.slice(start, start + limit);
      const more = start + limit < state.users.length;
      const next = new URL('/api/v1/users', base);
      next.searchParams.set('after', String(start + limit));
      next.searchParams.set('limit', String(limit));
      return sendJson(
        response,
        200,
        page.map((user) => ({
          id: user.id,
          status: 'ACTIVE',
          created: daysAgo(400),
          lastLogin: daysAgo(user.lastLoginDaysAgo),
          profile: { login: user.login },
        })),
        more ? { link: `<${next.toString()}>; rel="next"` } : {},
      );
    }
    if (path === '/api/v1/iam/assignees/users')
      return sendJson(response, 200, { value: state.admins.map((admin) => ({ id: admin.id, orn: `orn:okta:${admin.id}` })), _links: {} });
    const roles = /^\/api\/v1\/users\/([^/]+)\/roles$/.exec(path);
    if (roles)
      return sendJson(
        response,
        200,
        (state.admins.find((admin) => admin.id === roles[1])?.roles ?? []).map((type, index) => ({
          id: `ra${index}`,
          type,
          status: 'ACTIVE',
          assignmentType: 'USER',
        })),
      );
    return sendJson(response, 404, { errorCode: 'E0000007', errorSummary: `Not found: ${path}` });
  });
  base = peer.url;
  return { ...peer, state, faults };
}
