import type { Db, DbTransaction } from '../../db/client.ts';
import type { DomainEvent } from '../../../shared/schemas/domain-events.ts';

/** Every kind of durable job, with its payload. A payload holds ids only: the rows are the truth. */
export interface JobDataMap {
  /** Draft (or redraft) one task request: modules/agent-runs. */
  'agent-run': { runId: string; organizationId: string };
  /** Send one mail of the outbox (outbound_emails), queued in the transaction that wrote it: platform/mail. */
  'mail-send': { mailId: string };
  /** Today's readiness snapshot of every organization with an active framework (daily): modules/frameworks. */
  'readiness-snapshot': { reason: 'schedule' | 'manual' };
  /** Daily: evidence notices at 30 and 7 days, staleness, renewal requests. modules/evidence/evidence-expiry.ts. */
  'evidence-expiry': { reason: 'schedule' | 'manual' };
  /** Something happened in a workspace; its listeners react (platform/events/domain-events.ts). The one payload that is more than ids. */
  'domain-event': DomainEvent;
  /** Execute one node of a workflow run: the seq it may move (modules/workflow-runs/engine.ts). */
  'workflow-step': { runId: string; organizationId: string; seq: number };
  /** Every minute: start the runs of scheduled workflows that came due (modules/workflow-runs/triggers.ts). */
  'workflow-schedule': { reason: 'schedule' | 'manual' };
  /** Daily: one e-mail per user listing the notifications they chose to get in a digest. modules/notifications. */
  'notification-digest': { reason: 'schedule' | 'manual' };
  /** One webhook delivery (signed webhook, Slack or Teams): modules/integrations/webhook-delivery.ts. */
  'webhook-delivery': { deliveryId: string };
  /** Daily: `vendor.review_due` for every vendor whose next review (the tier's cadence) came due. modules/vendors/vendor-review-clock.ts. */
  'vendor-review-clock': { reason: 'schedule' | 'manual' };
  /** Daily: a review task for every policy whose review date came (once per date). modules/policies/policy-review-clock.ts. */
  'policy-review-clock': { reason: 'schedule' | 'manual' };
  /** Hourly: leavers off, then reminders to those who have not acknowledged, per open campaign. modules/attestations/attestation-reminders.ts. */
  'attestation-reminders': { reason: 'schedule' | 'manual' };
  /** Hourly: delete expired sign-in state (flow states, MFA challenges, idle sessions, settled throttles). modules/auth/cleanup.ts. */
  'auth-cleanup': { reason: 'schedule' | 'manual' };
  /** Answer one questionnaire's questions from the answer library, with progress: modules/questionnaires/questionnaire-answering.ts. */
  'questionnaire-answer': { questionnaireId: string; organizationId: string };
  /** Read one uploaded vendor document (PDF text, fields with their pages) off the request: modules/vendors/documents/vendor-document-reading.ts. */
  'vendor-document-read': { documentId: string; organizationId: string };
  /** Run one connection's checks (scheduled or on demand): modules/connectors/connection-run.ts. */
  'connector-run': { runId: string; organizationId: string };
  /** Every 10 minutes: queue a run for each connection whose next run came due. modules/connectors/connector-clock.ts. */
  'connector-clock': { reason: 'schedule' | 'manual' };
}
export type JobName = keyof JobDataMap;

/** The jobs a pg-boss schedule sends (payload `{ reason: 'schedule' }`): periodic passes, never one entity's work. */
export type ScheduledJobName = { [N in JobName]: JobDataMap[N] extends { reason: 'schedule' | 'manual' } ? N : never }[JobName];

export interface EnqueueOptions {
  startAfter?: Date;
  /** At most one queued job per key. */
  singletonKey?: string;
  /** Concurrency group: runs of one organization share a limit set by its plan (`tier`). */
  group?: { id: string; tier?: string };
}

/** The jobs layer (docs/jobs.md): pg-boss on the application's database. */
export interface Jobs {
  /** Sends a job in the caller's transaction: it exists exactly when the transaction commits. */
  enqueue<N extends JobName>(tx: Db | DbTransaction, name: N, data: JobDataMap[N], options?: EnqueueOptions): Promise<string | null>;
}
