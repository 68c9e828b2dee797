import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import { startAgentRunWorkers } from './modules/agent-runs/agent-run-worker.ts';
import type { AgentProvider } from './modules/agent-runs/providers/agent-provider.ts';
import { AUTH_CLEANUP_CRON, startAuthCleanupWorker } from './modules/auth/cleanup.ts';
import { EVIDENCE_EXPIRY_CRON, startEvidenceExpiryWorker } from './modules/evidence/evidence-expiry.ts';
import { type DomainEventListener, startDomainEventWorker } from './platform/events/domain-events.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { SNAPSHOT_CRON, startReadinessSnapshotWorker } from './modules/frameworks/frameworks.module.ts';
import { startWebhookDeliveryWorker, webhookListener } from './modules/integrations/webhook-delivery.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import type { ScheduledJobName } from './platform/jobs/job-types.ts';
import type { MailTransport } from './platform/mail/mail-transport.ts';
import { startMailWorker } from './platform/mail/mail.service.ts';
import { NOTIFICATION_DIGEST_CRON, startNotificationDigestWorker } from './modules/notifications/notification-digest.ts';
import { startQuestionnaireWorker } from './modules/questionnaires/questionnaire-answering.ts';
import { workflowEventListener } from './modules/workflow-runs/triggers.ts';
import { ATTESTATION_REMINDERS_CRON, startAttestationReminderWorker } from './modules/attestations/attestation-reminders.ts';
import { POLICY_REVIEW_CLOCK_CRON, startPolicyReviewClockWorker } from './modules/policies/policy-review-clock.ts';
import { CONNECTOR_CLOCK_CRON, startConnectorClockWorker } from './modules/connectors/connector-clock.ts';
import { startConnectorRunWorker } from './modules/connectors/connection-run.ts';
import { createSealer } from './modules/auth/tokens/sealing.ts';
import { startVendorDocumentWorker } from './modules/vendors/documents/vendor-document-reading.ts';
import { VENDOR_REVIEW_CLOCK_CRON, startVendorReviewClockWorker } from './modules/vendors/vendor-review-clock.ts';
import { WORKFLOW_SCHEDULE_CRON, startWorkflowWorkers, workflowEngineDeps } from './modules/workflow-runs/workflow-runs.module.ts';

/**
 * The workers of every queue and the periodic schedules, listed once (docs/jobs.md). The server starts
 * them when it is ready (JOB_WORKERS=in-process, app.ts) and `npm run worker` starts them alone
 * (worker-process.ts); both call startWorkers, so a new queue is worked everywhere by adding it here.
 */

export interface WorkerDeps {
  db: Db;
  env: Env;
  mailTransport: MailTransport;
  agentProvider: AgentProvider;
  fileStore: FileStore;
  /** Domain-event listeners beside the built-in ones (the server's `app.domainEventListeners`: tests add theirs). */
  extraListeners?: readonly DomainEventListener[];
  /** A delivery attempt that failed (pg-boss retries it); logged by the caller. */
  onMailError?: (error: unknown, mailId: string) => void;
}

/** Periodic passes: pg-boss keeps each schedule in the database and sends each occurrence once across every process. */
export const SCHEDULES: readonly { name: ScheduledJobName; cron: string }[] = [
  { name: 'workflow-schedule', cron: WORKFLOW_SCHEDULE_CRON },
  { name: 'readiness-snapshot', cron: SNAPSHOT_CRON },
  { name: 'evidence-expiry', cron: EVIDENCE_EXPIRY_CRON },
  { name: 'vendor-review-clock', cron: VENDOR_REVIEW_CLOCK_CRON },
  { name: 'policy-review-clock', cron: POLICY_REVIEW_CLOCK_CRON },
  { name: 'attestation-reminders', cron: ATTESTATION_REMINDERS_CRON },
  { name: 'notification-digest', cron: NOTIFICATION_DIGEST_CRON },
  { name: 'auth-cleanup', cron: AUTH_CLEANUP_CRON },
  { name: 'connector-clock', cron: CONNECTOR_CLOCK_CRON },
];

/** Works every queue in this process and keeps the schedules. */
export async function startWorkers(jobs: JobQueue, deps: WorkerDeps): Promise<void> {
  const { db, env } = deps;
  // Before any worker starts: what a killed process left `active` goes back to its queue (docs/jobs.md, "Recovery").
  await jobs.startRecovery();
  await startMailWorker(jobs, { db, transport: deps.mailTransport, from: env.MAIL_FROM, onError: deps.onMailError });
  await startAgentRunWorkers(
    jobs,
    { db, jobs, provider: deps.agentProvider, fileStore: deps.fileStore },
    { localConcurrency: env.AGENT_RUN_CONCURRENCY },
  );
  await startDomainEventWorker(jobs, [webhookListener(db, jobs), workflowEventListener({ db, jobs }), ...(deps.extraListeners ?? [])]);
  await startWebhookDeliveryWorker(jobs, db, { allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS });
  await startWorkflowWorkers(jobs, workflowEngineDeps(db, env.NODE_ENV === 'production'));
  await startReadinessSnapshotWorker(jobs, db);
  await startEvidenceExpiryWorker(jobs, db);
  await startVendorReviewClockWorker(jobs, db);
  await startPolicyReviewClockWorker(jobs, db);
  await startAttestationReminderWorker(jobs, db);
  await startNotificationDigestWorker(jobs, db);
  await startAuthCleanupWorker(jobs, { db, env });
  await startQuestionnaireWorker(jobs, db);
  await startVendorDocumentWorker(jobs, db, deps.fileStore);
  await startConnectorClockWorker(jobs, db);
  await startConnectorRunWorker(jobs, {
    db,
    jobs,
    fileStore: deps.fileStore,
    sealer: createSealer(env.AUTH_SECRET),
    allowPrivateEndpoints: env.CONNECTOR_ALLOW_PRIVATE_ENDPOINTS,
  });

  for (const { name, cron } of SCHEDULES) await jobs.schedule(name, cron);
  // The minute sweep of the outbox from before mail was one job per mail; a database that still has it drops it.
  await jobs.boss.unschedule('mail-send');
}
