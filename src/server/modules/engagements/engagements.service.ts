import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  CreateEngagementInput,
  Engagement,
  EngagementList,
  createEngagementInputSchema,
} from '../../../shared/schemas/engagements.ts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { profiles } from '../../db/schema/access.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { auditEngagements, auditRequests, engagementAuditors } from '../../db/schema/engagements.ts';
import { frameworks } from '../../db/schema/frameworks.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { enqueueEmail } from '../../platform/mail/mail.service.ts';
import { type Tenant, withTenant } from '../../platform/tenancy/tenant.ts';
import type { Jobs } from '../../platform/jobs/job-types.ts';
import { generateAuditRequests } from './audit-evidence.ts';
import type { EngagementRow, EngagementSide } from './engagement-reach.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/** Audit engagements (docs/audit.md): staff open one; its auditors are invited through the invitation flow. */

export type CreateEngagementFields = z.output<typeof createEngagementInputSchema>;
export type { CreateEngagementInput };

export async function engagementViews(
  tx: DbTransaction,
  rows: readonly EngagementRow[],
  sideOf: (row: EngagementRow) => EngagementSide,
): Promise<Engagement[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [names, frameworkNames, auditors, counts] = await Promise.all([
    tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(
        inArray(
          organizations.id,
          rows.map((row) => row.organizationId),
        ),
      ),
    tx.select({ id: frameworks.id, name: frameworks.name }).from(frameworks),
    tx.select().from(engagementAuditors).where(inArray(engagementAuditors.engagementId, ids)).orderBy(asc(engagementAuditors.email)),
    tx
      .select({ engagementId: auditRequests.engagementId, total: count() })
      .from(auditRequests)
      .where(inArray(auditRequests.engagementId, ids))
      .groupBy(auditRequests.engagementId),
  ]);
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  const frameworkOf = new Map(frameworkNames.map((row) => [row.id, row.name]));
  const countOf = new Map(counts.map((row) => [row.engagementId, Number(row.total)]));
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    organizationName: nameOf.get(row.organizationId) ?? '',
    name: row.name,
    frameworkId: row.frameworkId,
    frameworkName: frameworkOf.get(row.frameworkId) ?? row.frameworkId,
    auditType: row.auditType,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    fieldworkStart: row.fieldworkStart,
    fieldworkEnd: row.fieldworkEnd,
    accessEndsOn: row.accessEndsOn,
    auditors: auditors
      .filter((auditor) => auditor.engagementId === row.id)
      .map((auditor) => ({
        userId: auditor.userId,
        email: auditor.email,
        invitedAt: auditor.invitedAt.toISOString(),
        lastVisitAt: auditor.lastVisitAt?.toISOString() ?? null,
      })),
    requestCount: countOf.get(row.id) ?? 0,
    side: sideOf(row),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The auditors' accounts, before the engagement's transaction: an unknown address is invited through
 * the invitation flow (`invite(email)`: a staff account with the auditor role, and the invitation
 * e-mail); a known one must be staff, never a client's account.
 */
export async function resolveAuditors(
  tx: DbTransaction,
  emails: readonly string[],
): Promise<{ known: { userId: string; email: string }[]; unknown: string[] }> {
  const normalized = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  const rows = await tx
    .select({ userId: authUsers.id, email: authUsers.email, userType: profiles.userType })
    .from(authUsers)
    .leftJoin(profiles, eq(profiles.userId, authUsers.id))
    .where(inArray(authUsers.email, normalized));
  const clients = rows.filter((row) => row.userType !== 'staff');
  if (clients.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'A client’s account cannot audit.', [
      {
        path: 'body.auditorEmails',
        message: `${clients.map((row) => row.email).join(', ')} belongs to a client; invite the auditor’s own address`,
      },
    ]);
  }
  const known = rows.map((row) => ({ userId: row.userId, email: row.email ?? '' }));
  return { known, unknown: normalized.filter((email) => !known.some((row) => row.email === email)) };
}

