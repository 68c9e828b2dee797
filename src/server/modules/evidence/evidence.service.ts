import type { Readable } from 'node:stream';
import { and, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PermissionSubject } from '../../../shared/permissions.ts';
import {
  type Evidence,
  type EvidenceList,
  type EvidenceListQuery,
  type evidenceListQuerySchema,
  type updateEvidenceInputSchema,
} from '../../../shared/schemas/evidence.ts';
import { EVIDENCE_EXPIRING_DAYS } from '../../../shared/schemas/programme-statuses.ts';
import type { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { isInScope } from '../../platform/access/scoped-read.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { rowScope } from '../frameworks/programme-scope.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { evidenceView, evidenceViews, type EvidenceRow, expiresAtFor, linkedControls } from './evidence-views.ts';
import { linkedControlsVisible, requireProgrammeControls, visibleControlIds } from './programme-controls.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * Reading and changing evidence (docs/programme.md "Evidence"; new items: evidence-create.ts): files stored content-addressed with their SHA-256 and sniffed
 * media type, or links; each proves one or more of the organization's controls and expires by the
 * strictest freshness policy among them. Every read goes through the tenant guard and the reader's
 * access scopes; another organization's item answers exactly like a missing one.
 */

const NOT_FOUND = 'No such evidence.';
const DAY_MS = 86_400_000;

export interface EvidenceActor {
  /** The signed-in user. */
  userId: string;
  /** Permissions and access scopes (product.md §6). */
  reader: PermissionSubject;
}

function stateCondition(state: EvidenceListQuery['state'], now: Date): SQL | undefined {
  const soon = new Date(now.getTime() + EVIDENCE_EXPIRING_DAYS * DAY_MS);
  switch (state) {
    case 'stale':
      return or(isNotNull(evidence.staleAt), lte(evidence.expiresAt, now));
    case 'expiring':
      return and(isNull(evidence.staleAt), gt(evidence.expiresAt, now), lte(evidence.expiresAt, soon));
    case 'current':
      return and(isNull(evidence.staleAt), gt(evidence.expiresAt, soon));
    case undefined:
      return undefined;
  }
}

/** Whether the reader's scopes show the item (its attributes and the frameworks of its controls). */
const inReadersView = (actor: EvidenceActor, visible: Set<string> | null, row: EvidenceRow, controlIds: readonly string[]) =>
  isInScope(actor.reader, 'evidence:read', rowScope(row)) && linkedControlsVisible(visible, controlIds);

export async function listEvidence(
  tenant: Tenant,
  actor: EvidenceActor,
  query: z.output<typeof evidenceListQuerySchema>,
  now = new Date(),
): Promise<EvidenceList> {
  const organizationId = await actingOrganization(tenant, query.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const conditions = [eq(evidence.organizationId, organizationId), stateCondition(query.state, now)];
    if (query.q) {
      const words = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      conditions.push(or(ilike(evidence.title, words), ilike(evidence.description, words), ilike(evidence.fileName, words)));
    }
    if (query.controlId) {
      conditions.push(
        inArray(
          evidence.id,
          tx
            .select({ id: evidenceControls.evidenceId })
            .from(evidenceControls)
            .where(and(eq(evidenceControls.organizationId, organizationId), eq(evidenceControls.controlId, query.controlId))),
        ),
      );
    }
    const rows = await tx
      .select()
      .from(evidence)
      .where(and(...conditions))
      .orderBy(desc(evidence.collectedAt), desc(evidence.id));
    const links = await linkedControls(
      tx,
      rows.map((row) => row.id),
    );
    const visible = await visibleControlIds(tx, actor.reader, 'evidence:read');
    const shown = rows.filter((row) => inReadersView(actor, visible, row, links.get(row.id) ?? []));
    return {
      organizationId,
      evidence: await evidenceViews(tx, shown.slice(0, query.limit), links, now),
      total: shown.length,
    };
  });
}

