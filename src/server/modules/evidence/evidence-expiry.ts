import { and, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { controls, organizationControls } from '../../db/schema/controls.ts';
import { type EVIDENCE_NOTICE_KINDS, evidence, evidenceControls, evidenceNotices } from '../../db/schema/evidence.ts';
import { SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import { markControlsStale } from '../frameworks/control-state.ts';
import { classifyBuiltin } from '../agent-runs/providers/builtin-classifier.ts';
import { emitDomainEvent } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import { notifyEvidenceNotice } from '../notifications/notification-rules.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { submitTaskRequest } from '../task-requests/pipeline.ts';
import type { EvidenceRow } from './evidence-views.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * The evidence-expiry job (docs/programme.md "Evidence"): every day it tells the owners of the controls an
 * item proves that it expires in 30 days, again at 7 days, and when it goes stale; at staleness it marks
 * the item, flips its implemented controls that have no other fresh evidence to stale, and opens one
 * renewal request through the delivery pipeline. evidence_notices remembers what was done, so each
 * notice is sent once and each renewal opened once, however often the job runs.
 */

type NoticeKind = (typeof EVIDENCE_NOTICE_KINDS)[number];
const DAY_MS = 86_400_000;
const system = { kind: 'all', userId: null } as const;
/** 06:00 UTC every day. */
export const EVIDENCE_EXPIRY_CRON = '0 6 * * *';

export interface EvidenceExpiryResult {
  notices: Record<NoticeKind, number>;
  markedStale: number;
  controlsStale: number;
  renewalRequests: number;
  emails: number;
}

/** The notice an item is due for now, if any: stale at expiry, else 7 or 30 days ahead. */
function dueNotice(row: Pick<EvidenceRow, 'expiresAt' | 'staleAt'>, now: Date): NoticeKind | null {
  const left = row.expiresAt.getTime() - now.getTime();
  if (row.staleAt || left <= 0) return 'stale';
  if (left <= 7 * DAY_MS) return 'expiring_7';
  if (left <= 30 * DAY_MS) return 'expiring_30';
  return null;
}

/** The owners of the item's controls, or the uploader when no control has one: id and e-mail. */
async function recipientsOf(tx: DbTransaction, row: EvidenceRow, controlIds: string[]) {
  const owners =
    controlIds.length === 0
      ? []
      : await tx
          .selectDistinct({ id: organizationControls.ownerId })
          .from(organizationControls)
          .where(and(eq(organizationControls.organizationId, row.organizationId), inArray(organizationControls.controlId, controlIds)));
  const ids = owners.map((owner) => owner.id).filter((id): id is string => Boolean(id));
  const wanted = ids.length > 0 ? ids : [row.uploadedBy];
  const users = await tx.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, wanted));
  return users.filter((user): user is { id: string; email: string } => Boolean(user.email));
}

function noticeText(kind: NoticeKind, row: EvidenceRow, controlIds: string[], titles: Map<string, string>) {
  const expires = row.expiresAt.toISOString().slice(0, 10);
  const controlsLine = controlIds.map((id) => `${id} ${titles.get(id) ?? ''}`.trim()).join('; ');
  const subject =
    kind === 'stale'
      ? `Evidence is stale: “${row.title}”`
      : `Evidence expires ${kind === 'expiring_7' ? 'within a week' : 'within 30 days'}: “${row.title}”`;
  const lead =
    kind === 'stale'
      ? `The evidence “${row.title}” expired on ${expires}. The controls it proved no longer count as implemented until fresh evidence is uploaded, and we have opened a renewal request for our team.`
      : `The evidence “${row.title}” expires on ${expires}. Upload fresh evidence before then to keep its controls implemented.`;
  return {
    subject,
    text: `${lead}\n\nControls: ${controlsLine}\n\nOpen the evidence register: ${workspaceHref.compliance('evidence')}`,
  };
}

/** Marks the item stale and flips its implemented controls that now have no fresh evidence left; answers those controls. */
async function markStale(tx: DbTransaction, row: EvidenceRow, controlIds: string[], now: Date): Promise<string[]> {
  if (!row.staleAt) await tx.update(evidence).set({ staleAt: now, updatedAt: now }).where(eq(evidence.id, row.id));
  if (controlIds.length === 0) return [];
  const stillFresh = tx
    .select({ controlId: evidenceControls.controlId })
    .from(evidenceControls)
    .innerJoin(evidence, eq(evidence.id, evidenceControls.evidenceId))
    .where(
      and(
        eq(evidenceControls.organizationId, row.organizationId),
        ne(evidence.id, row.id),
        isNull(evidence.staleAt),
        gt(evidence.expiresAt, now),
      ),
    );
  return markControlsStale(tx, row.organizationId, controlIds, stillFresh, SYSTEM_ORIGIN, now);
}

async function openRenewal(tx: DbTransaction, jobs: Jobs, row: EvidenceRow, controlIds: string[], requestedBy: string, now: Date) {
  const input = {
    title: `Renew evidence: ${row.title}`.slice(0, 200),
    description: `The evidence “${row.title}” for ${controlIds.join(', ')} expired on ${row.expiresAt.toISOString().slice(0, 10)}. Collect fresh evidence for these controls (the proof an auditor asks for) and upload the new artifact to the evidence register.`,
    department: 'compliance' as const,
    deadline: null,
    frameworks: [] as string[],
  };
  return submitTaskRequest(tx, jobs, {
    ...input,
    organizationId: row.organizationId,
    requestedBy,
    source: 'evidence_renewal',
    classification: classifyBuiltin({ ...input, now }),
    submittedAt: now,
  });
}

