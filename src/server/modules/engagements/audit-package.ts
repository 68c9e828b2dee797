import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ChainVerification } from '../../../shared/schemas/audit.ts';
import { auditRequests } from '../../db/schema/engagements.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { verifyChain } from '../../platform/audit/audit-chain.ts';
import { slugify } from '../../platform/files/content-disposition.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { requestEvidence } from './audit-evidence.ts';
import type { EngagementReach } from './engagement-reach.ts';

/**
 * The PBC package (docs/audit.md): a ZIP (fflate) of the evidence of every accepted request, in force
 * during the period, with `manifest.json` listing each file's SHA-256 (computed over the bytes in the
 * archive) and the organization's trail verification, so the auditor can prove what they received.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
  evidenceId: string;
  title: string;
  collectedAt: string;
  kind: 'file' | 'link';
}

export async function exportAuditPackage(reach: EngagementReach, store: FileStore): Promise<{ fileName: string; zip: Buffer }> {
  const { engagement } = reach;
  const { accepted, evidenceOf, verification } = await reach.tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(auditRequests)
      .where(and(eq(auditRequests.engagementId, engagement.id), eq(auditRequests.status, 'accepted')))
      .orderBy(asc(auditRequests.ref));
    return {
      accepted: rows,
      evidenceOf: await requestEvidence(
        tx,
        engagement,
        rows.map((row) => row.id),
      ),
      verification: await verifyChain(tx, engagement.organizationId),
    };
  });
  // Bytes are read outside the transaction (the store may be remote).
  const entries: Zippable = {};
  const requests: { ref: string; title: string; requirementId: string | null; status: string; files: ManifestFile[] }[] = [];
  for (const request of accepted) {
    const files: ManifestFile[] = [];
    for (const item of evidenceOf.get(request.id) ?? []) {
      const folder = `evidence/${slugify(request.ref, 'request')}`;
      let bytes: Uint8Array;
      let name: string;
      if (item.kind === 'file' && item.sha256) {
        const stored = await store.get(item.sha256);
        if (!stored) continue;
        bytes = new Uint8Array(stored);
        name = `${item.id.slice(0, 8)}-${item.fileName ?? 'evidence'}`;
      } else {
        bytes = strToU8(`[InternetShortcut]\r\nURL=${item.url ?? ''}\r\n`);
        name = `${item.id.slice(0, 8)}-${slugify(item.title, 'link')}.url`;
      }
      const path = `${folder}/${name}`;
      entries[path] = bytes;
      files.push({
        path,
        sha256: sha256(bytes),
        size: bytes.length,
        evidenceId: item.id,
        title: item.title,
        collectedAt: item.collectedAt,
        kind: item.kind,
      });
    }
    requests.push({ ref: request.ref, title: request.title, requirementId: request.requirementId, status: request.status, files });
  }
  const manifest = {
    engagement: {
      id: engagement.id,
      name: engagement.name,
      organizationId: engagement.organizationId,
      frameworkId: engagement.frameworkId,
      auditType: engagement.auditType,
      periodStart: engagement.periodStart,
      periodEnd: engagement.periodEnd,
    },
    generatedAt: new Date().toISOString(),
    generatedBy: reach.userId,
    hashAlgorithm: 'SHA-256',
    requests,
    auditTrailVerification: verification satisfies ChainVerification,
  };
  entries['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  const zip = Buffer.from(zipSync(entries, { level: 6 }));
  await reach.tenant.transaction((tx) =>
    recordAudit(tx, {
      ...reach.tenant.origin,
      organizationId: engagement.organizationId,
      action: 'engagement.package_export',
      entityType: 'engagement',
      entityId: engagement.id,
      after: { sha256: sha256(zip), files: requests.reduce((total, request) => total + request.files.length, 0) },
    }),
  );
  return { fileName: `pbc-package-${slugify(engagement.name, 'engagement')}.zip`, zip };
}
