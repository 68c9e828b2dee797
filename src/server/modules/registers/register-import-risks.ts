import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { riskInputSchema, updateRiskInputSchema } from '../../../shared/schemas/risks.ts';
import type { DbTransaction } from '../../db/client.ts';
import { riskControls, risks } from '../../db/schema/risks.ts';
import { nextRiskRef, type RiskRow } from '../risks/risk-views.ts';
import { writeNewRisk, writeRiskChange } from '../risks/risks.service.ts';
import { organizationUsersByEmail, programmeControlIds } from './register-import-controls.ts';
import { type MappedRow, type PlannedRow, shownValue } from './register-import-csv.ts';

/**
 * Importing the risk register: a row whose ref the organization has updates that risk, any other row
 * creates one (with its ref, or the next free R-number). Values are validated with the API's own schemas.
 */

type RiskCreate = z.output<typeof riskInputSchema>;
type RiskUpdate = z.output<typeof updateRiskInputSchema>;
type RiskApply =
  { kind: 'create'; ref: string; input: RiskCreate; status?: 'open' | 'closed' } | { kind: 'update'; row: RiskRow; input: RiskUpdate };

const REF = /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/;
const FIELDS = [
  'title',
  'description',
  'category',
  'likelihood',
  'impact',
  'residualLikelihood',
  'residualImpact',
  'treatment',
  'treatmentPlan',
  'reviewDate',
  'status',
  'region',
  'businessUnit',
] as const;

/** The row's values as the API's input: lower-case choices, controls split on commas, semicolons or spaces. */
function inputOf(values: Map<string, string>, ownerId: string | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = values.get(field);
    if (value === undefined) continue;
    input[field] = ['category', 'treatment', 'status'].includes(field) ? value.toLowerCase() : value;
  }
  const controlIds = values.get('controlIds');
  if (controlIds !== undefined) input.controlIds = controlIds.split(/[\s,;]+/).map((id) => id.toUpperCase());
  if (ownerId) input.ownerId = ownerId;
  return input;
}

export async function planRisksImport(
  tx: DbTransaction,
  organizationId: string,
  rows: readonly MappedRow[],
): Promise<PlannedRow<RiskApply>[]> {
  const existing = new Map(
    (await tx.select().from(risks).where(eq(risks.organizationId, organizationId))).map((row) => [row.ref.toUpperCase(), row]),
  );
  const links = await tx.select().from(riskControls).where(eq(riskControls.organizationId, organizationId));
  const programme = await programmeControlIds(tx, organizationId);
  const owners = await organizationUsersByEmail(
    tx,
    organizationId,
    rows.flatMap((row) => row.values.get('ownerEmail') ?? []),
  );
  // New rows without a ref take the numbers after every ref the organization or the file already uses.
  const firstFree = await nextRiskRef(
    tx,
    organizationId,
    rows.flatMap((row) => row.values.get('ref') ?? []),
  );
  let nextNumber = Number(firstFree.slice(2));
  const seen = new Set<string>();
  const planned: PlannedRow<RiskApply>[] = [];

  for (const { row, values } of rows) {
    const errors: string[] = [];
    const givenRef = values.get('ref');
    if (givenRef !== undefined && !REF.test(givenRef)) errors.push(`Ref “${givenRef}” is not a short reference like R-001`);
    if (givenRef && seen.has(givenRef.toUpperCase())) errors.push(`${givenRef} appears in an earlier row too`);
    if (givenRef) seen.add(givenRef.toUpperCase());
    const ownerEmail = values.get('ownerEmail');
    const ownerId = ownerEmail ? owners.get(ownerEmail.toLowerCase()) : undefined;
    if (ownerEmail && !ownerId) errors.push(`${ownerEmail} is not a member of the organization or a consultant assigned to it`);
    const input = inputOf(values, ownerId);
    const outside = ((input.controlIds as string[] | undefined) ?? []).filter((id) => !programme.has(id));
    if (outside.length > 0) errors.push(`Not in this organization's programme: ${outside.join(', ')}`);
    const current = givenRef ? existing.get(givenRef.toUpperCase()) : undefined;

    if (current) {
      const parsed = updateRiskInputSchema.safeParse(input);
      if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
      const changes: Record<string, [string | null, string | null]> = {};
      const before = {
        ...current,
        controlIds: links
          .filter((link) => link.riskId === current.id)
          .map((link) => link.controlId)
          .sort(),
      };
      for (const [field, value] of Object.entries(parsed.success ? parsed.data : {})) {
        const was = before[field as keyof typeof before];
        const after = field === 'controlIds' ? [...new Set(value as string[])].sort() : value;
        if (shownValue(was) !== shownValue(after))
          changes[field === 'ownerId' ? 'ownerEmail' : field] = [
            field === 'ownerId' ? null : shownValue(was),
            field === 'ownerId' ? (ownerEmail ?? null) : shownValue(after),
          ];
      }
      const action = errors.length > 0 ? 'error' : Object.keys(changes).length > 0 ? 'update' : 'unchanged';
      planned.push({
        row,
        action,
        key: current.ref,
        changes,
        errors,
        apply: parsed.success ? { kind: 'update', row: current, input: parsed.data } : undefined,
      });
      continue;
    }

    const { status, ...createInput } = input;
    const parsed = riskInputSchema.safeParse(createInput);
    if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`));
    if (status !== undefined && status !== 'open' && status !== 'closed') errors.push(`Status “${String(status)}” is not open or closed`);
    const ref = givenRef ?? `R-${String(nextNumber++).padStart(3, '0')}`;
    const changes = Object.fromEntries(
      Object.entries({ ...createInput, ...(status ? { status } : {}) }).map(([field, value]) => [
        field === 'ownerId' ? 'ownerEmail' : field,
        [null, field === 'ownerId' ? (ownerEmail ?? null) : shownValue(value)] as [null, string | null],
      ]),
    );
    planned.push({
      row,
      action: errors.length > 0 ? 'error' : 'create',
      key: ref,
      changes,
      errors,
      apply: parsed.success ? { kind: 'create', ref, input: parsed.data, status: status as 'open' | 'closed' | undefined } : undefined,
    });
  }
  return planned;
}

export async function applyRisksImport(
  tx: DbTransaction,
  organizationId: string,
  planned: readonly PlannedRow<RiskApply>[],
  userId: string,
  now: Date,
): Promise<void> {
  for (const { action, apply } of planned) {
    if (!apply || (action !== 'create' && action !== 'update')) continue;
    if (apply.kind === 'update') {
      const { organizationId: _named, ...change } = apply.input;
      await writeRiskChange(tx, apply.row, change, now);
      continue;
    }
    const row = await writeNewRisk(tx, organizationId, { ...apply.input, ref: apply.ref }, userId, now);
    if (apply.status === 'closed') await writeRiskChange(tx, row, { status: 'closed' }, now);
  }
}
