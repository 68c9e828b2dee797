import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Permission } from '../../../shared/permissions.ts';
import { riskRating } from '../../../shared/rules/risk-score.ts';
import { EVIDENCE_EXPIRING_DAYS, type Register } from '../../../shared/schemas/programme-statuses.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { riskControls, risks } from '../../db/schema/risks.ts';
import { vendorsCsv } from './register-export-vendors.ts';
import { toCsv } from './register-csv.ts';
import { isInScope } from '../../platform/access/scoped-read.ts';
import { listControls } from '../controls/controls.service.ts';
import { type ProgrammeContext, getFramework } from '../frameworks/frameworks.service.ts';
import { isCatalogueFrameworkId, programmeReader, rowScope } from '../frameworks/programme-scope.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * Register exports (docs/programme.md "Exports"): every register as CSV with a header row, written by
 * register-csv.ts (RFC 4180 quoting, formula-safe cells).
 */

/** The permission each register's rows need on top of the export's own (403 without it). */
export const REGISTER_READ_PERMISSION: Record<Register, Permission> = {
  controls: 'frameworks:read',
  requirements: 'frameworks:read',
  evidence: 'evidence:read',
  risks: 'risks:read',
  vendors: 'vendors:read',
};

export interface RegisterCsv {
  fileName: string;
  csv: string;
}

const DAY_MS = 24 * 3600 * 1000;

async function emails(tx: DbTransaction, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, wanted));
  return new Map(rows.map((row) => [row.id, row.email ?? '']));
}

async function controlsCsv(context: ProgrammeContext, organizationId: string, now: Date): Promise<string> {
  const { controls } = await listControls(context, { organizationId }, now);
  const ownerEmails = await context.tenant.transaction((tx) =>
    emails(
      tx,
      controls.map((control) => control.owner?.id ?? null),
    ),
  );
  return toCsv(
    [
      'control_id',
      'domain',
      'title',
      'status',
      'applicable',
      'justification',
      'owner',
      'owner_email',
      'business_unit',
      'environment',
      'frameworks',
      'requirements',
      'evidence',
      'fresh_evidence',
      'next_expiry',
      'updated_at',
    ],
    controls.map((control) => [
      control.id,
      control.domain,
      control.title,
      control.status,
      control.applicable ? 'yes' : 'no',
      control.justification,
      control.owner?.name,
      control.owner ? ownerEmails.get(control.owner.id) : '',
      control.businessUnit,
      control.environment,
      control.frameworks.join(' '),
      control.requirementCount,
      control.evidenceCount,
      control.freshEvidenceCount,
      control.nextExpiry,
      control.updatedAt,
    ]),
  );
}

async function requirementsCsv(
  context: ProgrammeContext,
  organizationId: string,
  frameworkId: string | undefined,
  now: Date,
): Promise<string> {
  if (!frameworkId || !isCatalogueFrameworkId(frameworkId)) {
    throw new AppError('VALIDATION_FAILED', 'Name the framework whose requirements to export.', [
      { path: 'query.frameworkId', message: 'Choose a framework' },
    ]);
  }
  const framework = await getFramework(context, frameworkId, organizationId, now);
  return toCsv(
    ['framework', 'ref', 'parent_ref', 'title', 'assessable', 'status', 'reason', 'controls', 'not_addressable'],
    framework.requirements.map((requirement) => [
      framework.id,
      requirement.ref,
      requirement.parentRef,
      requirement.title,
      requirement.assessable ? 'yes' : 'no',
      requirement.status,
      requirement.reason,
      requirement.controls.map((control) => `${control.id} (${control.relation})`).join('; '),
      requirement.notAddressable,
    ]),
  );
}

