import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { type MailTransport, outboxTransport, smtpTransport } from './mail-transport.ts';
import { registerDevMailboxRoutes } from './mail.routes.ts';
import { MailWorker } from './mail.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued mails; a module that queues one calls `notify()` after its transaction. */
    mailWorker: MailWorker;
  }
}

export interface MailModuleDeps {
  database: Database;
  /** Overrides the transport chosen from SMTP_URL (tests). */
  transport?: MailTransport;
}

/**
 * The mail module: the transport (SMTP when SMTP_URL is set, else the embedded outbox), the worker
 * as `app.mailWorker` (working the 'mail-send' jobs when the app is ready, unless JOB_WORKERS=off),
 * and /dev/mailbox outside production. Register after the jobs module, before any module that sends mail.
 */
export function registerMailModule(app: FastifyInstance, env: Env, deps: MailModuleDeps): void {
  const transport = deps.transport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : outboxTransport((line) => app.log.info(line)));
  const mailWorker = new MailWorker({
    db: deps.database.db,
    transport,
    from: env.MAIL_FROM,
    jobs: app.jobs,
    onError: (error, mailId) => app.log.warn({ err: error, mailId }, 'mail delivery failed; will retry'),
  });
  app.decorate('mailWorker', mailWorker);
  app.addHook('onReady', async () => {
    if (app.jobWorkersEnabled) await mailWorker.start();
  });
  app.addHook('onClose', async () => {
    await mailWorker.stop();
    transport.close?.();
  });
  if (env.NODE_ENV !== 'production' && transport.kind === 'outbox') registerDevMailboxRoutes(app, deps.database);
  if (env.NODE_ENV === 'production' && transport.kind === 'outbox') {
    app.log.warn('SMTP_URL is not set: e-mails are kept in the outbox table and never delivered (confirmation links included).');
  }
}
