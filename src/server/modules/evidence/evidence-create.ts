import type { z } from 'zod';
import { type createEvidenceLinkInputSchema, type Evidence, evidenceFieldsSchema } from '../../../shared/schemas/evidence.ts';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MEDIA_TYPES } from '../../../shared/schemas/programme-statuses.ts';
import { AppError } from '../../app-error.ts';
import type { DbTransaction } from '../../db/client.ts';
import { evidence, evidenceControls } from '../../db/schema/evidence.ts';
import { type AuditOrigin, recordAudit } from '../../platform/audit/record-audit.ts';
import { restoreControlsWithFreshEvidence } from '../frameworks/control-state.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { sniffMediaType } from '../../platform/files/sniff-media-type.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import type { EvidenceActor } from './evidence.service.ts';
import { evidenceState, evidenceView, type EvidenceRow, expiresAtFor } from './evidence-views.ts';
import { programmeControlsAmong, requireProgrammeControls } from './programme-controls.ts';
import { actingOrganization } from '../../platform/tenancy/acting-organization.ts';

/**
 * New evidence: an uploaded file (checked by its bytes, stored content-addressed before the row is
 * written) or a link, proving controls of the organization's programme.
 */

const DAY_MS = 86_400_000;

type Fields = z.output<typeof evidenceFieldsSchema>;

function collectedAtOf(fields: Fields, now: Date): Date {
  const collectedAt = fields.collectedAt ? new Date(fields.collectedAt) : now;
  if (collectedAt.getTime() > now.getTime() + DAY_MS) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', [
      { path: 'body.collectedAt', message: 'Evidence cannot be collected in the future' },
    ]);
  }
  return collectedAt;
}

