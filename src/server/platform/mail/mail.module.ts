import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { type MailTransport, outboxTransport, smtpTransport } from './mail-transport.ts';
import { registerDevMailboxRoutes } from './mail.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How this server delivers mail; the 'mail-send' worker (startWorkers) sends through it. */
    mailTransport: MailTransport;
  }
}

export interface MailModuleDeps {
  database: Database;
  /** Overrides the transport chosen from SMTP_URL (tests). */
  transport?: MailTransport;
}

/** SMTP when SMTP_URL is set, else the embedded outbox (the row stays in outbound_emails, a line is logged). */
export function mailTransportFromEnv(env: Env, log: (line: string) => void): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL) : outboxTransport(log);
}

/**
 * The mail module: the transport as `app.mailTransport` and /dev/mailbox outside production. Mail is
 * queued with `enqueueEmail(tx, jobs, …)` in the caller's transaction; the 'mail-send' worker is started
 * with the others by startWorkers (workers.ts). Register after the jobs module.
 */
export function registerMailModule(app: FastifyInstance, env: Env, deps: MailModuleDeps): void {
  const transport = deps.transport ?? mailTransportFromEnv(env, (line) => app.log.info(line));
  app.decorate('mailTransport', transport);
  app.addHook('onClose', async () => transport.close?.());
  if (env.NODE_ENV !== 'production' && transport.kind === 'outbox') registerDevMailboxRoutes(app, deps.database);
  if (env.NODE_ENV === 'production' && transport.kind === 'outbox') {
    app.log.warn('SMTP_URL is not set: e-mails are kept in the outbox table and never delivered (confirmation links included).');
  }
}
