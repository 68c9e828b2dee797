import { eq } from 'drizzle-orm';
import { updateVendorInputSchema, vendorInputSchema } from '../../../shared/schemas/vendors.ts';
import type { DbTransaction } from '../../db/client.ts';
import { vendorControls, vendors } from '../../db/schema/vendors.ts';
import { type VendorChange, type VendorCreate, writeNewVendor, writeVendorChange } from '../vendors/vendor-records.ts';
import { nextVendorRef, type VendorRow } from '../vendors/vendor-views.ts';
import { organizationUsersByEmail, programmeControlIds } from './register-import-controls.ts';
import { type MappedRow, type PlannedRow, shownValue } from './register-import-csv.ts';

/**
 * Importing the vendor register: a row whose ref the organization has updates that vendor, any other row
 * creates one (with its ref, or the next free V-number). Values are validated with the API's own schemas;
 * the export's columns (snake_case) map onto these fields by name, so an exported file imports back.
 */

type VendorApply = { kind: 'create'; ref: string; input: VendorCreate } | { kind: 'update'; row: VendorRow; input: VendorChange };

const REF = /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/;
const TEXT_FIELDS = [
  'name',
  'website',
  'services',
  'contractStart',
  'contractEnd',
  'dpaSignedOn',
  'baaSignedOn',
  'conditions',
  'nextReviewOn',
] as const;
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** The row's values as the API's input: choices lower-cased (spaces to underscores), lists split on commas, semicolons or spaces. */
function inputOf(values: Map<string, string>, ownerId: string | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values.get(field);
    if (value !== undefined) input[field] = value;
  }
  const choice = (value: string) => value.toLowerCase().replace(/[\s-]+/g, '_');
  const tier = values.get('tier');
  if (tier !== undefined) input.tier = tier;
  const status = values.get('status');
  if (status !== undefined) input.status = choice(status);
  const residual = values.get('residualRisk');
  if (residual !== undefined) input.residualRisk = choice(residual);
  const categories = values.get('dataCategories');
  if (categories !== undefined)
    input.dataCategories = categories
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(choice);
  const subProcessor = values.get('isSubProcessor')?.toLowerCase();
  if (subProcessor !== undefined) input.isSubProcessor = YES.has(subProcessor) ? true : NO.has(subProcessor) ? false : subProcessor;
  const controlIds = values.get('controlIds');
  if (controlIds !== undefined) input.controlIds = controlIds.split(/[\s,;]+/).map((id) => id.toUpperCase());
  if (ownerId) input.ownerId = ownerId;
  return input;
}

interface Context {
  existing: Map<string, VendorRow>;
  links: { vendorId: string; controlId: string }[];
  programme: Set<string>;
  owners: Map<string, string>;
}

async function contextOf(tx: DbTransaction, organizationId: string, rows: readonly MappedRow[]): Promise<Context> {
  const existing = new Map(
    (await tx.select().from(vendors).where(eq(vendors.organizationId, organizationId))).map((row) => [row.ref.toUpperCase(), row]),
  );
  const links = await tx.select().from(vendorControls).where(eq(vendorControls.organizationId, organizationId));
  const programme = await programmeControlIds(tx, organizationId);
  const owners = await organizationUsersByEmail(
    tx,
    organizationId,
    rows.flatMap((row) => row.values.get('ownerEmail') ?? []),
  );
  return { existing, links, programme, owners };
}

function planUpdate(
  context: Context,
  current: VendorRow,
  input: Record<string, unknown>,
  ownerEmail: string | undefined,
  errors: string[],
): Omit<PlannedRow<VendorApply>, 'row'> {
  const parsed = updateVendorInputSchema.safeParse(input);
  if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const before: Record<string, unknown> = {
    ...current,
    controlIds: context.links
      .filter((link) => link.vendorId === current.id)
      .map((link) => link.controlId)
      .sort(),
  };
  const changes: Record<string, [string | null, string | null]> = {};
  for (const [field, value] of Object.entries(parsed.success ? parsed.data : {})) {
    const after = field === 'controlIds' || field === 'dataCategories' ? [...new Set(value as string[])].sort() : value;
    const was = field === 'dataCategories' ? [...(before[field] as string[])].sort() : before[field];
    if (shownValue(was) === shownValue(after)) continue;
    changes[field === 'ownerId' ? 'ownerEmail' : field] =
      field === 'ownerId' ? [null, ownerEmail ?? null] : [shownValue(was), shownValue(after)];
  }
  const action = errors.length > 0 ? 'error' : Object.keys(changes).length > 0 ? 'update' : 'unchanged';
  return {
    action,
    key: current.ref,
    changes,
    errors,
    apply: parsed.success ? { kind: 'update', row: current, input: parsed.data } : undefined,
  };
}

export async function planVendorsImport(
  tx: DbTransaction,
  organizationId: string,
  rows: readonly MappedRow[],
): Promise<PlannedRow<VendorApply>[]> {
  const context = await contextOf(tx, organizationId, rows);
  // New rows without a ref take the numbers after every ref the organization or the file already uses.
  const firstFree = await nextVendorRef(
    tx,
    organizationId,
    rows.flatMap((row) => row.values.get('ref') ?? []),
  );
  let nextNumber = Number(firstFree.slice(2));
  const seen = new Set<string>();
  const planned: PlannedRow<VendorApply>[] = [];

  for (const { row, values } of rows) {
    const errors: string[] = [];
    const givenRef = values.get('ref');
    if (givenRef !== undefined && !REF.test(givenRef)) errors.push(`Ref “${givenRef}” is not a short reference like V-001`);
    if (givenRef && seen.has(givenRef.toUpperCase())) errors.push(`${givenRef} appears in an earlier row too`);
    if (givenRef) seen.add(givenRef.toUpperCase());
    const ownerEmail = values.get('ownerEmail');
    const ownerId = ownerEmail ? context.owners.get(ownerEmail.toLowerCase()) : undefined;
    if (ownerEmail && !ownerId) errors.push(`${ownerEmail} is not a member of the organization or a consultant assigned to it`);
    const input = inputOf(values, ownerId);
    const outside = ((input.controlIds as string[] | undefined) ?? []).filter((id) => !context.programme.has(id));
    if (outside.length > 0) errors.push(`Not in this organization's programme: ${outside.join(', ')}`);
    const current = givenRef ? context.existing.get(givenRef.toUpperCase()) : undefined;
    if (current) {
      planned.push({ row, ...planUpdate(context, current, input, ownerEmail, errors) });
      continue;
    }
    const parsed = vendorInputSchema.safeParse(input);
    if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`));
    const ref = givenRef ?? `V-${String(nextNumber++).padStart(3, '0')}`;
    const changes = Object.fromEntries(
      Object.entries(input).map(([field, value]) => [
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
      apply: parsed.success ? { kind: 'create', ref, input: { ...parsed.data, ref } } : undefined,
    });
  }
  return planned;
}

export async function applyVendorsImport(
  tx: DbTransaction,
  organizationId: string,
  planned: readonly PlannedRow<VendorApply>[],
  userId: string,
  now: Date,
): Promise<void> {
  for (const { action, apply } of planned) {
    if (!apply || (action !== 'create' && action !== 'update')) continue;
    if (apply.kind === 'update') await writeVendorChange(tx, apply.row, apply.input, now);
    else await writeNewVendor(tx, organizationId, apply.input, userId, now);
  }
}
