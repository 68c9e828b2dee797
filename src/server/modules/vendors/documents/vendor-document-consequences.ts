import { and, eq, inArray } from 'drizzle-orm';
import type { ExtractedCuec } from '../../../../shared/schemas/vendor-document-extraction.ts';
import { VENDOR_DOCUMENT_KIND_LABELS, type ConfirmedExtraction } from '../../../../shared/schemas/vendor-documents.ts';
import { VENDOR_RESIDUAL_RISKS, type VendorResidualRisk } from '../../../../shared/schemas/vendors.ts';
import type { DbTransaction } from '../../../db/client.ts';
import { controlMappings, organizationControls } from '../../../db/schema/controls.ts';
import { vendorRisks } from '../../../db/schema/vendors.ts';
import type { Jobs } from '../../../platform/jobs/job-types.ts';
import { classifyBuiltin } from '../../agent-runs/providers/builtin-classifier.ts';
import { writeNewRisk } from '../../risks/risks.service.ts';
import { insertTaskRequest } from '../../task-requests/pipeline.ts';
import { writeVendorChange } from '../vendor-records.ts';
import type { VendorRow } from '../vendor-views.ts';
import type { ConfirmedDocument } from './vendor-document-records.ts';

/**
 * What a confirmed report or certificate means for the client (issue 35 item 3, docs/vendor-documents.md),
 * each through the owning module's own trail-less half (`writeNewRisk`, `insertTaskRequest`,
 * `writeVendorChange`): the caller records one entry naming the document with all of it in `after`
 * (docs/audit.md, "One operation, one entry"): CUECs become requirements met by the organization's
 * controls mapped to the criteria they name (soc2:<criterion> in the catalogue), the rest one task for a
 * person; exceptions or a qualified, adverse or disclaimed opinion raise the vendor's residual risk and
 * open a finding (a vendor risk in the register, linked to the vendor); an expired document opens a
 * renewal task on the vendor's owner.
 */

/** How long a SOC 2 report counts after the period (or a bridge letter) it covers: the usual twelve months. */
export const SOC2_REPORT_VALID_MONTHS = 12;
const SOC2_FRAMEWORK_ID = 'soc2';

const fieldOf = (confirmed: ConfirmedExtraction, key: string) => confirmed.fields.find((field) => field.key === key)?.value ?? null;

function addMonths(iso: string, months: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString().slice(0, 10);
}

/**
 * When the confirmed document stops counting: a certificate's end of validity; a SOC 2 report's
 * period end (or as-of date, or a later bridge letter) plus twelve months; null for other documents.
 */
export function documentExpiresOn(confirmed: ConfirmedExtraction): string | null {
  if (confirmed.kind === 'iso27001_certificate') return fieldOf(confirmed, 'validUntil');
  if (confirmed.kind !== 'soc2_report') return null;
  const covered = [fieldOf(confirmed, 'periodEnd') ?? fieldOf(confirmed, 'asOfDate'), fieldOf(confirmed, 'bridgeLetterDate')]
    .filter((date): date is string => date !== null)
    .sort();
  const last = covered.at(-1);
  return last ? addMonths(last, SOC2_REPORT_VALID_MONTHS) : null;
}

/** The residual risk a report's problems call for, or null when it calls for no rise. */
export function raisedResidualRisk(current: VendorResidualRisk | null, confirmed: ConfirmedExtraction): VendorResidualRisk | null {
  const opinion = fieldOf(confirmed, 'opinion');
  const at = current ? VENDOR_RESIDUAL_RISKS.indexOf(current) : 0;
  let wanted = at;
  if (confirmed.exceptions.length > 0) wanted = Math.max(wanted, at + 1, 1);
  if (opinion === 'qualified') wanted = Math.max(wanted, at + 1, 2);
  if (opinion === 'adverse' || opinion === 'disclaimer') wanted = 3;
  wanted = Math.min(wanted, VENDOR_RESIDUAL_RISKS.length - 1);
  return wanted > at || (current === null && wanted > 0) ? (VENDOR_RESIDUAL_RISKS[wanted] ?? null) : null;
}

interface ConsequenceContext {
  tx: DbTransaction;
  jobs: Jobs;
  vendor: VendorRow;
  actorId: string;
  now: Date;
}

/** The organization's applicable controls mapped to each SOC 2 criterion named. */
async function controlsByCriterion(tx: DbTransaction, organizationId: string, criteria: readonly string[]): Promise<Map<string, string[]>> {
  const byCriterion = new Map<string, string[]>();
  if (criteria.length === 0) return byCriterion;
  const rows = await tx
    .select({ requirementId: controlMappings.requirementId, controlId: controlMappings.controlId })
    .from(controlMappings)
    .innerJoin(
      organizationControls,
      and(
        eq(organizationControls.controlId, controlMappings.controlId),
        eq(organizationControls.organizationId, organizationId),
        eq(organizationControls.applicable, true),
      ),
    )
    .where(
      inArray(
        controlMappings.requirementId,
        criteria.map((criterion) => `${SOC2_FRAMEWORK_ID}:${criterion}`),
      ),
    );
  for (const row of rows) {
    const criterion = row.requirementId.slice(SOC2_FRAMEWORK_ID.length + 1);
    byCriterion.set(criterion, [...(byCriterion.get(criterion) ?? []), row.controlId]);
  }
  return byCriterion;
}

