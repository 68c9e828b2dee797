import type { FastifyInstance, HTTPMethods } from 'fastify';

/**
 * A `fetch` that answers from an app built in this process (`app.inject`), so clients written for
 * HTTP — the auth-js admin client in `npm run user:create` — can run against it with no port open.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const reply = await app.inject({
      method: request.method as HTTPMethods,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = reply.statusCode === 204 || reply.statusCode === 304 || reply.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(reply.rawPayload), { status: reply.statusCode, headers });
  };
}
