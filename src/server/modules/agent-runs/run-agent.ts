import { and, asc, desc, eq } from 'drizzle-orm';
import type { JobWithMetadata } from 'pg-boss';
import {
  AGENT_RUN_FAILED_MESSAGE,
  AGENT_RUN_FAILED_UNALERTED_MESSAGE,
  AGENT_RUN_MAX_ATTEMPTS,
} from '../../../shared/schemas/agent-runs.ts';
import type { BriefFacts } from '../../../shared/schemas/brief-facts.ts';
import type { CatalogueFrameworkId } from '../../../shared/schemas/programme-statuses.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { agentRuns, agents } from '../../db/schema/agent-runs.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { taskAttachments, taskRequests } from '../../db/schema/task-requests.ts';
import { assignDeliverable, putDeliverableInReview } from '../deliverables/deliverable-state.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { JobDataMap, Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { notify } from '../notifications/notifications.service.ts';
import { staffToAlert } from '../organizations/staff-to-alert.ts';
import { organizationPlan } from '../task-requests/pipeline.ts';
import { recordAgentDraft } from '../reviews/agent-draft.ts';
import { recordTaskEvent } from '../task-requests/task-events.ts';
import { setTaskRequestStatus } from '../task-requests/task-request-status.ts';
import {
  attachAgentRunJob,
  cancelAgentRun,
  failAgentRunAttempt,
  markAgentRunDead,
  startAgentRunAttempt,
  succeedAgentRun,
} from '../task-requests/agent-run-state.ts';
import { type BriefAttachment, type ReadBriefInput, readBrief } from './brief/read-brief.ts';
import { checkDraftReferences, referenceContext } from './check-references.ts';
import type { AgentProvider, DraftInput } from './providers/agent-provider.ts';
import { DEFAULT_FRAMEWORKS } from './providers/agent-grounding.ts';

/**
 * The 'agent-run' job (docs/delivery.md): one attempt at drafting a request. Three short transactions
 * around the provider call, which never runs inside one: claim (run running, request in progress),
 * draft, record (the output version — once per run, whatever replays — the request in review).
 * A throw fails the attempt; pg-boss retries it with backoff. The run counts its attempts itself: one
 * the model failed counts, and the last of AGENT_RUN_MAX_ATTEMPTS dead-letters the run; one lost to a
 * crash (the process died mid-draft, its job expired) does not, and is tried again. pg-boss dead-letters
 * the job only when crashes also spent its AGENT_RUN_CRASH_RETRIES.
 */

export interface RunAgentDeps {
  db: Db;
  jobs: Jobs;
  provider: AgentProvider;
  /** Where the request's attachments are read from; without one they are listed as not read. */
  fileStore?: Pick<FileStore, 'get'>;
}

type RunJob = Pick<JobWithMetadata<JobDataMap['agent-run']>, 'id' | 'data' | 'retryCount' | 'retryLimit'>;

/** How long a run of a paused agent (maintenance) waits before it looks again. */
export const MAINTENANCE_RECHECK_MS = 60_000;

const system = { kind: 'all', userId: null } as const;

export type RunOutcome = 'drafted' | 'already-done' | 'paused' | 'cancelled' | 'dead';

/**
 * One attempt, in three steps: claim the run (a short transaction), draft outside any transaction,
 * record the draft (another). Each table is written through its owner: the request's status by
 * task-requests, the deliverable by deliverables, the output by reviews (which records the trail entry).
 */
export async function runAgentJob(deps: RunAgentDeps, job: RunJob): Promise<RunOutcome> {
  const claimed = await withTenant(deps.db, system, (tx) => claimRun(tx, deps, job));
  if (claimed.outcome !== 'claimed') return claimed.outcome;
  let drafted: DraftedRun;
  try {
    drafted = await draftRun(deps, job.data.runId, claimed);
  } catch (error) {
    if (claimed.attempt < AGENT_RUN_MAX_ATTEMPTS) throw error;
    // The model failed the run's last attempt: dead now, whatever retries the queue keeps for crashes.
    await deadLetterAgentRun(deps, job.data);
    return 'dead';
  }
  return withTenant(deps.db, system, (tx) => recordRunDraft(tx, deps, job.data.runId, claimed, drafted));
}