async function openTask(context: ConsequenceContext, requestedBy: string, title: string, description: string) {
  const input = {
    title: title.slice(0, 200),
    description: description.slice(0, 5000),
    department: 'compliance' as const,
    deadline: null,
    frameworks: [],
  };
  return insertTaskRequest(context.tx, context.jobs, {
    ...input,
    organizationId: context.vendor.organizationId,
    requestedBy,
    source: 'vendor_document',
    classification: classifyBuiltin({ ...input, now: context.now }),
    submittedAt: context.now,
  });
}

async function cuecRequirements(
  context: ConsequenceContext,
  cuecs: readonly ExtractedCuec[],
): Promise<ConfirmedDocument['cuecRequirements']> {
  const mapped = await controlsByCriterion(context.tx, context.vendor.organizationId, [...new Set(cuecs.flatMap((cuec) => cuec.criteria))]);
  const requirements = cuecs.map((cuec) => ({
    text: cuec.text,
    criteria: cuec.criteria,
    page: cuec.page,
    controlIds: [...new Set(cuec.criteria.flatMap((criterion) => mapped.get(criterion) ?? []))].sort(),
    taskRequestId: null as string | null,
  }));
  const unmapped = requirements.filter((requirement) => requirement.controlIds.length === 0);
  if (unmapped.length === 0) return requirements;
  const { vendor } = context;
  const task = await openTask(
    context,
    context.actorId,
    `Put in place ${vendor.name}’s complementary user entity controls (${vendor.ref})`,
    `${vendor.name}’s SOC 2 report relies on controls we must operate ourselves; none of our programme’s controls covers these yet. Decide who owns each, put it in place and link it to a control:\n\n${unmapped
      .map(
        (requirement) =>
          `- ${requirement.text} (${requirement.criteria.join(', ') || 'no criterion named'}; report page ${requirement.page})`,
      )
      .join('\n')}`,
  );
  for (const requirement of unmapped) requirement.taskRequestId = task.id;
  return requirements;
}

async function openFinding(context: ConsequenceContext, confirmed: ConfirmedExtraction) {
  const { tx, vendor, now } = context;
  const opinion = fieldOf(confirmed, 'opinion');
  const residual = raisedResidualRisk(vendor.residualRisk, confirmed);
  const problems = [
    ...(opinion && opinion !== 'unqualified' ? [`The service auditor’s opinion is ${opinion}.`] : []),
    ...confirmed.exceptions.map(
      (exception) => `Exception (${exception.criterion || 'no criterion'}, page ${exception.page}): ${exception.description}`,
    ),
  ];
  if (problems.length === 0) return { findingRiskId: null, residualRiskChange: null };
  const severe = opinion === 'adverse' || opinion === 'disclaimer';
  const risk = await writeNewRisk(
    tx,
    vendor.organizationId,
    {
      title: `${vendor.name}: SOC 2 report ${opinion && opinion !== 'unqualified' ? `with a ${opinion} opinion` : 'with exceptions'}`.slice(
        0,
        200,
      ),
      description: problems.join('\n').slice(0, 4000),
      category: 'vendor',
      likelihood: severe ? 4 : 3,
      impact: Math.max(2, 6 - vendor.tier),
      treatment: 'mitigate',
      treatmentPlan:
        `Ask ${vendor.name} for its remediation of each exception and evidence that it worked; decide whether compensating controls on our side are needed.`.slice(
          0,
          4000,
        ),
      ownerId: vendor.ownerId,
      reviewDate: null,
      controlIds: [],
      region: '',
      businessUnit: '',
    },
    context.actorId,
    now,
  );
  const linked = await tx.select({ riskId: vendorRisks.riskId }).from(vendorRisks).where(eq(vendorRisks.vendorId, vendor.id));
  await writeVendorChange(
    tx,
    vendor,
    { riskIds: [...linked.map((link) => link.riskId), risk.id], ...(residual ? { residualRisk: residual } : {}) },
    now,
  );
  return { findingRiskId: risk.id, residualRiskChange: residual ? { from: vendor.residualRisk, to: residual } : null };
}

/** A renewal task on the vendor's owner (or, without one, on `fallbackRequester`) for an expired document. */
export async function openRenewalTask(context: ConsequenceContext, kind: ConfirmedExtraction['kind'], expiresOn: string): Promise<string> {
  const { vendor } = context;
  const label = VENDOR_DOCUMENT_KIND_LABELS[kind];
  const task = await openTask(
    context,
    vendor.ownerId ?? context.actorId,
    `Renew ${vendor.name}’s ${label} (${vendor.ref})`,
    `${vendor.name}’s ${label} stopped counting on ${expiresOn}. Ask the vendor for the current one (a new report, a bridge letter or a renewed certificate), upload it to the vendor and confirm what it says.`,
  );
  return task.id;
}

/** Everything a confirmation sets in motion, in the caller's transaction. */
export async function applyConfirmedConsequences(
  context: ConsequenceContext,
  confirmed: ConfirmedExtraction,
): Promise<Omit<ConfirmedDocument, 'confirmed' | 'confirmedBy'>> {
  const expiresOn = documentExpiresOn(confirmed);
  const requirements = confirmed.kind === 'soc2_report' ? await cuecRequirements(context, confirmed.cuecs) : [];
  const finding =
    confirmed.kind === 'soc2_report' ? await openFinding(context, confirmed) : { findingRiskId: null, residualRiskChange: null };
  const expired = expiresOn !== null && expiresOn <= context.now.toISOString().slice(0, 10);
  const renewalTaskRequestId = expired ? await openRenewalTask(context, confirmed.kind, expiresOn) : null;
  return { expiresOn, cuecRequirements: requirements, ...finding, renewalTaskRequestId };
}
