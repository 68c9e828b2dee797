import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first half of a shutdown (start-server.ts, on SIGTERM/SIGINT): every request already
     * running finishes; every request that arrives from now on is answered 503 `UNAVAILABLE` in the
     * app's error shape, with `Connection: close`. Resolves once nothing has been running for
     * `quietMs` (or after `maxMs`); `app.close()` then closes the listener and the idle connections.
     */
    drain(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
  }
}

/**
 * Why not `app.close()` at once: Node's `server.close()` destroys every keep-alive connection that
 * is idle *as the server sees it*, and a request the client has already sent on it but the server
 * has not read yet looks idle; the client gets a reset for a request it had handed over. While the
 * server drains it keeps reading: each connection's next request is answered (503) and the answer
 * closes the connection, so by the time the listener closes no client is left mid-request.
 * Fastify's own closing answer (`return503OnClosing`) is off in app.ts: its body is not ours.
 */
export function registerShutdownDrain(app: FastifyInstance): void {
  let draining = false;
  let running = 0;
  let lastActivity = Date.now();
  app.server.on('request', (_request, response) => {
    running += 1;
    lastActivity = Date.now();
    response.once('close', () => {
      running -= 1;
      lastActivity = Date.now();
    });
  });

  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close').header('retry-after', '5');
    throw new AppError('UNAVAILABLE', 'The server is shutting down. Try again in a moment.');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  // Quiet means a second without a request: a client that just read its answer (with `Connection:
  // close`) and is opening its next connection must find the listener still open and hear 503, not
  // land in the accept queue as the listener closes (the kernel resets those). 300 ms was too short
  // for a client on a busy machine.
  app.decorate('drain', async ({ quietMs = 1_000, maxMs = 8_000 } = {}) => {
    draining = true;
    lastActivity = Date.now();
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline && (running > 0 || Date.now() - lastActivity < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
}
