import { AGENT_RUN_CRASH_RETRIES, AGENT_RUN_MAX_ATTEMPTS } from '../../../shared/schemas/agent-runs.ts';
import type { JobName } from './job-types.ts';
import type { QueueSettings } from './job-queue.ts';

/**
 * Every job beats while it runs (every HEARTBEAT_REFRESH_SECONDS, job-queue.ts) and is lost after this
 * long without a beat (pg-boss's minimum): a worker that hung or vanished gives its job back within
 * seconds, whichever queue it is. A worker killed outright is noticed sooner still (job-claims.ts).
 */
export const HEARTBEAT_SECONDS = 10;

/** Each queue's retries, expiry and retention (docs/jobs.md). A job out of retries goes to `<name>-dead`. */
export const QUEUE_SETTINGS: Record<JobName, QueueSettings> = {
  'agent-run': {
    // The model's failures are counted by the run (run-agent.ts dead-letters the last); the queue's
    // retries cover them and the attempts lost to a crash, which the run does not count.
    retryLimit: AGENT_RUN_MAX_ATTEMPTS - 1 + AGENT_RUN_CRASH_RETRIES,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // One job per mail: 8 attempts over about 20 minutes (10 s doubling). A mail whose worker died mid-send
  // is put back by the recovery pass within seconds (job-queue.ts), and its row leaves `sending` with it.
  'mail-send': {
    retryLimit: 7,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: 2 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  'readiness-snapshot': {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // Idempotent (policies.review_task_opened_for): a retry re-runs the pass and opens nothing twice.
  'policy-review-clock': {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
  },
  // Idempotent (attestation_campaigns.next_reminder_at moves in the transaction that reminds): nobody twice.
  'attestation-reminders': {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
  },
  // Idempotent (vendors.review_due_sent_for): a retry re-runs the pass and sends nothing twice.
  'vendor-review-clock': {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
  },
  // Idempotent (evidence_notices): a retry re-runs the pass and sends nothing twice.
  'evidence-expiry': {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // Listeners are idempotent on the event id, so a retry after a partial pass repeats nothing.
  'domain-event': {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // A step re-claimed after a crash finds its seq spent and does nothing; a webhook's failures back off.
  'workflow-step': {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // Idempotent: a run per occurrence (unique trigger key), so a retried pass starts nothing twice.
  'workflow-schedule': {
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // Idempotent (a notification leaves state 'digest' with its mail, in one transaction).
  'notification-digest': {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // A receiver that fails is retried with backoff (30 s doubling, ≤ 1 h); out of retries, the dead letter counts a failure.
  'webhook-delivery': {
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // Idempotent: a retry answers the questionnaire's questions again from the start (accepted answers are kept).
  'questionnaire-answer': {
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: 10 * 60,
  },
  // Idempotent: a retry reads the document again (only a document still `reading` is written). Out of
  // retries, the document says `failed` and is kept for a person (vendor-document-reading.ts).
  'vendor-document-read': {
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: 10 * 60,
  },
  // Idempotent: only a run still `queued` is taken up; a retry of a run that died `running` finishes it as an error.
  'connector-run': {
    retryLimit: 1,
    retryDelay: 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: 30 * 60,
  },
  // Idempotent: a connection's next run moves in the transaction that queues its run.
  'connector-clock': {
    retryLimit: 2,
    retryDelay: 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    expireInSeconds: 5 * 60,
  },
  // Idempotent deletes; a missed hour is caught up by the next.
  'auth-cleanup': {
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
};
