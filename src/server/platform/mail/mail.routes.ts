import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/client.ts';
import { isLocalRequest } from '../../plugins/local-request.ts';
import { listMailbox } from './mail.service.ts';

/**
 * GET /dev/mailbox: the embedded outbox, newest first. Registered only outside production without
 * SMTP, and answered only to this machine: the mails hold sign-in links, so a server listening on
 * every interface must not hand them to the network (the socket's address decides, never a header).
 */
export function registerDevMailboxRoutes(app: FastifyInstance, database: Database): void {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalRequest(request)) throw new AppError('NOT_FOUND', 'Not found.');
    reply.header('cache-control', 'no-store');
    return { mails: await listMailbox(database.db) };
  });
}
