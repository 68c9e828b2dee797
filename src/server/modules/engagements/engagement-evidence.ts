import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { auditRequestEvidence, auditRequests } from '../../db/schema/engagements.ts';
import { evidence } from '../../db/schema/evidence.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { countsForEngagement } from '../../../shared/rules/engagement-evidence.ts';
import { denyAuditor, type EngagementReach } from './engagement-reach.ts';

const NOT_FOUND = 'No such evidence.';

/**
 * An evidence file through an engagement: only an item linked to one of its requests (404 otherwise,
 * like any other organization's). An auditor asking for an item not in force during the period gets
 * 403 and a security event: the engagement grants that period only.
 */
export async function downloadEngagementEvidence(
  request: FastifyRequest,
  reach: EngagementReach,
  store: FileStore,
  evidenceId: string,
): Promise<{ fileName: string; mediaType: string; sizeBytes: number; body: Readable }> {
  const [row] = await reach.tenant.transaction((tx) =>
    tx
      .select({ item: evidence })
      .from(auditRequestEvidence)
      .innerJoin(auditRequests, eq(auditRequests.id, auditRequestEvidence.requestId))
      .innerJoin(evidence, eq(evidence.id, auditRequestEvidence.evidenceId))
      .where(and(eq(auditRequests.engagementId, reach.engagement.id), eq(evidence.id, evidenceId)))
      .limit(1),
  );
  if (!row || row.item.organizationId !== reach.engagement.organizationId) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (reach.side === 'auditor' && !countsForEngagement(reach.engagement, row.item)) {
    return denyAuditor(request, reach.engagement, reach.userId, 'outside_period', { evidenceId });
  }
  if (row.item.kind !== 'file' || !row.item.sha256) throw new AppError('NOT_FOUND', NOT_FOUND);
  const body = await store.stream(row.item.sha256);
  if (!body) throw new Error(`Evidence ${row.item.id}: its file is missing from the file store`);
  return {
    fileName: row.item.fileName ?? 'evidence',
    mediaType: row.item.mediaType ?? 'application/octet-stream',
    sizeBytes: row.item.sizeBytes ?? 0,
    body,
  };
}
