import { and, eq, gte, sql } from 'drizzle-orm';
import { EVIDENCE_EXPIRING_DAYS } from '../../../shared/schemas/programme-statuses.ts';
import { riskBand } from '../../../shared/rules/score-bands.ts';
import { riskScore } from '../../../shared/rules/risk-score.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { organizationFrameworks, readinessSnapshots } from '../../db/schema/frameworks.ts';
import { risks } from '../../db/schema/risks.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { type CatalogueIndex, catalogueIndex } from './catalogue-index.ts';
import { type ProgrammeState, loadProgrammeState, programmeReadiness } from './programme-state.ts';

/**
 * Readiness over time (docs/programme.md "Snapshots"): one row per organization, active framework and
 * day, and a '*' row with the programme's counts — controls by status, evidence by state, open risks
 * by band (of their residual score). The day's rows are overwritten by every recording that day: the
 * daily 'readiness-snapshot' job, and every activation.
 */

export const PROGRAMME_SNAPSHOT_ID = '*';
const DAY_MS = 24 * 3600 * 1000;

export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

async function programmeCounts(tx: DbTransaction, state: ProgrammeState, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {
    'controls.not_started': 0,
    'controls.in_progress': 0,
    'controls.implemented': 0,
    'controls.stale': 0,
    'controls.not_applicable': 0,
  };
  for (const control of state.controls.values()) {
    const key = control.applicable ? `controls.${control.status}` : 'controls.not_applicable';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const soon = new Date(now.getTime() + EVIDENCE_EXPIRING_DAYS * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  const [items] = await tx
    .select({
      stale: sql<number>`(count(*) filter (where ${evidence.staleAt} is not null or ${evidence.expiresAt} <= ${nowIso}::timestamptz))::int`,
      expiring: sql<number>`(count(*) filter (where ${evidence.staleAt} is null and ${evidence.expiresAt} > ${nowIso}::timestamptz and ${evidence.expiresAt} <= ${soon}::timestamptz))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(evidence)
    .where(eq(evidence.organizationId, state.organizationId));
  const stale = Number(items?.stale ?? 0);
  const expiring = Number(items?.expiring ?? 0);
  counts['evidence.current'] = Number(items?.total ?? 0) - stale - expiring;
  counts['evidence.expiring'] = expiring;
  counts['evidence.stale'] = stale;
  const open = await tx
    .select({ likelihood: risks.residualLikelihood, impact: risks.residualImpact })
    .from(risks)
    .where(and(eq(risks.organizationId, state.organizationId), eq(risks.status, 'open')));
  counts['risks.low'] = 0;
  counts['risks.medium'] = 0;
  counts['risks.high'] = 0;
  for (const risk of open) {
    const key = `risks.${riskBand(riskScore(risk.likelihood, risk.impact)).level}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Upserts today's rows for the organization: each active framework, and '*'. */
export async function recordReadinessSnapshot(
  tx: DbTransaction,
  organizationId: string,
  now: Date,
  catalogue?: CatalogueIndex,
): Promise<void> {
  const index = catalogue ?? (await catalogueIndex(tx));
  const state = await loadProgrammeState(tx, organizationId, now);
  const day = dayOf(now);
  const rows = programmeReadiness(index, state).map((framework) => ({
    organizationId,
    frameworkId: framework.frameworkId as string,
    day,
    score: framework.score,
    counts: {
      met: framework.met,
      partial: framework.partial,
      notMet: framework.notMet,
      notApplicable: framework.notApplicable,
      notAddressable: framework.notAddressable,
      total: framework.total,
    },
    programme: {},
  }));
  const controls = [...state.controls.values()].filter((control) => control.applicable);
  const implemented = controls.filter((control) => control.status === 'implemented').length;
  rows.push({
    organizationId,
    frameworkId: PROGRAMME_SNAPSHOT_ID,
    day,
    // The programme's score: the share of applicable controls implemented.
    score: controls.length === 0 ? 0 : Math.round((100 * implemented) / controls.length),
    counts: { met: 0, partial: 0, notMet: 0, notApplicable: 0, notAddressable: 0, total: 0 },
    programme: await programmeCounts(tx, state, now),
  });
  await tx
    .insert(readinessSnapshots)
    .values(rows)
    .onConflictDoUpdate({
      target: [readinessSnapshots.organizationId, readinessSnapshots.frameworkId, readinessSnapshots.day],
      set: { score: sql`excluded.score`, counts: sql`excluded.counts`, programme: sql`excluded.programme`, createdAt: now },
    });
}

/** The daily job: today's snapshot for every organization with an active framework. Returns how many. */
export async function runReadinessSnapshots(db: Db, now = new Date()): Promise<number> {
  const system = { kind: 'all', userId: null } as const;
  const organizationIds = await withTenant(db, system, async (tx) =>
    (await tx.selectDistinct({ id: organizationFrameworks.organizationId }).from(organizationFrameworks)).map((row) => row.id),
  );
  const catalogue = await catalogueIndex(db);
  for (const organizationId of organizationIds) {
    await withTenant(db, system, (tx) => recordReadinessSnapshot(tx, organizationId, now, catalogue));
  }
  return organizationIds.length;
}

export async function readinessHistoryRows(tx: DbTransaction, organizationId: string, days: number, now: Date) {
  const since = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
  return tx
    .select()
    .from(readinessSnapshots)
    .where(and(eq(readinessSnapshots.organizationId, organizationId), gte(readinessSnapshots.day, since)))
    .orderBy(readinessSnapshots.day, readinessSnapshots.frameworkId);
}
