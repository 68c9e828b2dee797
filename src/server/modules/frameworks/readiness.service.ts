import { and, asc, eq, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { NextAction, Readiness, ReadinessHistory } from '../../../shared/schemas/frameworks.ts';
import { CONTROL_STATUSES, EVIDENCE_EXPIRING_DAYS, type ControlStatus } from '../../../shared/schemas/programme-statuses.ts';
import type { DbTransaction } from '../../db/client.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { risks } from '../../db/schema/risks.ts';
import { isInScope } from '../../platform/access/scoped-read.ts';
import type { ProgrammeContext } from './frameworks.service.ts';
import { programmeReader, rowScope } from './programme-scope.ts';
import { loadProgrammeState, programmeReadiness, readerFrameworks, visibleControlIds } from './programme-state.ts';
import { PROGRAMME_SNAPSHOT_ID, dayOf, readinessHistoryRows } from './readiness-snapshots.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/** The compliance tab's figures (docs/programme.md "Readiness"): GET /api/v1/readiness and its history. */

const DAY_MS = 24 * 3600 * 1000;
const EVIDENCE_LIST_MAX = 100;

type EvidenceBrief = Readiness['expiringEvidence'][number];

/** Evidence that is stale or expires within EVIDENCE_EXPIRING_DAYS, soonest first, with the controls it proves. */
async function evidenceNearExpiry(tx: DbTransaction, organizationId: string, now: Date) {
  const soon = new Date(now.getTime() + EVIDENCE_EXPIRING_DAYS * DAY_MS);
  return tx
    .select({
      id: evidence.id,
      title: evidence.title,
      expiresAt: evidence.expiresAt,
      staleAt: evidence.staleAt,
      region: evidence.region,
      businessUnit: evidence.businessUnit,
      environment: evidence.environment,
      dataClassification: evidence.dataClassification,
      controlIds: sql<string[] | null>`array_agg(${evidenceControls.controlId} order by ${evidenceControls.controlId})
        filter (where ${evidenceControls.controlId} is not null)`,
    })
    .from(evidence)
    .leftJoin(evidenceControls, eq(evidenceControls.evidenceId, evidence.id))
    .where(and(eq(evidence.organizationId, organizationId), or(isNotNull(evidence.staleAt), lte(evidence.expiresAt, soon))))
    .groupBy(evidence.id)
    .orderBy(asc(evidence.expiresAt), asc(evidence.id))
    .limit(EVIDENCE_LIST_MAX * 4);
}

async function overdueRiskCount(tx: DbTransaction, organizationId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(risks)
    .where(and(eq(risks.organizationId, organizationId), eq(risks.status, 'open'), lt(risks.reviewDate, dayOf(now))));
  return Number(row?.count ?? 0);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export async function getReadiness(context: ProgrammeContext, named: string | undefined, now = new Date()): Promise<Readiness> {
  const { tenant, catalogue } = context;
  const reader = programmeReader(context.reader);
  const organizationId = await actingOrganization(tenant, named, { field: 'query.organizationId', soleAssignmentImplied: true });
  const canSeeEvidence = reader.permissions.has('evidence:read');
  const canSeeRisks = reader.permissions.has('risks:read');
  const { state, near, overdueRisks } = await tenant.transaction(async (tx) => ({
    state: await loadProgrammeState(tx, organizationId, now),
    near: canSeeEvidence ? await evidenceNearExpiry(tx, organizationId, now) : [],
    overdueRisks: canSeeRisks ? await overdueRiskCount(tx, organizationId, now) : 0,
  }));
  const visible = readerFrameworks(catalogue, reader);
  const frameworks = programmeReadiness(catalogue, state, visible);
  const controlIds = visibleControlIds(catalogue, state, reader);
  const controlsByStatus = Object.fromEntries(CONTROL_STATUSES.map((status) => [status, 0])) as Record<ControlStatus, number>;
  let controlsNotApplicable = 0;
  for (const id of controlIds) {
    const row = state.controls.get(id);
    if (!row) continue;
    if (row.applicable) controlsByStatus[row.status] += 1;
    else controlsNotApplicable += 1;
  }
  const expiringEvidence: EvidenceBrief[] = [];
  const staleEvidence: EvidenceBrief[] = [];
  for (const item of near) {
    if (!isInScope(reader, 'evidence:read', rowScope(item))) continue;
    const brief = { id: item.id, title: item.title, expiresAt: item.expiresAt.toISOString(), controlIds: item.controlIds ?? [] };
    const stale = item.staleAt !== null || item.expiresAt.getTime() <= now.getTime();
    const list = stale ? staleEvidence : expiringEvidence;
    if (list.length < EVIDENCE_LIST_MAX) list.push(brief);
  }
  return {
    organizationId,
    computedAt: now.toISOString(),
    frameworks,
    controlsByStatus,
    controlsNotApplicable,
    expiringEvidence,
    staleEvidence,
    nextActions: nextActions({
      activeCount: state.activations.length,
      state,
      controlIds,
      staleEvidence,
      expiringEvidence,
      overdueRisks,
      organizationId: named,
    }),
  };
}

interface NextActionFacts {
  activeCount: number;
  state: Awaited<ReturnType<typeof loadProgrammeState>>;
  controlIds: ReadonlySet<string>;
  staleEvidence: readonly EvidenceBrief[];
  expiringEvidence: readonly EvidenceBrief[];
  overdueRisks: number;
  /** Staff name the organization: links keep it (`org=`). */
  organizationId: string | undefined;
}

/** What to do next, most urgent first, each a link to where the work is done. */
export function nextActions(facts: NextActionFacts): NextAction[] {
  const scope = { organizationId: facts.organizationId };
  if (facts.activeCount === 0) {
    return [
      { kind: 'activate_framework', title: 'Activate a framework to start your programme', href: workspaceHref.framework(null, scope) },
    ];
  }
  const actions: NextAction[] = [];
  for (const item of facts.staleEvidence.slice(0, 3)) {
    actions.push({
      kind: 'renew_evidence',
      title: `Renew stale evidence: ${item.title}`,
      href: workspaceHref.compliance('evidence', scope),
    });
  }
  const controls = [...facts.controlIds].map((id) => facts.state.controls.get(id)).filter((row) => row?.applicable === true);
  const unowned = controls.filter((row) => !row?.ownerId).length;
  if (unowned > 0)
    actions.push({
      kind: 'assign_owner',
      title: `Assign an owner to ${plural(unowned, 'control')}`,
      href: workspaceHref.compliance('controls', scope),
    });
  const withoutEvidence = controls.filter(
    (row) => row && row.status === 'implemented' && (facts.state.evidence.get(row.controlId)?.fresh ?? 0) === 0,
  );
  for (const row of withoutEvidence.slice(0, 3)) {
    if (row)
      actions.push({
        kind: 'add_evidence',
        title: `Add evidence for ${row.controlId}`,
        href: workspaceHref.compliance('evidence', { control: row.controlId, ...scope }),
      });
  }
  if (facts.expiringEvidence.length > 0) {
    actions.push({
      kind: 'renew_evidence',
      title: `Renew ${plural(facts.expiringEvidence.length, 'evidence item')} expiring within ${EVIDENCE_EXPIRING_DAYS} days`,
      href: workspaceHref.compliance('evidence', scope),
    });
  }
  const failing = controls.filter((row) => row?.status === 'failing').length;
  if (failing > 0) {
    actions.push({
      kind: 'implement_control',
      title: `Fix ${plural(failing, 'control')} a connector's check found failing`,
      href: workspaceHref.compliance('controls', { status: 'failing', ...scope }),
    });
  }
  const notStarted = controls.filter((row) => row?.status === 'not_started' || row?.status === 'stale').length;
  if (notStarted > 0) {
    actions.push({
      kind: 'implement_control',
      title: `Implement ${plural(notStarted, 'control')} not started or stale`,
      href: workspaceHref.compliance('controls', scope),
    });
  }
  if (facts.overdueRisks > 0) {
    actions.push({
      kind: 'review_risk',
      title: `Review ${plural(facts.overdueRisks, 'risk')} past its review date`,
      href: workspaceHref.compliance('risks', scope),
    });
  }
  return actions.slice(0, 10);
}

export async function listReadinessHistory(
  context: ProgrammeContext,
  query: { organizationId?: string; days: number },
  now = new Date(),
): Promise<ReadinessHistory> {
  const { tenant, catalogue } = context;
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  const visible = readerFrameworks(catalogue, context.reader);
  const rows = await tenant.transaction((tx) => readinessHistoryRows(tx, organizationId, query.days, now));
  return {
    organizationId,
    points: rows
      .filter((row) => row.frameworkId === PROGRAMME_SNAPSHOT_ID || visible.has(row.frameworkId as never))
      .map((row) => ({
        day: row.day,
        frameworkId: row.frameworkId,
        score: row.score,
        counts: { ...row.counts },
        programme: row.programme,
      })),
  };
}