type ClaimedRun = { outcome: 'claimed'; input: DraftInput; attachments: BriefAttachmentRef[]; agentId: string; attempt: number };
type BriefAttachmentRef = { name: string; mediaType: string; sha256: string };

/** Locks the run; a done, cancelled or paused run goes no further; otherwise it starts and its input is read. */
async function claimRun(
  tx: DbTransaction,
  deps: RunAgentDeps,
  job: RunJob,
): Promise<ClaimedRun | { outcome: Exclude<RunOutcome, 'drafted' | 'dead'> }> {
  const { runId } = job.data;
  const [row] = await tx
    .select({ run: agentRuns, request: taskRequests, agent: agents, organization: organizations })
    .from(agentRuns)
    .innerJoin(taskRequests, eq(taskRequests.id, agentRuns.taskRequestId))
    .innerJoin(agents, eq(agents.id, agentRuns.agentId))
    .innerJoin(organizations, eq(organizations.id, agentRuns.organizationId))
    .where(eq(agentRuns.id, runId))
    .for('update', { of: agentRuns });
  if (!row || ['succeeded', 'dead', 'cancelled'].includes(row.run.status)) return { outcome: 'already-done' };
  if (row.request.status === 'cancelled' || row.request.status === 'delivered') {
    await cancelAgentRun(tx, runId);
    return { outcome: 'cancelled' };
  }
  if (row.agent.status === 'maintenance') {
    // Paused: the run waits in the queue (a fresh job, so the wait spends none of its retries).
    const plan = await organizationPlan(tx, row.run.organizationId);
    const jobId = await deps.jobs.enqueue(tx, 'agent-run', job.data, {
      startAfter: new Date(Date.now() + MAINTENANCE_RECHECK_MS),
      group: { id: row.run.organizationId, tier: plan.id },
    });
    await attachAgentRunJob(tx, runId, jobId);
    return { outcome: 'paused' };
  }
  // A run still 'running' was claimed by an attempt that never finished: its process died (kill -9; the
  // job expired and pg-boss retried it). The model never failed it, so it is the same attempt again.
  const lostToCrash = row.run.status === 'running';
  const attempt = lostToCrash ? Math.max(row.run.attempts, 1) : row.run.attempts + 1;
  await startAgentRunAttempt(tx, runId, attempt);
  await setTaskRequestStatus(tx, deps.jobs, row.request, 'in_progress', { quiet: true });
  await assignDeliverable(tx, row.request.id, row.agent.name);
  await recordTaskEvent(tx, deps.jobs, {
    organizationId: row.request.organizationId,
    taskRequestId: row.request.id,
    kind: 'agent_started',
    detail: `${row.agent.name} started ${row.run.reviewNotes ? 'a new version with the reviewer’s notes' : 'the first draft'}${attempt > 1 ? ` (attempt ${attempt})` : ''}.`,
  });
  return { outcome: 'claimed', ...(await draftInput(tx, row)), agentId: row.agent.id, attempt };
}

type ClaimRow = {
  run: typeof agentRuns.$inferSelect;
  request: typeof taskRequests.$inferSelect;
  organization: typeof organizations.$inferSelect;
};

