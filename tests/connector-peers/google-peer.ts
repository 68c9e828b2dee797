import { decodeJwt } from 'jose';
import { type Peer, sendJson, startPeer } from './peer-server.ts';

/**
 * The part of Google the Google Workspace connector calls, for its tests: the service account's token
 * endpoint (`/token`: a JWT bearer grant; a key whose client_email starts `revoked` is refused with
 * invalid_grant) and the Admin SDK Directory API's users and mobile devices, paged with pageToken.
 * `faults.rateLimitOnce` answers 429 once for a path.
 */

export interface GoogleUser {
  primaryEmail: string;
  isAdmin?: boolean;
  suspended?: boolean;
  isEnrolledIn2Sv: boolean;
  isEnforcedIn2Sv: boolean;
  lastLoginDaysAgo: number | null;
}

export interface GooglePeer extends Peer {
  state: {
    users: GoogleUser[];
    devices: { resourceId: string; model: string; status: string; encryptionStatus: string; email: string[] }[];
  };
  faults: { rateLimitOnce: Set<string> };
}

const TOKEN = 'ya29.local-test-token';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

function paged<T>(items: readonly T[], pageToken: string | null, size: number) {
  const start = Number(pageToken ?? 0);
  const next = start + size < items.length ? String(start + size) : undefined;
  return { items: items.slice(start, start + size), next };
}

export async function startGooglePeer(): Promise<GooglePeer> {
  const state: GooglePeer['state'] = { users: [], devices: [] };
  const faults: GooglePeer['faults'] = { rateLimitOnce: new Set() };
  const peer = await startPeer((request, response) => {
    const path = request.url.pathname;
    if (path === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(request.body);
      const claims = decodeJwt(form.get('assertion') ?? '');
      if (String(claims.iss).startsWith('revoked'))
        return sendJson(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      return sendJson(response, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 });
    }
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return sendJson(response, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    if (faults.rateLimitOnce.delete(path))
      return sendJson(response, 429, { error: { code: 429, message: 'Quota exceeded' } }, { 'retry-after': '0' });
    const pageToken = request.url.searchParams.get('pageToken');
    if (path === '/admin/directory/v1/users') {
      const size = Math.min(Number(request.url.searchParams.get('maxResults') ?? 100), 500);
      const { items, next } = paged(state.users, pageToken, size);
      return sendJson(response, 200, {
        kind: 'admin#directory#users',
        users: items.map((user, index) => ({
          id: String(index),
          primaryEmail: user.primaryEmail,
          isAdmin: user.isAdmin ?? false,
          suspended: user.suspended ?? false,
          isEnrolledIn2Sv: user.isEnrolledIn2Sv,
          isEnforcedIn2Sv: user.isEnforcedIn2Sv,
          lastLoginTime: user.lastLoginDaysAgo === null ? '1970-01-01T00:00:00.000Z' : daysAgo(user.lastLoginDaysAgo),
          creationTime: daysAgo(400),
        })),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    if (/^\/admin\/directory\/v1\/customer\/[^/]+\/devices\/mobile$/.test(path)) {
      const { items, next } = paged(state.devices, pageToken, 100);
      return sendJson(response, 200, {
        kind: 'admin#directory#mobiledevices',
        mobiledevices: items,
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    return sendJson(response, 404, { error: { code: 404, message: 'Not found' } });
  });
  return { ...peer, state, faults };
}