/** Writes the item and its links; a fresh item brings its stale controls back to implemented. */
async function insertEvidence(
  tx: DbTransaction,
  organizationId: string,
  fields: Fields,
  values: Pick<EvidenceRow, 'kind' | 'url' | 'sha256' | 'fileName' | 'mediaType' | 'sizeBytes' | 'uploadedBy'>,
  origin: AuditOrigin,
  now: Date,
): Promise<EvidenceRow> {
  const freshness = await requireProgrammeControls(tx, organizationId, fields.controlIds);
  const collectedAt = collectedAtOf(fields, now);
  const expiresAt = expiresAtFor(collectedAt, freshness.values());
  const [row] = await tx
    .insert(evidence)
    .values({
      ...values,
      organizationId,
      title: fields.title,
      description: fields.description,
      collectedAt,
      expiresAt,
      periodStart: fields.periodStart,
      periodEnd: fields.periodEnd,
      region: fields.region,
      businessUnit: fields.businessUnit,
      environment: fields.environment,
      dataClassification: fields.dataClassification,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insertEvidence: insert returned nothing');
  const controlIds = [...freshness.keys()];
  await tx.insert(evidenceControls).values(controlIds.map((controlId) => ({ organizationId, evidenceId: row.id, controlId })));
  if (evidenceState(row, now) !== 'stale') await restoreControlsWithFreshEvidence(tx, organizationId, controlIds, origin, now);
  return row;
}

export interface UploadEvidenceInput {
  /** The `fields` part, as sent (validated here). */
  fields: unknown;
  file: { bytes: Buffer; fileName: string };
  now?: Date;
}

export async function uploadEvidence(
  tenant: Tenant,
  store: FileStore,
  actor: EvidenceActor,
  input: UploadEvidenceInput,
): Promise<Evidence> {
  const parsed = evidenceFieldsSchema.safeParse(input.fields);
  if (!parsed.success) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The request is not valid.',
      parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })),
    );
  }
  const fields = parsed.data;
  const { bytes } = input.file;
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
  if (bytes.length > EVIDENCE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `Evidence files are at most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const mediaType = sniffMediaType(bytes, input.file.fileName);
  if (!(EVIDENCE_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This kind of file is not accepted as evidence: send a PDF, an image (PNG, JPEG, GIF, WebP), text, CSV, JSON, a zip or an Office document.',
    );
  }
  const now = input.now ?? new Date();
  const organizationId = await actingOrganization(tenant, fields.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  // Refuse bad links before the bytes travel to the store (no network call inside the transaction).
  await tenant.transaction((tx) => requireProgrammeControls(tx, organizationId, fields.controlIds));
  const { sha256, size } = await store.put(bytes);
  return tenant.transaction(async (tx) => {
    const row = await insertEvidence(
      tx,
      organizationId,
      fields,
      {
        kind: 'file',
        url: null,
        sha256,
        fileName: input.file.fileName.slice(0, 255) || 'evidence',
        mediaType,
        sizeBytes: size,
        uploadedBy: actor.userId,
      },
      tenant.origin,
      now,
    );
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'evidence.create',
      entityType: 'evidence',
      entityId: row.id,
      after: row,
    });
    return evidenceView(tx, row, now);
  });
}

export async function createEvidenceLink(
  tenant: Tenant,
  actor: EvidenceActor,
  input: z.output<typeof createEvidenceLinkInputSchema>,
  now = new Date(),
): Promise<Evidence> {
  const organizationId = await actingOrganization(tenant, input.organizationId, {
    field: 'query.organizationId',
    soleAssignmentImplied: true,
  });
  return tenant.transaction(async (tx) => {
    const row = await insertEvidence(
      tx,
      organizationId,
      input,
      { kind: 'link', url: input.url, sha256: null, fileName: null, mediaType: null, sizeBytes: null, uploadedBy: actor.userId },
      tenant.origin,
      now,
    );
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId,
      action: 'evidence.create',
      entityType: 'evidence',
      entityId: row.id,
      after: row,
    });
    return evidenceView(tx, row, now);
  });
}

export interface GeneratedEvidenceInput {
  title: string;
  description: string;
  /** Where the workspace shows what this evidence records. */
  url: string;
  controlIds: string[];
  periodStart: string | null;
  periodEnd: string | null;
  /** Who the item is credited to (the person who started what produced it). */
  uploadedBy: string;
  /** The trail entry's action (`evidence.create` by default). */
  action?: string;
}

/**
 * Evidence the workspace produces itself (an attestation campaign's acknowledgements, docs/policies.md):
 * a link item on the given controls, written with its trail entry in the caller's transaction.
 */
export async function recordGeneratedEvidence(
  tx: DbTransaction,
  organizationId: string,
  input: GeneratedEvidenceInput,
  origin: AuditOrigin,
  now: Date,
): Promise<EvidenceRow> {
  const fields = evidenceFieldsSchema.parse({
    title: input.title.slice(0, 200),
    description: '',
    controlIds: input.controlIds,
    collectedAt: now.toISOString(),
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
  });
  const row = await insertEvidence(
    tx,
    organizationId,
    { ...fields, description: input.description },
    { kind: 'link', url: input.url, sha256: null, fileName: null, mediaType: null, sizeBytes: null, uploadedBy: input.uploadedBy },
    origin,
    now,
  );
  await recordAudit(tx, {
    ...origin,
    organizationId,
    action: input.action ?? 'evidence.create',
    entityType: 'evidence',
    entityId: row.id,
    after: row,
  });
  return row;
}

export interface CollectedEvidenceInput {
  title: string;
  description: string;
  /** The controls it evidences; those outside the organization's programme are left out. */
  controlIds: readonly string[];
  /** The stored file (content-addressed: `store.put` answered its SHA-256 and size). */
  file: { sha256: string; size: number; fileName: string; mediaType: string };
  collectedAt: Date;
  periodStart: string | null;
  periodEnd: string | null;
  /** Who the item is credited to (the connection's owner). */
  uploadedBy: string;
}

/**
 * Evidence a connector collected (docs/connectors.md): the provider's raw answer as a JSON file, its
 * SHA-256, the period it covers, on the check's controls that are in the programme, with its trail entry
 * (`evidence.collect`) in the caller's transaction. Null when none of the controls is in the programme.
 */
export async function recordCollectedEvidence(
  tx: DbTransaction,
  organizationId: string,
  input: CollectedEvidenceInput,
  origin: AuditOrigin,
  now: Date,
): Promise<EvidenceRow | null> {
  const inProgramme = await programmeControlsAmong(tx, organizationId, input.controlIds);
  if (inProgramme.length === 0) return null;
  const fields = evidenceFieldsSchema.parse({
    title: input.title.slice(0, 200),
    description: '',
    controlIds: inProgramme,
    collectedAt: input.collectedAt.toISOString(),
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
  });
  const row = await insertEvidence(
    tx,
    organizationId,
    { ...fields, description: input.description.slice(0, 2000) },
    {
      kind: 'file',
      url: null,
      sha256: input.file.sha256,
      fileName: input.file.fileName,
      mediaType: input.file.mediaType,
      sizeBytes: input.file.size,
      uploadedBy: input.uploadedBy,
    },
    origin,
    now,
  );
  await recordAudit(tx, { ...origin, organizationId, action: 'evidence.collect', entityType: 'evidence', entityId: row.id, after: row });
  return row;
}