/** What the agent drafts from: the request, its organization, the previous version, earlier deliverables, attachments. */
async function draftInput(tx: DbTransaction, row: ClaimRow): Promise<{ input: DraftInput; attachments: BriefAttachmentRef[] }> {
  const [previous] = await tx
    .select({ version: aiOutputs.version, body: aiOutputs.body })
    .from(aiOutputs)
    .where(eq(aiOutputs.taskRequestId, row.request.id))
    .orderBy(desc(aiOutputs.version))
    .limit(1);
  const earlier = await tx
    .select({ id: deliverables.id, title: deliverables.title, type: deliverables.type })
    .from(deliverables)
    .where(and(eq(deliverables.organizationId, row.request.organizationId), eq(deliverables.status, 'completed')))
    .orderBy(desc(deliverables.completedAt))
    .limit(10);
  const attachments = await tx
    .select({ name: taskAttachments.fileName, mediaType: taskAttachments.mediaType, sha256: taskAttachments.sha256 })
    .from(taskAttachments)
    .where(eq(taskAttachments.taskRequestId, row.request.id))
    .orderBy(asc(taskAttachments.createdAt), asc(taskAttachments.id));
  const { request, organization } = row;
  const input: DraftInput = {
    request: {
      id: request.id,
      title: request.title,
      description: request.description,
      department: request.department,
      frameworks: request.frameworks,
      workKind: request.workKind,
      deadline: request.deadline,
    },
    organization: {
      id: organization.id,
      name: organization.name,
      size: organization.size,
      country: organization.country,
      website: organization.website,
    },
    reviewNotes: row.run.reviewNotes,
    previous: previous ?? null,
    earlierDeliverables: earlier,
  };
  return { input, attachments };
}

type DraftedRun = { draft: CheckedDraft; removedReferences: string[]; facts: BriefFacts };
type CheckedDraft = ReturnType<typeof checkDraftReferences>['draft'];

/** Outside any transaction: files are read from the store, PDFs and DOCX parsed, the provider called. A throw fails the run. */
async function draftRun(deps: RunAgentDeps, runId: string, claimed: ClaimedRun): Promise<DraftedRun> {
  try {
    const facts = await readRequestBrief(claimed.input.request, claimed.attachments, deps.fileStore, deps.provider.readBrief);
    const drafted = await deps.provider.draft(deps.db, { ...claimed.input, facts });
    // One reference check for every provider's draft: nothing the catalogue does not hold reaches review.
    const checked = checkDraftReferences(drafted, referenceContext(facts, draftFrameworks(facts)));
    return { draft: checked.draft, removedReferences: checked.removed, facts };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await withTenant(deps.db, system, (tx) => failAgentRunAttempt(tx, runId, message));
    throw error;
  }
}

/** The draft lands (once per run, whatever replays): the output version, the run succeeded, the request and deliverable in review. */
async function recordRunDraft(
  tx: DbTransaction,
  deps: RunAgentDeps,
  runId: string,
  claimed: ClaimedRun,
  { draft, removedReferences, facts }: DraftedRun,
): Promise<RunOutcome> {
  const [run] = await tx.select().from(agentRuns).where(eq(agentRuns.id, runId)).for('update');
  const [request] = run ? await tx.select().from(taskRequests).where(eq(taskRequests.id, run.taskRequestId)) : [];
  if (!run || !request || run.status === 'succeeded') return 'already-done';
  if (request.status === 'cancelled') {
    await cancelAgentRun(tx, runId);
    return 'cancelled';
  }
  const recorded = await recordAgentDraft(tx, {
    organizationId: request.organizationId,
    taskRequestId: request.id,
    runId,
    agentId: claimed.agentId,
    title: draft.title,
    type: request.workKind,
    confidence: Math.round(Math.min(100, Math.max(0, draft.confidence))),
    summary: draft.summary,
    keyFindings: draft.keyFindings,
    riskScore: Math.round(Math.min(100, Math.max(0, draft.riskScore))),
    recommendations: draft.recommendations,
    body: draft.body,
    sources: draft.sources,
    briefFacts: facts,
    removedReferences,
  });
  if (!recorded) return 'already-done';
  await succeedAgentRun(tx, runId, {
    provider: draft.provider,
    model: draft.model,
    inputTokens: draft.inputTokens,
    outputTokens: draft.outputTokens,
  });
  await setTaskRequestStatus(tx, deps.jobs, request, 'in_review', { failureMessage: null });
  await putDeliverableInReview(tx, request.id);
  const event = { organizationId: request.organizationId, taskRequestId: request.id };
  await recordTaskEvent(
    tx,
    deps.jobs,
    { ...event, kind: 'draft_ready', detail: `Version ${recorded.version} is drafted.` },
    { ...event, kind: 'in_review', detail: 'Waiting for a reviewer on our team.' },
  );
  return 'drafted';
}

