import { AGENT_RUN_MAX_ATTEMPTS } from '../../../shared/schemas/agent-runs.ts';
import type { JobName } from './job-types.ts';
import type { QueueSettings } from './job-queue.ts';

/** Each queue's retries, expiry and retention (docs/jobs.md). A job out of retries goes to `<name>-dead`. */
export const QUEUE_SETTINGS: Record<JobName, QueueSettings> = {
  'agent-run': {
    retryLimit: AGENT_RUN_MAX_ATTEMPTS - 1,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    // A worker that dies (kill -9) stops its heartbeat: the run is retried after this long.
    heartbeatSeconds: 30,
    expireInSeconds: 15 * 60,
  },
  'mail-send': {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: 5 * 60,
  },
  'readiness-snapshot': {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: 30 * 60,
  },
  // Idempotent (evidence_notices): a retry re-runs the pass and sends nothing twice.
  'evidence-expiry': {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  },
  // Listeners are idempotent on the event id, so a retry after a partial pass repeats nothing.
  'domain-event': {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 5 * 60,
  },
  // A step re-claimed after a crash finds its seq spent and does nothing; a webhook's failures back off.
  'workflow-step': {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 5 * 60,
  },
  // Idempotent: a run per occurrence (unique trigger key), so a retried pass starts nothing twice.
  'workflow-schedule': {
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 5 * 60,
  },
  // Idempotent (a notification leaves state 'digest' with its mail, in one transaction).
  'notification-digest': {
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  // A receiver that fails is retried with backoff (30 s doubling, ≤ 1 h); out of retries, the dead letter counts a failure.
  'webhook-delivery': {
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3_600,
    expireInSeconds: 60,
  },
};
