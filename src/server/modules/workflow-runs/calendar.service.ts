import { and, asc, eq, gte, inArray, isNotNull, lt, lte } from 'drizzle-orm';
import type { CalendarItem, ProgramCalendar } from '../../../shared/schemas/workflow-runs.ts';
import type { DbTransaction } from '../../db/client.ts';
import { frameworks, organizationFrameworks } from '../../db/schema/frameworks.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { taskRequests } from '../../db/schema/task-requests.ts';
import { organizationWorkflows, workflowVersions } from '../../db/schema/workflows.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { occurrencesBetween } from '../workflows/schedule.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * The compliance calendar (/program-execution, docs/workflow-runs.md): the next 12 months of every
 * active scheduled workflow's occurrences (in the organization's time zone) and of open task requests'
 * due dates; what falls due this week; open requests past due; and the phases to each active
 * framework's target (audit) date.
 */

const DAY = 86_400_000;
const OPEN = ['queued', 'in_progress', 'in_review', 'failed'] as const;
const PER_WORKFLOW = 60;

async function scheduledOccurrences(
  tx: DbTransaction,
  organizationId: string,
  timeZone: string,
  from: Date,
  to: Date,
): Promise<CalendarItem[]> {
  const rows = await tx
    .select({ id: organizationWorkflows.id, name: organizationWorkflows.name, trigger: workflowVersions.trigger })
    .from(organizationWorkflows)
    .innerJoin(
      workflowVersions,
      and(eq(workflowVersions.workflowId, organizationWorkflows.id), eq(workflowVersions.version, organizationWorkflows.publishedVersion)),
    )
    .where(and(eq(organizationWorkflows.organizationId, organizationId), eq(organizationWorkflows.status, 'active')));
  return rows.flatMap((row) =>
    row.trigger.kind === 'schedule'
      ? occurrencesBetween(row.trigger, timeZone, from, to, PER_WORKFLOW).map((at) => ({
          kind: 'workflow' as const,
          id: `${row.id}:${at.toISOString()}`,
          title: row.name,
          at: at.toISOString(),
          detail: 'Scheduled workflow run',
          href: workspaceHref.workflowBuilder({ workflowId: row.id }),
        }))
      : [],
  );
}

function taskItem(row: { id: string; title: string; dueAt: Date; status: string }): CalendarItem {
  return {
    kind: 'task',
    id: row.id,
    title: row.title,
    at: row.dueAt.toISOString(),
    detail: `Task request, ${row.status.replace('_', ' ')}`,
    href: workspaceHref.taskRequest(row.id),
  };
}

/** Readiness until 60 days before the target, remediation until 14 days before, then the pre-audit review, then the audit. */
function phasesOf(framework: { id: string; name: string; targetDate: string; activatedAt: Date }, now: Date): CalendarItem[] {
  const target = new Date(`${framework.targetDate}T00:00:00Z`);
  const start = framework.activatedAt < now ? framework.activatedAt : now;
  const marks: [string, Date, Date][] = [
    ['Readiness assessment', start, new Date(target.getTime() - 60 * DAY)],
    ['Remediation', new Date(target.getTime() - 60 * DAY), new Date(target.getTime() - 14 * DAY)],
    ['Pre-audit review', new Date(target.getTime() - 14 * DAY), target],
    ['Audit', target, target],
  ];
  return marks
    .filter(([, from, until]) => until >= start && from <= until)
    .map(([phase, from, until]) => ({
      kind: 'phase' as const,
      id: `${framework.id}:${phase}`,
      title: `${framework.name}: ${phase}`,
      at: (from < start ? start : from).toISOString(),
      detail: phase === 'Audit' ? `Target audit date ${framework.targetDate}` : `Until ${until.toISOString().slice(0, 10)}`,
      href: workspaceHref.framework(framework.id),
    }));
}

export async function listProgramCalendar(tenant: Tenant, named: string | undefined, now = new Date()): Promise<ProgramCalendar> {
  const organizationId = await actingOrganization(tenant, named, { field: 'query.organizationId', soleAssignmentImplied: true });
  const to = new Date(now.getTime() + 365 * DAY);
  const weekEnd = new Date(now.getTime() + 7 * DAY);
  return tenant.transaction(async (tx) => {
    const [organization] = await tx
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const timeZone = organization?.timeZone ?? 'UTC';
    const open = and(
      eq(taskRequests.organizationId, organizationId),
      inArray(taskRequests.status, [...OPEN]),
      isNotNull(taskRequests.dueAt),
    );
    const dueTasks = await tx
      .select({ id: taskRequests.id, title: taskRequests.title, dueAt: taskRequests.dueAt, status: taskRequests.status })
      .from(taskRequests)
      .where(and(open, gte(taskRequests.dueAt, now), lte(taskRequests.dueAt, to)))
      .orderBy(asc(taskRequests.dueAt));
    const lateTasks = await tx
      .select({ id: taskRequests.id, title: taskRequests.title, dueAt: taskRequests.dueAt, status: taskRequests.status })
      .from(taskRequests)
      .where(and(open, lt(taskRequests.dueAt, now)))
      .orderBy(asc(taskRequests.dueAt));
    const active = await tx
      .select({
        id: frameworks.id,
        name: frameworks.name,
        targetDate: organizationFrameworks.targetDate,
        activatedAt: organizationFrameworks.activatedAt,
      })
      .from(organizationFrameworks)
      .innerJoin(frameworks, eq(frameworks.id, organizationFrameworks.frameworkId))
      .where(and(eq(organizationFrameworks.organizationId, organizationId), isNotNull(organizationFrameworks.targetDate)));
    const upcoming = [
      ...(await scheduledOccurrences(tx, organizationId, timeZone, now, to)),
      ...dueTasks.flatMap((row) => (row.dueAt ? [taskItem({ ...row, dueAt: row.dueAt })] : [])),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      organizationId,
      timeZone,
      from: now.toISOString(),
      to: to.toISOString(),
      upcoming,
      dueThisWeek: upcoming.filter((item) => new Date(item.at) <= weekEnd),
      overdue: lateTasks.flatMap((row) => (row.dueAt ? [taskItem({ ...row, dueAt: row.dueAt })] : [])),
      phases: active.flatMap((row) => (row.targetDate ? phasesOf({ ...row, targetDate: row.targetDate }, now) : [])),
    };
  });
}
