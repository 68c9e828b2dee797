import { z } from 'zod';
import { IMPORTABLE_REGISTERS, type ImportableRegister, REGISTERS } from './programme-statuses.ts';

/** Register exports (CSV) and imports (CSV with column mapping and a dry run) — docs/programme.md "Registers". */

export const registerParamsSchema = z.object({ register: z.enum(REGISTERS, 'No such register') });
export const importRegisterParamsSchema = z.object({
  register: z.enum(IMPORTABLE_REGISTERS, 'Only controls, risks, vendors and people import'),
});

export const exportRegisterQuerySchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  /** requirements: one framework's requirements with their status. */
  frameworkId: z.string().optional(),
});

export const IMPORT_MAX_ROWS = 2000;

/** The register fields a CSV column can map to (the server names them in every answer too). */ export const IMPORT_FIELDS = {
  controls: ['controlId', 'status', 'ownerEmail', 'applicable', 'justification', 'notes'],
  risks: [
    'ref',
    'title',
    'description',
    'category',
    'likelihood',
    'impact',
    'residualLikelihood',
    'residualImpact',
    'treatment',
    'treatmentPlan',
    'ownerEmail',
    'reviewDate',
    'status',
    'controlIds',
    'region',
    'businessUnit',
  ],
  vendors: [
    'ref',
    'name',
    'website',
    'ownerEmail',
    'tier',
    'services',
    'dataCategories',
    'isSubProcessor',
    'contractStart',
    'contractEnd',
    'dpaSignedOn',
    'baaSignedOn',
    'status',
    'residualRisk',
    'conditions',
    'nextReviewOn',
    'controlIds',
  ],
  people: ['email', 'name', 'department', 'title', 'managerEmail', 'startDate', 'endDate', 'status', 'externalId'],
} as const satisfies Record<ImportableRegister, readonly string[]>;

export const importRegisterInputSchema = z.object({
  organizationId: z.uuid('Not an organization id').optional(),
  /** The file's text (UTF-8, comma separated, first row the headers). */
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(2 * 1024 * 1024, 'At most 2 MB of CSV'),
  /** CSV header → register field. Columns not named here are ignored. */
  mapping: z.record(z.string().max(200), z.string().max(60)),
  /** true: report what would change and change nothing. */
  dryRun: z.boolean().default(true),
});
export type ImportRegisterInput = z.input<typeof importRegisterInputSchema>;

export const importRowResultSchema = z.object({
  /** 1-based data row (the header is row 0). */
  row: z.number().int(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  /** The control id, risk ref, vendor ref or person's e-mail the row is about, when it has one. */
  key: z.string().nullable(),
  /** Field → [before, after] for the fields this row changes. */
  changes: z.record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()])),
  errors: z.array(z.string()),
});

export const importResultSchema = z.object({
  register: z.enum(IMPORTABLE_REGISTERS),
  dryRun: z.boolean(),
  /** Whether anything was written (never on a dry run, never when a row has errors). */
  applied: z.boolean(),
  /** The fields a column can map to, for the mapping form. */
  fields: z.array(z.string()),
  summary: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
  rows: z.array(importRowResultSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
