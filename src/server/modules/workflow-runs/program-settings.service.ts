import { and, eq, isNotNull } from 'drizzle-orm';
import type { SchedulePreview } from '../../../shared/schemas/workflow-runs.ts';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { workflowVersions, organizationWorkflows } from '../../db/schema/workflows.ts';
import { setOrganizationTimeZone } from '../organizations/organization-records.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { setWorkflowNextRun } from '../workflows/workflow-next-run.ts';
import { checkSchedule, isTimeZone, nextOccurrence } from '../workflows/schedule.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * The builder's trigger settings (docs/workflow-runs.md): a schedule's next occurrences as the engine
 * will compute them, and the organization's time zone (IANA), which every schedule and the calendar use.
 */

export async function previewSchedule(
  tenant: Tenant,
  input: { organizationId?: string; rrule: string; start: string; count: number },
  now = new Date(),
): Promise<SchedulePreview> {
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  try {
    checkSchedule(input.rrule, input.start);
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', 'Not a recurrence rule.', [{ path: 'body.rrule', message: (error as Error).message }]);
  }
  return tenant.transaction(async (tx) => {
    const [row] = await tx.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, organizationId));
    const timeZone = row?.timeZone ?? 'UTC';
    const occurrences: string[] = [];
    let after = now;
    while (occurrences.length < input.count) {
      const next = nextOccurrence(input, timeZone, after);
      if (!next) break;
      occurrences.push(next.toISOString());
      after = next;
    }
    return { timeZone, occurrences };
  });
}

/** Sets the zone and moves every active scheduled workflow's next run to its first occurrence in it. */
export async function updateOrganizationTimeZone(
  tenant: Tenant,
  input: { organizationId?: string; timeZone: string },
  now = new Date(),
): Promise<{ organizationId: string; timeZone: string }> {
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  if (!isTimeZone(input.timeZone) || !/^[A-Za-z]+(?:[/_+-][A-Za-z0-9_+-]+)*$/.test(input.timeZone)) {
    throw new AppError('VALIDATION_FAILED', 'Not a time zone.', [
      { path: 'body.timeZone', message: 'Choose an IANA time zone such as Europe/Paris' },
    ]);
  }
  // Intl's canonical spelling (europe/paris → Europe/Paris).
  const timeZone = new Intl.DateTimeFormat('en-US', { timeZone: input.timeZone }).resolvedOptions().timeZone;
  return tenant.transaction(async (tx) => {
    await setOrganizationTimeZone(tx, organizationId, timeZone, tenant.origin);
    const scheduled = await tx
      .select({ id: organizationWorkflows.id, trigger: workflowVersions.trigger })
      .from(organizationWorkflows)
      .innerJoin(
        workflowVersions,
        and(
          eq(workflowVersions.workflowId, organizationWorkflows.id),
          eq(workflowVersions.version, organizationWorkflows.publishedVersion),
        ),
      )
      .where(
        and(
          eq(organizationWorkflows.organizationId, organizationId),
          eq(organizationWorkflows.status, 'active'),
          isNotNull(organizationWorkflows.nextRunAt),
        ),
      );
    for (const row of scheduled) {
      if (row.trigger.kind !== 'schedule') continue;
      await setWorkflowNextRun(tx, row.id, nextOccurrence(row.trigger, timeZone, now));
    }
    return { organizationId, timeZone };
  });
}