/** The request's attachments as bytes (an attachment the store has lost is read as empty and says so). */
async function readRequestBrief(
  request: DraftInput['request'],
  attachments: { name: string; mediaType: string; sha256: string }[],
  store: RunAgentDeps['fileStore'],
  read: (input: ReadBriefInput) => Promise<BriefFacts> = readBrief,
): Promise<BriefFacts> {
  const files: BriefAttachment[] = [];
  for (const attachment of attachments) {
    const bytes = store ? await store.get(attachment.sha256) : null;
    files.push({
      name: attachment.name,
      mediaType: bytes ? attachment.mediaType : 'application/x-missing',
      bytes: bytes ?? new Uint8Array(),
    });
  }
  return read({ title: request.title, description: request.description, frameworks: request.frameworks, attachments: files });
}

/** The frameworks a draft is checked against: those in scope, else the default baseline the composers assume. */
export function draftFrameworks(facts: BriefFacts): CatalogueFrameworkId[] {
  if (facts.frameworks.length > 0) return facts.frameworks;
  const excluded = new Set(facts.outOfScope.map((entry) => entry.framework));
  return DEFAULT_FRAMEWORKS.filter((id) => !excluded.has(id));
}

/**
 * A run out of attempts (its last attempt failed, or the dead-letter queue): the run is dead, the request
 * failed with words for the client, and a person is e-mailed — the staff serving the organization, else
 * the administrators (staffToAlert). If nobody can be reached, the client's words say so instead of
 * promising that someone was alerted. The request itself is never lost: staff can queue a new run from it.
 */
export async function deadLetterAgentRun(deps: RunAgentDeps, data: JobDataMap['agent-run']): Promise<void> {
  await withTenant(deps.db, system, async (tx) => {
    const [run] = await tx.select().from(agentRuns).where(eq(agentRuns.id, data.runId)).for('update');
    if (!run || run.status === 'succeeded' || run.status === 'dead' || run.status === 'cancelled') return;
    const [request] = await tx.select().from(taskRequests).where(eq(taskRequests.id, run.taskRequestId));
    await markAgentRunDead(tx, run.id);
    if (!request || request.status === 'cancelled' || request.status === 'delivered') return;
    const alerted = await staffToAlert(tx, request.organizationId);
    const failureMessage = alerted.reach === 'nobody' ? AGENT_RUN_FAILED_UNALERTED_MESSAGE : AGENT_RUN_FAILED_MESSAGE;
    await setTaskRequestStatus(tx, deps.jobs, request, 'failed', { failureMessage });
    await recordTaskEvent(tx, deps.jobs, {
      organizationId: request.organizationId,
      taskRequestId: request.id,
      kind: 'run_failed',
      detail: failureMessage,
    });
    // A run found still 'running' was lost to crashes until the queue gave up; no model error to show.
    const lastError = run.status === 'running' ? 'the worker drafting it stopped before it finished' : (run.error ?? 'unknown');
    const why = alerted.reach === 'administrators' ? '\n\nYou are alerted because no staff member is assigned to this organization.' : '';
    const addresses = alerted.people.map((person) => person.email);
    for (const to of addresses) {
      await enqueueEmail(tx, deps.jobs, {
        kind: 'agent_run_failed',
        to,
        subject: `Agent run failed: ${request.title}`,
        text: `The agent could not draft "${request.title}" after ${run.attempts} attempts.\n\nLast error: ${lastError}\n\nOpen the request in the workspace and queue a new run, or draft it by hand.${why}`,
      });
    }
    // And in the workspace's bell (the mail above is the e-mail: in the app only).
    await notify(tx, deps.jobs, {
      organizationId: request.organizationId,
      userIds: alerted.people.map((person) => person.userId),
      kind: 'task_request',
      title: `Agent run failed: ${request.title}`,
      body: `The agent could not draft it after ${run.attempts} attempts. Queue a new run, or draft it by hand.`,
      link: workspaceHref.taskRequest(request.id),
      sourceKey: `agent-run-dead:${run.id}`,
      inAppOnly: true,
    });
  });
}