/** One item, in its own transaction: the notice row first, so a concurrent run sends nothing twice. */
async function processItem(db: Db, jobs: Jobs, id: string, now: Date, result: EvidenceExpiryResult): Promise<void> {
  await withTenant(db, system, async (tx) => {
    const [row] = await tx.select().from(evidence).where(eq(evidence.id, id)).for('update');
    if (!row) return;
    const kind = dueNotice(row, now);
    if (!kind) return;
    const links = await tx
      .select({ controlId: evidenceControls.controlId, title: controls.title })
      .from(evidenceControls)
      .innerJoin(controls, eq(controls.id, evidenceControls.controlId))
      .where(eq(evidenceControls.evidenceId, row.id));
    const controlIds = links.map((link) => link.controlId).sort();
    if (kind === 'stale') {
      if (!row.staleAt) result.markedStale += 1;
      const flipped = await markStale(tx, row, controlIds, now);
      result.controlsStale += flipped.length;
      for (const controlId of flipped) {
        await emitDomainEvent(tx, jobs, {
          type: 'control.stale',
          organizationId: row.organizationId,
          entityId: controlId,
          data: { evidenceId: row.id },
        });
      }
    }
    // An item that reached the 7-day mark (or staleness) first never gets the earlier notice late.
    const skipped: NoticeKind[] = kind === 'stale' ? ['expiring_30', 'expiring_7'] : kind === 'expiring_7' ? ['expiring_30'] : [];
    const [claimed] = await tx
      .insert(evidenceNotices)
      .values({ organizationId: row.organizationId, evidenceId: row.id, kind, createdAt: now })
      .onConflictDoNothing()
      .returning({ kind: evidenceNotices.kind });
    if (skipped.length > 0) {
      await tx
        .insert(evidenceNotices)
        .values(skipped.map((skip) => ({ organizationId: row.organizationId, evidenceId: row.id, kind: skip, createdAt: now })))
        .onConflictDoNothing();
    }
    if (!claimed) return;
    result.notices[kind] += 1;
    if (kind !== 'stale') {
      await emitDomainEvent(tx, jobs, {
        type: 'evidence.expiring',
        organizationId: row.organizationId,
        entityId: row.id,
        data: { title: row.title.slice(0, 200), expiresAt: row.expiresAt.toISOString(), days: kind === 'expiring_7' ? 7 : 30 },
      });
    }
    const recipients = await recipientsOf(tx, row, controlIds);
    const message = noticeText(kind, row, controlIds, new Map(links.map((link) => [link.controlId, link.title])));
    for (const recipient of recipients) {
      await enqueueEmail(tx, jobs, { kind: `evidence-${kind.replace('_', '-')}`, to: recipient.email, ...message });
      result.emails += 1;
    }
    await notifyEvidenceNotice(tx, jobs, {
      organizationId: row.organizationId,
      evidenceId: row.id,
      notice: kind,
      title: message.subject,
      body: message.text,
      userIds: recipients.map((recipient) => recipient.id),
    });
    if (kind === 'stale') {
      const request = await openRenewal(tx, jobs, row, controlIds, recipients[0]?.id ?? row.uploadedBy, now);
      await tx
        .update(evidenceNotices)
        .set({ taskRequestId: request.id })
        .where(and(eq(evidenceNotices.evidenceId, row.id), eq(evidenceNotices.kind, 'stale')));
      result.renewalRequests += 1;
    }
  });
}

/**
 * Runs the expiry pass at `now` over every organization. Items are looked at when they expire within 30
 * days and still lack the notice due; each is handled in its own transaction.
 */
export async function runEvidenceExpiry(db: Db, jobs: Jobs, now = new Date()): Promise<EvidenceExpiryResult> {
  const result: EvidenceExpiryResult = {
    notices: { expiring_30: 0, expiring_7: 0, stale: 0 },
    markedStale: 0,
    controlsStale: 0,
    renewalRequests: 0,
    emails: 0,
  };
  const horizon = new Date(now.getTime() + 30 * DAY_MS);
  const candidates = await withTenant(db, system, (tx) =>
    tx
      .select({ id: evidence.id })
      .from(evidence)
      .where(
        and(
          lte(evidence.expiresAt, horizon),
          sql`not exists (select 1 from ${evidenceNotices} where ${evidenceNotices.evidenceId} = ${evidence.id} and ${evidenceNotices.kind} = 'stale')`,
        ),
      ),
  );
  for (const { id } of candidates) await processItem(db, jobs, id, now, result);
  return result;
}

/** Works the 'evidence-expiry' queue in this process (startWorkers: the server, or `npm run worker`); its schedule is in workers.ts. */
export async function startEvidenceExpiryWorker(jobs: JobQueue, db: Db): Promise<void> {
  await jobs.work('evidence-expiry', { pollingIntervalSeconds: 30 }, async () => {
    await runEvidenceExpiry(db, jobs);
  });
}
