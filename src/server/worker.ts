import closeWithGrace from 'close-with-grace';
import { openPostgres } from './db/client.ts';
import { parseEnv } from './env.ts';
import { startAgentRunWorkers } from './modules/agent-runs/agent-run-worker.ts';
import { startEvidenceExpiryWorker } from './modules/evidence/evidence-expiry.ts';
import { type DomainEventListener, startDomainEventWorker } from './modules/events/domain-events.ts';
import { createAgentProvider } from './modules/agent-runs/providers/choose-agent-provider.ts';
import { startReadinessSnapshotWorker } from './modules/frameworks/frameworks.module.ts';
import { JobQueue } from './modules/jobs/job-queue.ts';
import { QUEUE_SETTINGS } from './modules/jobs/queue-settings.ts';
import { outboxTransport, smtpTransport } from './modules/mail/mail-transport.ts';
import { MailWorker } from './modules/mail/mail.service.ts';
import { workflowEventListener } from './modules/workflow-runs/triggers.ts';
import { startWorkflowWorkers, workflowEngineDeps } from './modules/workflow-runs/workflow-runs.module.ts';
import { startNotificationDigestWorker } from './modules/notifications/notification-digest.ts';
import { startWebhookDeliveryWorker, webhookListener } from './modules/integrations/webhook-delivery.ts';

/**
 * `npm run worker`: a process that only works the job queues (agent runs, mail), beside web servers
 * started with JOB_WORKERS=off, all on one PostgreSQL server (docs/jobs.md). Run as many as you like.
 */
async function start(): Promise<void> {
  const env = parseEnv();
  if (!env.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded PGlite database belongs to the one server process that opened it, ' +
        'which already works the queues itself (JOB_WORKERS=in-process). Point the servers and the workers at one PostgreSQL server.',
    );
    process.exit(1);
  }
  const database = openPostgres(env.DATABASE_URL, 4);
  const jobs = await JobQueue.open(database, { onError: (error) => console.warn(`job queue error: ${error.message}`) });
  for (const [name, settings] of Object.entries(QUEUE_SETTINGS)) await jobs.define(name as keyof typeof QUEUE_SETTINGS, settings);

  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL) : outboxTransport((line) => console.log(line));
  const mailWorker = new MailWorker({
    db: database.db,
    transport,
    from: env.MAIL_FROM,
    jobs,
    onError: (error, mailId) => console.warn(`mail ${mailId} not delivered yet: ${error instanceof Error ? error.message : String(error)}`),
  });
  await mailWorker.start();
  const provider = createAgentProvider(env, (details, message) => console.warn(message, details));
  await startAgentRunWorkers(
    jobs,
    { db: database.db, jobs, provider, mailQueued: () => mailWorker.notify() },
    { localConcurrency: env.AGENT_RUN_CONCURRENCY },
  );
  await startReadinessSnapshotWorker(jobs, database.db);
  await startEvidenceExpiryWorker(jobs, { db: database.db, mailQueued: () => mailWorker.notify() });
  await startNotificationDigestWorker(jobs, { db: database.db, mailQueued: () => mailWorker.notify() });
  // The same listeners the server registers (workflow triggers, webhooks …), built from this process's parts.
  const domainEventListeners: DomainEventListener[] = [
    webhookListener(database.db, jobs),
    workflowEventListener({ db: database.db, jobs }),
  ];
  await startWebhookDeliveryWorker(jobs, database.db, { allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS });
  await startDomainEventWorker(jobs, domainEventListeners);
  await startWorkflowWorkers(
    jobs,
    workflowEngineDeps(database.db, env.NODE_ENV === 'production', () => mailWorker.notify()),
  );

  closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
    if (err) console.error('worker shutting down after an error', err);
    else console.log(`worker shutting down (${signal})`);
    await jobs.stop(); // lets the jobs in hand finish
    await mailWorker.stop();
    transport.close?.();
    await database.close();
  });
  console.log(
    `ComplianceCore worker is running: agent runs (${env.AGENT_RUN_CONCURRENCY} at once), mail, readiness snapshots and the evidence-expiry schedule, on PostgreSQL.`,
  );
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