export interface CreateEngagementOptions {
  input: CreateEngagementFields;
  /** The auditors' accounts (invited first, or known staff). */
  auditors: readonly { userId: string; email: string; invited: boolean }[];
  origin: string;
  /** The invitations' delivery jobs are sent in the engagement's transaction. */
  jobs: Jobs;
}

export async function createEngagement(tenant: Tenant, options: CreateEngagementOptions): Promise<Engagement> {
  const { input } = options;
  tenant.assert(input.organizationId, 'No such organization.');
  return tenant.transaction(async (tx) => {
    const [organization] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(and(eq(organizations.id, input.organizationId), tenant.where(organizations.id)));
    tenant.assert(organization?.id, 'No such organization.');
    const [framework] = await tx.select({ id: frameworks.id }).from(frameworks).where(eq(frameworks.id, input.frameworkId));
    if (!framework)
      throw new AppError('VALIDATION_FAILED', 'This framework is not in the catalogue.', [
        { path: 'body.frameworkId', message: 'Choose a framework' },
      ]);
    const [row] = await tx
      .insert(auditEngagements)
      .values({
        organizationId: input.organizationId,
        name: input.name,
        frameworkId: input.frameworkId,
        auditType: input.auditType,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        fieldworkStart: input.fieldworkStart,
        fieldworkEnd: input.fieldworkEnd,
        accessEndsOn: input.accessEndsOn,
        createdBy: tenant.scope.userId,
      })
      .returning();
    if (!row) throw new Error('createEngagement: insert returned nothing');
    await tx.insert(engagementAuditors).values(
      options.auditors.map((auditor) => ({
        engagementId: row.id,
        organizationId: row.organizationId,
        userId: auditor.userId,
        email: auditor.email,
      })),
    );
    const requests = await generateAuditRequests(tx, row, tenant.scope.userId);
    for (const auditor of options.auditors.filter((candidate) => !candidate.invited)) {
      await enqueueEmail(tx, options.jobs, {
        kind: 'audit-engagement',
        to: auditor.email,
        subject: `You are invited to audit ${organization?.name ?? 'a client'}`,
        text: `You have been added as an auditor of “${row.name}” (${input.frameworkId}, ${input.periodStart} – ${input.periodEnd}). Your access ends on ${input.accessEndsOn}.\n\nOpen the auditor portal: ${options.origin}${workspaceHref.auditorPortal(row.id)}`,
      });
    }
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: 'engagement.create',
      entityType: 'engagement',
      entityId: row.id,
      after: { ...row, auditors: options.auditors.map((auditor) => auditor.email), requests },
    });
    const [view] = await engagementViews(tx, [row], () => 'staff');
    if (!view) throw new Error('createEngagement: no view');
    return view;
  });
}

/**
 * The engagements the caller takes part in: their tenant's, and those they audit (read in a
 * transaction scoped to the audited organizations, so request counts are theirs).
 */
export async function listEngagements(tenant: Tenant, db: Db, auditedIds: readonly string[]): Promise<EngagementList> {
  const own = await tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(auditEngagements)
      .where(tenant.where(auditEngagements.organizationId))
      .orderBy(desc(auditEngagements.createdAt));
    return engagementViews(tx, rows, () => (tenant.scope.kind === 'member' ? 'client' : 'staff'));
  });
  const otherIds = auditedIds.filter((id) => !own.some((engagement) => engagement.id === id));
  if (otherIds.length === 0 || !tenant.scope.userId) return { engagements: own };
  const userId = tenant.scope.userId;
  const audited = await withTenant(db, { kind: 'none', userId }, (tx) =>
    tx.select().from(auditEngagements).where(inArray(auditEngagements.id, otherIds)).orderBy(desc(auditEngagements.createdAt)),
  );
  const scope = { kind: 'staff', userId, organizationIds: [...new Set(audited.map((row) => row.organizationId))] } as const;
  const views = await withTenant(db, scope, (tx) => engagementViews(tx, audited, () => 'auditor'));
  return { engagements: [...own, ...views] };
}
