import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionsOfScopes } from '../../../shared/schemas/integrations.ts';
import { isMcpPath } from '../../../shared/schemas/mcp.ts';
import { AppError } from '../../app-error.ts';
import { authenticateApiKey } from './api-keys.ts';

/**
 * API keys on every /api/v1 operation and on /mcp (docs/integrations.md, docs/mcp.md): `Authorization: Bearer cck_…` or
 * `X-API-Key: cck_…`. A valid key makes the request its maker's, narrowed to the key's organization and
 * scopes (access-guard, tenant); anything else with a key is 401. Each key may make API_KEY_RATE requests
 * a minute (per process), on top of the routes' own limits, which count per key too.
 */

export const API_KEY_RATE = { max: 300, windowMs: 60_000 };
const BEARER = /^bearer\s+(cck_\S+)$/i;

function keyOf(request: FastifyRequest): string | undefined {
  const bearer = request.headers.authorization ? BEARER.exec(request.headers.authorization)?.[1] : undefined;
  if (bearer) return bearer;
  const header = request.headers['x-api-key'] ?? request.headers.apikey;
  return typeof header === 'string' && header.startsWith('cck_') ? header : undefined;
}

export function registerApiKeyAuthentication(app: FastifyInstance): void {
  const windows = new Map<string, { start: number; count: number }>();
  app.addHook('onRequest', async (request) => {
    // The MCP server (docs/mcp.md) takes the same keys: its tools call /api/v1 with them.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/functions/') && !isMcpPath(request.url)) return;
    const key = keyOf(request);
    if (!key) return;
    const identity = await authenticateApiKey(app.database.db, key);
    if (!identity) throw new AppError('UNAUTHENTICATED', 'This API key is not valid: it may be revoked or expired.');
    const now = Date.now();
    const window = windows.get(identity.id);
    if (!window || now - window.start >= API_KEY_RATE.windowMs) windows.set(identity.id, { start: now, count: 1 });
    else if (++window.count > API_KEY_RATE.max) {
      throw new AppError('RATE_LIMITED', `This API key made more than ${API_KEY_RATE.max} requests in a minute. Slow down and retry.`);
    }
    request.auth = {
      userId: identity.userId,
      email: null,
      role: 'authenticated',
      // A key has no second factor to owe: its maker created it signed in.
      aal: 'aal2',
      sessionId: null,
      claims: {},
      apiKey: {
        id: identity.id,
        name: identity.name,
        organizationId: identity.organizationId,
        scopes: identity.scopes,
        permissions: permissionsOfScopes(identity.scopes),
      },
    };
  });
}
