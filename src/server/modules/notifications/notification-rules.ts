import { and, eq, inArray } from 'drizzle-orm';
import type { TimelineEventKind } from '../../../shared/schemas/task-requests.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { staffAssignments } from '../../db/schema/organizations.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import type { EngagementRole } from '../../../shared/schemas/organizations.ts';
import { notify, type NotifyResult } from './notifications.service.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * Who hears about what (docs/notifications.md): the one place that turns what happened in a workspace
 * into notifications. Task request updates, review decisions and comments come from the request's
 * timeline (every step records one, `recordTaskEvent`); evidence notices from the expiry job. Where the
 * step already sends its own e-mail (a comment, an approval, a failed run), the notification is in-app
 * only, so nobody gets the same news twice.
 */

type Tx = Db | DbTransaction;

interface Rule {
  to: 'requester' | 'staff' | 'reviewers' | 'requester_and_staff' | 'comment';
  kind: 'task_request' | 'review' | 'comment';
  title: (requestTitle: string) => string;
  /** The step mails on its own: the notification stays in the app. */
  inAppOnly: boolean;
}

const RULES: Partial<Record<TimelineEventKind, Rule>> = {
  submitted: { to: 'staff', kind: 'task_request', title: (t) => `New task request: ${t}`, inAppOnly: false },
  draft_ready: { to: 'reviewers', kind: 'review', title: (t) => `A draft is ready for review: ${t}`, inAppOnly: false },
  approved: { to: 'requester', kind: 'review', title: (t) => `Approved and delivered: ${t}`, inAppOnly: true },
  changes_requested: { to: 'staff', kind: 'review', title: (t) => `Changes requested: ${t}`, inAppOnly: true },
  run_failed: { to: 'requester_and_staff', kind: 'task_request', title: (t) => `We hit a problem with: ${t}`, inAppOnly: true },
  cancelled: { to: 'staff', kind: 'task_request', title: (t) => `Cancelled: ${t}`, inAppOnly: false },
  commented: { to: 'comment', kind: 'comment', title: (t) => `New comment on: ${t}`, inAppOnly: true },
};

const REVIEWER_ROLES: readonly EngagementRole[] = ['lead_consultant', 'reviewer'];

async function assignedStaff(tx: Tx, organizationId: string, roles?: readonly EngagementRole[]): Promise<string[]> {
  const rows = await tx
    .select({ id: staffAssignments.staffUserId })
    .from(staffAssignments)
    .where(
      and(eq(staffAssignments.organizationId, organizationId), roles ? inArray(staffAssignments.engagementRole, [...roles]) : undefined),
    );
  return rows.map((row) => row.id);
}

export interface TaskEventNotice {
  id: string;
  organizationId: string;
  taskRequestId: string;
  kind: TimelineEventKind;
  actorId?: string | null | undefined;
  detail?: string | undefined;
}

/** Notifies whoever a timeline step concerns (never the one who took it), in the step's transaction. */
export async function notifyTaskEvent(tx: Tx, jobs: Jobs, event: TaskEventNotice): Promise<NotifyResult> {
  const rule = RULES[event.kind];
  if (!rule) return { created: 0, emailed: 0 };
  const [request] = await tx
    .select({ title: taskRequests.title, requestedBy: taskRequests.requestedBy })
    .from(taskRequests)
    .where(eq(taskRequests.id, event.taskRequestId));
  if (!request) return { created: 0, emailed: 0 };
  let recipients: string[];
  if (rule.to === 'requester') recipients = [request.requestedBy];
  else if (rule.to === 'staff') recipients = await assignedStaff(tx, event.organizationId);
  else if (rule.to === 'reviewers') recipients = await assignedStaff(tx, event.organizationId, REVIEWER_ROLES);
  else if (rule.to === 'requester_and_staff') recipients = [request.requestedBy, ...(await assignedStaff(tx, event.organizationId))];
  else {
    // A comment by the requester goes to the staff; anyone else's to the requester and the staff (the author is dropped below).
    const staff = await assignedStaff(tx, event.organizationId);
    recipients = event.actorId === request.requestedBy ? staff : [request.requestedBy, ...staff];
  }
  return notify(tx, jobs, {
    organizationId: event.organizationId,
    userIds: recipients.filter((id) => id !== event.actorId),
    kind: rule.kind,
    title: rule.title(request.title),
    body: event.detail ?? '',
    link: workspaceHref.taskRequest(event.taskRequestId),
    sourceKey: `task-event:${event.id}`,
    inAppOnly: rule.inAppOnly,
  });
}

export interface EvidenceNoticeInput {
  organizationId: string;
  evidenceId: string;
  notice: 'expiring_30' | 'expiring_7' | 'stale';
  title: string;
  body: string;
  userIds: readonly string[];
}

/** The expiry job's notice, in the bell too (the job mails it itself). */
export async function notifyEvidenceNotice(tx: Tx, jobs: Jobs, input: EvidenceNoticeInput): Promise<NotifyResult> {
  return notify(tx, jobs, {
    organizationId: input.organizationId,
    userIds: input.userIds,
    kind: 'evidence',
    title: input.title,
    body: input.body,
    link: workspaceHref.compliance('evidence'),
    sourceKey: `evidence:${input.evidenceId}:${input.notice}`,
    inAppOnly: true,
  });
}