async function evidenceCsv(context: ProgrammeContext, organizationId: string, now: Date): Promise<string> {
  const reader = programmeReader(context.reader);
  const { items, links, names } = await context.tenant.transaction(async (tx) => {
    const items = await tx
      .select()
      .from(evidence)
      .where(eq(evidence.organizationId, organizationId))
      .orderBy(asc(evidence.collectedAt), asc(evidence.id));
    const links = await tx
      .select({ evidenceId: evidenceControls.evidenceId, controlId: evidenceControls.controlId })
      .from(evidenceControls)
      .where(eq(evidenceControls.organizationId, organizationId));
    return {
      items,
      links,
      names: await userNames(
        tx,
        items.flatMap((item) => [item.uploadedBy, item.reviewedBy]),
      ),
    };
  });
  const controlsOf = new Map<string, string[]>();
  for (const link of links) controlsOf.set(link.evidenceId, [...(controlsOf.get(link.evidenceId) ?? []), link.controlId]);
  const soon = now.getTime() + EVIDENCE_EXPIRING_DAYS * DAY_MS;
  return toCsv(
    [
      'id',
      'title',
      'kind',
      'file_name',
      'media_type',
      'size_bytes',
      'sha256',
      'url',
      'controls',
      'collected_at',
      'period_start',
      'period_end',
      'expires_at',
      'state',
      'uploaded_by',
      'reviewed_by',
      'reviewed_at',
      'region',
      'business_unit',
      'environment',
      'data_classification',
    ],
    items
      .filter((item) => isInScope(reader, 'evidence:read', rowScope(item)))
      .map((item) => {
        const expires = item.expiresAt.getTime();
        const state = item.staleAt || expires <= now.getTime() ? 'stale' : expires <= soon ? 'expiring' : 'current';
        return [
          item.id,
          item.title,
          item.kind,
          item.fileName,
          item.mediaType,
          item.sizeBytes,
          item.sha256,
          item.url,
          (controlsOf.get(item.id) ?? []).sort().join(' '),
          item.collectedAt.toISOString(),
          item.periodStart,
          item.periodEnd,
          item.expiresAt.toISOString(),
          state,
          names.get(item.uploadedBy),
          item.reviewedBy ? names.get(item.reviewedBy) : '',
          item.reviewedAt?.toISOString(),
          item.region,
          item.businessUnit,
          item.environment,
          item.dataClassification,
        ];
      }),
  );
}

async function risksCsv(context: ProgrammeContext, organizationId: string): Promise<string> {
  const reader = programmeReader(context.reader);
  const { rows, links, names } = await context.tenant.transaction(async (tx) => {
    const rows = await tx.select().from(risks).where(eq(risks.organizationId, organizationId)).orderBy(asc(risks.ref));
    const links = await tx
      .select({ riskId: riskControls.riskId, controlId: riskControls.controlId })
      .from(riskControls)
      .where(and(eq(riskControls.organizationId, organizationId)));
    return {
      rows,
      links,
      names: await userNames(
        tx,
        rows.map((row) => row.ownerId),
      ),
    };
  });
  const controlsOf = new Map<string, string[]>();
  for (const link of links) controlsOf.set(link.riskId, [...(controlsOf.get(link.riskId) ?? []), link.controlId]);
  return toCsv(
    [
      'ref',
      'title',
      'description',
      'category',
      'likelihood',
      'impact',
      'inherent_score',
      'inherent_band',
      'residual_likelihood',
      'residual_impact',
      'residual_score',
      'residual_band',
      'treatment',
      'treatment_plan',
      'owner',
      'review_date',
      'status',
      'controls',
      'region',
      'business_unit',
      'created_at',
    ],
    rows
      .filter((row) => isInScope(reader, 'risks:read', rowScope(row)))
      .map((row) => {
        const inherent = riskRating(row.likelihood, row.impact);
        const residual = riskRating(row.residualLikelihood, row.residualImpact);
        return [
          row.ref,
          row.title,
          row.description,
          row.category,
          row.likelihood,
          row.impact,
          inherent.score,
          inherent.level,
          row.residualLikelihood,
          row.residualImpact,
          residual.score,
          residual.level,
          row.treatment,
          row.treatmentPlan,
          row.ownerId ? names.get(row.ownerId) : '',
          row.reviewDate,
          row.status,
          (controlsOf.get(row.id) ?? []).sort().join(' '),
          row.region,
          row.businessUnit,
          row.createdAt.toISOString(),
        ];
      }),
  );
}

/** One register of the organization as CSV; 403 without the register's own read permission. */
export async function exportRegister(
  context: ProgrammeContext,
  register: Register,
  query: { organizationId?: string; frameworkId?: string },
  now = new Date(),
): Promise<RegisterCsv> {
  if (!context.reader.permissions.has(REGISTER_READ_PERMISSION[register]))
    throw new AppError('FORBIDDEN', 'You do not have access to this.');
  const organizationId = await actingOrganization(context.tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  const day = now.toISOString().slice(0, 10);
  switch (register) {
    case 'controls':
      return { fileName: `controls-${day}.csv`, csv: await controlsCsv(context, organizationId, now) };
    case 'requirements':
      return {
        fileName: `requirements-${query.frameworkId ?? 'framework'}-${day}.csv`,
        csv: await requirementsCsv(context, organizationId, query.frameworkId, now),
      };
    case 'evidence':
      return { fileName: `evidence-${day}.csv`, csv: await evidenceCsv(context, organizationId, now) };
    case 'risks':
      return { fileName: `risks-${day}.csv`, csv: await risksCsv(context, organizationId) };
    case 'vendors':
      return { fileName: `vendors-${day}.csv`, csv: await vendorsCsv(context.tenant, organizationId) };
  }
}
