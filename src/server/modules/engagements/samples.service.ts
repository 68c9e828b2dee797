import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { SAMPLE_POPULATION_MAX_ROWS } from '../../../shared/schemas/engagement-statuses.ts';
import type { AuditSample, drawSampleInputSchema, uploadPopulationInputSchema } from '../../../shared/schemas/engagements.ts';
import { AppError } from '../../app-error.ts';
import { auditRequests, auditSamples } from '../../db/schema/engagements.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import { sha256Of } from '../../platform/files/file-store.ts';
import { userNames } from '../task-requests/task-request-views.ts';
import type { EngagementReach } from './engagement-reach.ts';
import { drawIndices } from './sample-draw.ts';

/** Samples (docs/audit.md): the client provides a population as CSV; the auditor draws from it with a recorded seed. */

type SampleRow = typeof auditSamples.$inferSelect;
const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path, message }]);

function toSample(row: SampleRow, names: Map<string, string>): AuditSample {
  return {
    id: row.id,
    engagementId: row.engagementId,
    requestId: row.requestId,
    name: row.name,
    header: row.header,
    populationSize: row.rows.length,
    populationSha256: row.populationSha256,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedByName: (row.uploadedBy && names.get(row.uploadedBy)) || null,
    sampleSize: row.sampleSize,
    seed: row.seed,
    selected: row.selected,
    selectedRows: row.selected ? row.selected.map((index) => row.rows[index] ?? []) : null,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    drawnByName: (row.drawnBy && names.get(row.drawnBy)) || null,
  };
}

function parsePopulation(csv: string): { header: string[]; rows: string[][] } {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw invalid('body.csv', `The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw invalid('body.csv', 'The file has a header row but no data rows');
  if (rows.length > SAMPLE_POPULATION_MAX_ROWS) throw invalid('body.csv', `At most ${SAMPLE_POPULATION_MAX_ROWS} rows`);
  return { header, rows };
}

export async function uploadPopulation(reach: EngagementReach, input: z.output<typeof uploadPopulationInputSchema>): Promise<AuditSample> {
  if (reach.side === 'auditor') throw new AppError('FORBIDDEN', 'The client provides the population; you draw the sample.');
  const { header, rows } = parsePopulation(input.csv);
  return reach.tenant.transaction(async (tx) => {
    if (input.requestId) {
      const [request] = await tx
        .select({ id: auditRequests.id })
        .from(auditRequests)
        .where(and(eq(auditRequests.id, input.requestId), eq(auditRequests.engagementId, reach.engagement.id)));
      if (!request) throw new AppError('NOT_FOUND', 'No such audit request.');
    }
    const [row] = await tx
      .insert(auditSamples)
      .values({
        organizationId: reach.engagement.organizationId,
        engagementId: reach.engagement.id,
        requestId: input.requestId ?? null,
        name: input.name,
        header,
        rows,
        populationSha256: sha256Of(Buffer.from(input.csv, 'utf8')),
        uploadedBy: reach.userId,
      })
      .returning();
    if (!row) throw new Error('uploadPopulation: insert returned nothing');
    await recordAudit(tx, {
      ...reach.tenant.origin,
      organizationId: row.organizationId,
      action: 'audit_sample.population',
      entityType: 'audit_sample',
      entityId: row.id,
      after: { name: row.name, populationSize: rows.length, populationSha256: row.populationSha256 },
    });
    return toSample(row, await userNames(tx, [row.uploadedBy]));
  });
}

export async function listSamples(reach: EngagementReach): Promise<{ samples: AuditSample[] }> {
  return reach.tenant.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(auditSamples)
      .where(eq(auditSamples.engagementId, reach.engagement.id))
      .orderBy(asc(auditSamples.uploadedAt));
    const names = await userNames(
      tx,
      rows.flatMap((row) => [row.uploadedBy, row.drawnBy]),
    );
    return { samples: rows.map((row) => toSample(row, names)) };
  });
}

/** The auditor draws once per population; the seed (given, or a random one) is recorded with the draw. */
export async function drawSample(
  reach: EngagementReach,
  sampleId: string,
  input: z.output<typeof drawSampleInputSchema>,
): Promise<AuditSample> {
  return reach.tenant.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(auditSamples)
      .where(and(eq(auditSamples.id, sampleId), eq(auditSamples.engagementId, reach.engagement.id)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such sample.');
    if (row.selected) throw new AppError('CONFLICT', 'This sample is already drawn; its seed reproduces it.');
    if (input.sampleSize > row.rows.length) throw invalid('body.sampleSize', `The population has ${row.rows.length} rows`);
    const seed = input.seed ?? randomBytes(8).toString('hex');
    const selected = drawIndices(row.rows.length, input.sampleSize, seed);
    const [drawn] = await tx
      .update(auditSamples)
      .set({ sampleSize: input.sampleSize, seed, selected, drawnBy: reach.userId, drawnAt: new Date() })
      .where(eq(auditSamples.id, row.id))
      .returning();
    if (!drawn) throw new AppError('NOT_FOUND', 'No such sample.');
    await recordAudit(tx, {
      ...reach.tenant.origin,
      organizationId: row.organizationId,
      action: 'audit_sample.draw',
      entityType: 'audit_sample',
      entityId: row.id,
      after: { sampleSize: input.sampleSize, seed, selected, populationSha256: row.populationSha256 },
    });
    return toSample(drawn, await userNames(tx, [drawn.uploadedBy, drawn.drawnBy]));
  });
}
