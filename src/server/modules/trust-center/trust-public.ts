import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { PublicTrustCenter } from '../../../shared/schemas/trust-center.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { trustCenters, trustCenterViews, trustDocuments } from '../../db/schema/trust-center.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { withTenant } from '../../platform/tenancy/tenant.ts';
import { catalogueIndex } from '../frameworks/catalogue-index.ts';
import { loadProgrammeState, programmeReadiness } from '../frameworks/programme-state.ts';
import type { SubProcessorSource } from './sub-processors.ts';

/**
 * The public page's data, read as the system for the one organization its slug names. A trust center
 * switched off answers exactly like one that does not exist: 404.
 */

const SYSTEM = { kind: 'all', userId: null } as const;
export type TrustCenterRow = typeof trustCenters.$inferSelect;

/** The enabled trust center of a slug, or 404. */
export async function enabledTrustCenter(tx: DbTransaction, slug: string): Promise<TrustCenterRow> {
  const [row] = await tx.select().from(trustCenters).where(eq(trustCenters.slug, slug));
  if (!row?.enabled) throw new AppError('NOT_FOUND', 'No trust center at this address.');
  return row;
}

function controlSummary(
  catalogue: Awaited<ReturnType<typeof catalogueIndex>>,
  state: Awaited<ReturnType<typeof loadProgrammeState>>,
  shown: ReadonlySet<string>,
): PublicTrustCenter['controlDomains'] {
  const byDomain = new Map<string, { implemented: number; total: number }>();
  for (const [controlId, row] of state.controls) {
    const domain = catalogue.controlById.get(controlId)?.domain;
    if (!domain || !row.applicable || (shown.size > 0 && !shown.has(domain))) continue;
    const counts = byDomain.get(domain) ?? { implemented: 0, total: 0 };
    counts.total += 1;
    if (row.status === 'implemented') counts.implemented += 1;
    byDomain.set(domain, counts);
  }
  return [...byDomain].map(([domain, counts]) => ({ domain, ...counts })).sort((a, b) => a.domain.localeCompare(b.domain));
}

/**
 * One view entry per visitor per organization per hour (a salted hash of address and browser): a reload
 * or a crawler's second pass within the hour adds nothing to the trail; the route's rate limit caps the rest.
 */
async function recordView(tx: DbTransaction, organizationId: string, origin: AuditOrigin, now: Date): Promise<void> {
  const visitor = createHash('sha256')
    .update(`${organizationId}\n${origin.ip ?? ''}\n${origin.userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 32);
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const inserted = await tx.insert(trustCenterViews).values({ organizationId, visitor, hour }).onConflictDoNothing().returning();
  if (inserted.length === 0) return;
  await recordAudit(tx, {
    ...origin,
    actor: null,
    organizationId,
    action: 'trust_center.view',
    entityType: 'trust_center',
    entityId: organizationId,
    after: { visitor, hour: hour.toISOString() },
  });
}

export async function getPublicTrustCenter(
  db: Db,
  slug: string,
  deps: { origin: AuditOrigin; subProcessors: SubProcessorSource; now?: Date },
): Promise<PublicTrustCenter> {
  const now = deps.now ?? new Date();
  const catalogue = await catalogueIndex(db);
  return withTenant(db, SYSTEM, async (tx) => {
    const center = await enabledTrustCenter(tx, slug);
    const { organizationId } = center;
    const [organization] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
    const state = await loadProgrammeState(tx, organizationId, now);
    const readiness = programmeReadiness(catalogue, state, new Set(center.frameworkIds));
    const documents = await tx
      .select()
      .from(trustDocuments)
      .where(and(eq(trustDocuments.organizationId, organizationId)))
      .orderBy(asc(trustDocuments.createdAt));
    const subProcessors = await deps.subProcessors(tx, organizationId);
    await recordView(tx, organizationId, deps.origin, now);
    return {
      slug: center.slug,
      organizationName: organization?.name ?? '',
      frameworks: readiness.map((framework) => ({
        id: framework.frameworkId,
        name: framework.name,
        score: framework.score,
        status: framework.score === 100 ? 'compliant' : 'in_progress',
      })),
      controlDomains: controlSummary(catalogue, state, new Set(center.controlDomains)),
      subProcessors,
      documents: documents.map(({ id, title, visibility, fileName, sizeBytes }) => ({ id, title, visibility, fileName, sizeBytes })),
      ndaText: center.ndaText,
      accessDays: center.accessDays,
      updatedAt: center.updatedAt.toISOString(),
    };
  });
}

/**
 * The public page's data for the server-rendered page (web/trust-page.ts), or `null` where the API answers
 * 404: the page then answers with its own not-found page. Records the view like the API does.
 */
export async function findPublicTrustCenter(
  db: Db,
  slug: string,
  deps: { origin: AuditOrigin; subProcessors: SubProcessorSource; now?: Date },
): Promise<PublicTrustCenter | null> {
  try {
    return await getPublicTrustCenter(db, slug, deps);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
