import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { listMailbox } from './mail.service.ts';

/** GET /dev/mailbox: the embedded outbox, newest first. Registered only outside production without SMTP. */
export function registerDevMailboxRoutes(app: FastifyInstance, database: Database): void {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { mails: await listMailbox(database.db) };
  });
}
