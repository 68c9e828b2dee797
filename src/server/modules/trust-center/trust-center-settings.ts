import { and, asc, desc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import {
  TRUST_ACCESS_DAYS_DEFAULT,
  TRUST_DEFAULT_NDA,
  type TrustCenterSettings,
  type TrustDocument,
  type UpdateTrustCenterInput,
} from '../../../shared/schemas/trust-center.ts';
import { AppError } from '../../app-error.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { deliverables } from '../../db/schema/deliverables.ts';
import { evidence } from '../../db/schema/evidence.ts';
import { organizationFrameworks } from '../../db/schema/frameworks.ts';
import { organizationControls } from '../../db/schema/controls.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { trustCenters, trustDocuments } from '../../db/schema/trust-center.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { type CatalogueIndex, catalogueIndex } from '../frameworks/catalogue-index.ts';

/**
 * The trust center's settings in the workspace (docs/trust-center.md): read with what the pickers may
 * offer, and changed as a whole by `updateTrustCenter`, one audit entry with before and after.
 */

type TrustCenterRow = typeof trustCenters.$inferSelect;
type TrustDocumentRow = typeof trustDocuments.$inferSelect;

export const trustDocumentView = (row: TrustDocumentRow): TrustDocument => ({
  id: row.id,
  title: row.title,
  visibility: row.visibility,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  source: row.source,
  sourceId: row.sourceId,
  mediaType: row.mediaType,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit entry keeps of the settings: everything but timestamps. */
function settingsSnapshot(row: TrustCenterRow | undefined, documents: readonly TrustDocumentRow[]) {
  if (!row) return { documents: documents.map(({ id, title, visibility }) => ({ id, title, visibility })) };
  const { enabled, slug, frameworkIds, controlDomains, autoApproveDomains, ndaText, accessDays } = row;
  const docs = documents.map(({ id, title, visibility }) => ({ id, title, visibility }));
  return { enabled, slug, frameworkIds, controlDomains, autoApproveDomains, ndaText, accessDays, documents: docs };
}

/** A slug nobody has taken, from the organization's name, for a trust center not yet saved. */
function suggestedSlug(name: string, organizationId: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return base.length >= 3 ? base : `org-${organizationId.slice(0, 8)}`;
}

async function pickerOptions(
  catalogue: CatalogueIndex,
  tx: DbTransaction,
  organizationId: string,
): Promise<TrustCenterSettings['available']> {
  const active = await tx
    .select({ frameworkId: organizationFrameworks.frameworkId })
    .from(organizationFrameworks)
    .where(eq(organizationFrameworks.organizationId, organizationId));
  const controlRows = await tx
    .select({ controlId: organizationControls.controlId })
    .from(organizationControls)
    .where(eq(organizationControls.organizationId, organizationId));
  const domains = new Set(
    controlRows.map((row) => catalogue.controlById.get(row.controlId)?.domain).filter((domain) => domain !== undefined),
  );
  const approved = await tx
    .select({ id: deliverables.id, title: deliverables.title })
    .from(deliverables)
    .where(and(eq(deliverables.organizationId, organizationId), eq(deliverables.status, 'completed')))
    .orderBy(desc(deliverables.completedAt))
    .limit(200);
  const files = await tx
    .select({ id: evidence.id, title: evidence.title })
    .from(evidence)
    .where(and(eq(evidence.organizationId, organizationId), isNotNull(evidence.sha256), isNotNull(evidence.reviewedAt)))
    .orderBy(desc(evidence.createdAt))
    .limit(200);
  return {
    frameworks: active.flatMap((row) => {
      const framework = catalogue.frameworkById.get(row.frameworkId);
      return framework ? [{ id: framework.id, name: framework.name }] : [];
    }),
    controlDomains: [...domains].sort(),
    deliverables: approved,
    evidence: files,
  };
}

export async function getTrustCenterSettings(db: Db, tenant: Tenant, named: string | undefined): Promise<TrustCenterSettings> {
  const organizationId = await actingOrganization(tenant, named);
  // Loaded before the transaction: on PGlite (one connection) a first load inside it would wait for it forever.
  const catalogue = await catalogueIndex(db);
  return tenant.transaction(async (tx) => {
    const [row] = await tx.select().from(trustCenters).where(eq(trustCenters.organizationId, organizationId));
    const documents = await tx
      .select()
      .from(trustDocuments)
      .where(eq(trustDocuments.organizationId, organizationId))
      .orderBy(asc(trustDocuments.createdAt));
    const available = await pickerOptions(catalogue, tx, organizationId);
    const [organization] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
    return {
      organizationId,
      enabled: row?.enabled ?? false,
      slug: row?.slug ?? suggestedSlug(organization?.name ?? '', organizationId),
      frameworkIds: (row?.frameworkIds ?? available.frameworks.map((framework) => framework.id)) as TrustCenterSettings['frameworkIds'],
      controlDomains: row?.controlDomains ?? [],
      autoApproveDomains: row?.autoApproveDomains ?? [],
      ndaText: row?.ndaText ?? TRUST_DEFAULT_NDA,
      accessDays: row?.accessDays ?? TRUST_ACCESS_DAYS_DEFAULT,
      documents: documents.map(trustDocumentView),
      available,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Applies the documents list: titles and visibilities as given; documents left out are taken off the page. */
async function applyDocuments(tx: DbTransaction, organizationId: string, documents: UpdateTrustCenterInput['documents']): Promise<void> {
  const ids = documents.map((document) => document.id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError('VALIDATION_FAILED', 'A document is listed twice.', [{ path: 'documents', message: 'List each document once' }]);
  }
  const known = ids.length
    ? await tx
        .select({ id: trustDocuments.id })
        .from(trustDocuments)
        .where(and(eq(trustDocuments.organizationId, organizationId), inArray(trustDocuments.id, ids)))
    : [];
  if (known.length !== ids.length) {
    throw new AppError('VALIDATION_FAILED', 'A document is not on this trust center.', [
      { path: 'documents', message: 'Reload the page: a document was removed meanwhile' },
    ]);
  }
  await tx
    .delete(trustDocuments)
    .where(and(eq(trustDocuments.organizationId, organizationId), ids.length ? notInArray(trustDocuments.id, ids) : undefined));
  for (const document of documents) {
    await tx
      .update(trustDocuments)
      .set({ title: document.title, visibility: document.visibility })
      .where(and(eq(trustDocuments.id, document.id), eq(trustDocuments.organizationId, organizationId)));
  }
}

/**
 * Saves the settings (the first save creates the trust center). A slug another organization holds is
 * 409 CONFLICT on `slug`; the unique index decides between two organizations saving it at once.
 */
export async function updateTrustCenter(db: Db, tenant: Tenant, input: UpdateTrustCenterInput): Promise<TrustCenterSettings> {
  const organizationId = await actingOrganization(tenant, input.organizationId, { field: 'body.organizationId' });
  const { enabled, slug, frameworkIds, controlDomains, autoApproveDomains, ndaText, accessDays } = input;
  const values = { enabled, slug, frameworkIds, controlDomains, autoApproveDomains: [...new Set(autoApproveDomains)], ndaText, accessDays };
  try {
    await tenant.transaction(async (tx) => {
      const [before] = await tx.select().from(trustCenters).where(eq(trustCenters.organizationId, organizationId)).for('update');
      const documentsBefore = await tx.select().from(trustDocuments).where(eq(trustDocuments.organizationId, organizationId));
      await applyDocuments(tx, organizationId, input.documents);
      const now = new Date();
      const [after] = await tx
        .insert(trustCenters)
        .values({ organizationId, ...values, updatedBy: tenant.scope.userId, updatedAt: now })
        .onConflictDoUpdate({ target: trustCenters.organizationId, set: { ...values, updatedBy: tenant.scope.userId, updatedAt: now } })
        .returning();
      const documentsAfter = await tx.select().from(trustDocuments).where(eq(trustDocuments.organizationId, organizationId));
      await recordAudit(tx, {
        ...tenant.origin,
        organizationId,
        action: before ? 'trust_center.update' : 'trust_center.create',
        entityType: 'trust_center',
        entityId: organizationId,
        before: before ? settingsSnapshot(before, documentsBefore) : null,
        after: settingsSnapshot(after, documentsAfter),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', 'Another organization uses this address.', [
      { path: 'slug', message: 'This address is taken: choose another' },
    ]);
  }
  return getTrustCenterSettings(db, tenant, organizationId);
}
