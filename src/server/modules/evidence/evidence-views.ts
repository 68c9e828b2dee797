import { asc, inArray } from 'drizzle-orm';
import { EVIDENCE_EXPIRING_DAYS, type EvidenceState } from '../../../shared/schemas/programme-statuses.ts';
import type { Evidence } from '../../../shared/schemas/evidence.ts';
import type { DbTransaction } from '../../db/client.ts';
import { type evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { userNames } from '../task-requests/task-request-views.ts';

/** Evidence rows as the API shows them, and the rules of their lifecycle (docs/programme.md "Evidence"). */

export type EvidenceRow = typeof evidence.$inferSelect;

const DAY_MS = 86_400_000;
/** When the linked controls name no policy (they always should): a year. */
const DEFAULT_FRESHNESS_DAYS = 365;

/** Stale once marked or past its expiry; expiring within EVIDENCE_EXPIRING_DAYS of it; else current. */
export function evidenceState(row: Pick<EvidenceRow, 'staleAt' | 'expiresAt'>, now: Date): EvidenceState {
  if (row.staleAt || row.expiresAt.getTime() <= now.getTime()) return 'stale';
  if (row.expiresAt.getTime() - now.getTime() <= EVIDENCE_EXPIRING_DAYS * DAY_MS) return 'expiring';
  return 'current';
}

/** The strictest freshness policy of the controls an item proves decides when it expires. */
export function expiresAtFor(collectedAt: Date, freshnessDays: Iterable<number>): Date {
  const days = Math.min(...freshnessDays);
  return new Date(collectedAt.getTime() + (Number.isFinite(days) ? days : DEFAULT_FRESHNESS_DAYS) * DAY_MS);
}

/** Each item's linked control ids, in catalogue id order. */
export async function linkedControls(tx: DbTransaction, ids: readonly string[]): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>();
  if (ids.length === 0) return links;
  const rows = await tx
    .select({ evidenceId: evidenceControls.evidenceId, controlId: evidenceControls.controlId })
    .from(evidenceControls)
    .where(inArray(evidenceControls.evidenceId, [...ids]))
    .orderBy(asc(evidenceControls.controlId));
  for (const row of rows) links.set(row.evidenceId, [...(links.get(row.evidenceId) ?? []), row.controlId]);
  return links;
}

export async function evidenceViews(
  tx: DbTransaction,
  rows: readonly EvidenceRow[],
  links: Map<string, string[]>,
  now: Date,
): Promise<Evidence[]> {
  const names = await userNames(
    tx,
    rows.flatMap((row) => [row.uploadedBy, row.reviewedBy]),
  );
  const person = (id: string) => ({ id, name: names.get(id) ?? 'A former user' });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    url: row.url,
    fileName: row.fileName,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    collectedAt: row.collectedAt.toISOString(),
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    expiresAt: row.expiresAt.toISOString(),
    state: evidenceState(row, now),
    controlIds: links.get(row.id) ?? [],
    uploadedBy: person(row.uploadedBy),
    reviewedBy: row.reviewedBy ? person(row.reviewedBy) : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    region: row.region,
    businessUnit: row.businessUnit,
    environment: row.environment,
    dataClassification: row.dataClassification,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function evidenceView(tx: DbTransaction, row: EvidenceRow, now: Date): Promise<Evidence> {
  const [view] = await evidenceViews(tx, [row], await linkedControls(tx, [row.id]), now);
  if (!view) throw new Error('evidenceView: no view');
  return view;
}
