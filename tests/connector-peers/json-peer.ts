import { type Peer, sendJson, startPeer } from './peer-server.ts';

/**
 * A JSON endpoint for the HTTPS JSON connector and the framework's tests: `/status` answers the state
 * the test sets; `/flaky` answers 429 (Retry-After: 0) once, then the state; `/down` always 500;
 * `/locked` 401; `/slow` never in time.
 */
export interface JsonPeer extends Peer {
  state: { status: string; components: { name: string; ok: boolean }[] };
}

export async function startJsonPeer(): Promise<JsonPeer> {
  const state: JsonPeer['state'] = { status: 'ok', components: [{ name: 'api', ok: true }] };
  let flakyServed = false;
  const peer = await startPeer(async (request, response) => {
    const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
    switch (request.url.pathname) {
      case '/status':
        return sendJson(response, 200, state, hsts);
      case '/flaky':
        if (!flakyServed) {
          flakyServed = true;
          return sendJson(response, 429, { message: 'slow down' }, { 'retry-after': '0' });
        }
        return sendJson(response, 200, state, hsts);
      case '/down':
        return sendJson(response, 500, { message: 'down' });
      case '/locked':
        return sendJson(response, 401, { message: 'who are you' });
      case '/slow':
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return sendJson(response, 200, state);
      default:
        return sendJson(response, 404, { message: 'not here' });
    }
  });
  return { ...peer, state };
}