/** The item if the caller's tenancy and scopes reach it; NOT_FOUND otherwise (the same answer as none). */
/** The item when the reader reaches it; `lock` holds its row until the transaction ends (an edit reads the state it changes). */
async function reachableEvidence(tx: DbTransaction, tenant: Tenant, actor: EvidenceActor, id: string, lock = false) {
  const query = tx
    .select()
    .from(evidence)
    .where(and(eq(evidence.id, id), tenant.where(evidence.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  tenant.assert(row?.organizationId, NOT_FOUND);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  const controlIds = (await linkedControls(tx, [row.id])).get(row.id) ?? [];
  const visible = await visibleControlIds(tx, actor.reader, 'evidence:read');
  if (!inReadersView(actor, visible, row, controlIds)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function getEvidence(tenant: Tenant, actor: EvidenceActor, id: string, now = new Date()): Promise<Evidence> {
  return tenant.transaction(async (tx) => evidenceView(tx, await reachableEvidence(tx, tenant, actor, id), now));
}

export interface EvidenceDownload {
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  body: Readable;
}

export async function downloadEvidence(tenant: Tenant, store: FileStore, actor: EvidenceActor, id: string): Promise<EvidenceDownload> {
  const row = await tenant.transaction((tx) => reachableEvidence(tx, tenant, actor, id));
  // A link has no file: the same answer as no evidence at all, so nothing is told apart.
  if (row.kind !== 'file' || !row.sha256) throw new AppError('NOT_FOUND', NOT_FOUND);
  const body = await store.stream(row.sha256);
  if (!body) throw new Error(`Evidence ${row.id}: its file ${row.sha256} is missing from the file store`);
  return {
    fileName: row.fileName ?? 'evidence',
    mediaType: row.mediaType ?? 'application/octet-stream',
    sizeBytes: row.sizeBytes ?? 0,
    body,
  };
}

export async function updateEvidence(
  tenant: Tenant,
  actor: EvidenceActor,
  id: string,
  input: z.output<typeof updateEvidenceInputSchema>,
  now = new Date(),
): Promise<Evidence> {
  return tenant.transaction(async (tx) => {
    // Locked: two edits at once apply one after the other, each trail entry's `before` the state it replaced.
    const row = await reachableEvidence(tx, tenant, actor, id, true);
    if (input.organizationId && input.organizationId !== row.organizationId) throw new AppError('NOT_FOUND', NOT_FOUND);
    const changes: Partial<EvidenceRow> = { updatedAt: now };
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.controlIds) {
      const freshness = await requireProgrammeControls(tx, row.organizationId, input.controlIds);
      changes.expiresAt = expiresAtFor(row.collectedAt, freshness.values());
      await tx.delete(evidenceControls).where(eq(evidenceControls.evidenceId, row.id));
      await tx
        .insert(evidenceControls)
        .values([...freshness.keys()].map((controlId) => ({ organizationId: row.organizationId, evidenceId: row.id, controlId })));
    }
    const [updated] = await tx.update(evidence).set(changes).where(eq(evidence.id, row.id)).returning();
    if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: 'evidence.update',
      entityType: 'evidence',
      entityId: row.id,
      before: row,
      after: { ...updated, ...(input.controlIds ? { controlIds: input.controlIds } : {}) },
    });
    return evidenceView(tx, updated, now);
  });
}

/** A reviewer's sign-off: by anybody who may write evidence, except the person who uploaded it. */
export async function signOffEvidence(tenant: Tenant, actor: EvidenceActor, id: string, now = new Date()): Promise<Evidence> {
  return tenant.transaction(async (tx) => {
    const row = await reachableEvidence(tx, tenant, actor, id);
    if (row.uploadedBy === actor.userId) {
      throw new AppError(
        'SEGREGATION_OF_DUTIES',
        'You uploaded this evidence, so somebody else must sign it off: a reviewer never approves their own work.',
      );
    }
    const alreadySignedOff = () => new AppError('CONFLICT', 'This evidence is already signed off.');
    if (row.reviewedAt) throw alreadySignedOff();
    // Conditional: of sign-offs racing past the check above, the first update wins and the others change nothing.
    const [updated] = await tx
      .update(evidence)
      .set({ reviewedBy: actor.userId, reviewedAt: now, updatedAt: now })
      .where(and(eq(evidence.id, row.id), isNull(evidence.reviewedAt)))
      .returning();
    if (!updated) throw alreadySignedOff();
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: 'evidence.sign_off',
      entityType: 'evidence',
      entityId: row.id,
      before: { reviewedBy: row.reviewedBy, reviewedAt: row.reviewedAt },
      after: { reviewedBy: updated.reviewedBy, reviewedAt: updated.reviewedAt },
    });
    return evidenceView(tx, updated, now);
  });
}

/** Removes the item and its links; the bytes stay in the store (other items may share them). */
export async function deleteEvidence(tenant: Tenant, actor: EvidenceActor, id: string): Promise<void> {
  await tenant.transaction(async (tx) => {
    const row = await reachableEvidence(tx, tenant, actor, id);
    // Of deletions racing past the read above, the first one removes the row; the others remove nothing.
    const [deleted] = await tx.delete(evidence).where(eq(evidence.id, row.id)).returning({ id: evidence.id });
    if (!deleted) throw new AppError('CONFLICT', 'This evidence was deleted by another request just now.');
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: row.organizationId,
      action: 'evidence.delete',
      entityType: 'evidence',
      entityId: row.id,
      before: row,
      after: null,
    });
  });
}
