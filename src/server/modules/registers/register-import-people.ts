import { eq } from 'drizzle-orm';
import { personChangeSchema, personFieldsSchema } from '../../../shared/schemas/people.ts';
import type { DbTransaction } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import type { AuditOrigin } from '../../platform/audit/record-audit.ts';
import {
  findPersonByEmail,
  type PersonChange,
  type PersonCreate,
  type PersonRow,
  writeNewPerson,
  writePersonChange,
} from '../people/people-records.ts';
import { type MappedRow, type PlannedRow, shownValue } from './register-import-csv.ts';

/**
 * Importing the people roster (issue 37 item 2, docs/policies.md): the e-mail address says which person a
 * row is (lower-cased); a known address updates that person, any other creates one. A manager is named by
 * e-mail: someone already on the roster or on another row of the file (set after every row is written, so
 * the order of the rows does not matter). A status of `left` (or `inactive`) makes a leaver, who is taken
 * off open attestation campaigns.
 */

type PersonApply =
  | { kind: 'create'; email: string; input: PersonCreate; managerEmail: string | null }
  | { kind: 'update'; row: PersonRow; input: PersonChange; managerEmail: string | null };

const TEXT_FIELDS = ['name', 'department', 'title', 'startDate', 'endDate', 'externalId'] as const;
const STATUS: Record<string, string> = {
  active: 'active',
  inactive: 'inactive',
  left: 'inactive',
  leaver: 'inactive',
  terminated: 'inactive',
};

function inputOf(values: Map<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values.get(field);
    if (value !== undefined) input[field] = value;
  }
  const email = values.get('email');
  if (email !== undefined) input.email = email;
  const status = values.get('status');
  if (status !== undefined) input.status = STATUS[status.toLowerCase()] ?? status;
  return input;
}

const issuesOf = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues.map((issue) => `${issue.path.map(String).join('.') || 'row'}: ${issue.message}`);
export async function planPeopleImport(
  tx: DbTransaction,
  organizationId: string,
  rows: readonly MappedRow[],
): Promise<PlannedRow<PersonApply>[]> {
  const roster = await tx.select().from(people).where(eq(people.organizationId, organizationId));
  const byEmail = new Map(roster.map((row) => [row.email, row]));
  const idToEmail = new Map(roster.map((row) => [row.id, row.email]));
  const inFile = new Set(rows.flatMap((row) => row.values.get('email')?.toLowerCase() ?? []));
  const seen = new Set<string>();
  const planned: PlannedRow<PersonApply>[] = [];

  for (const { row, values } of rows) {
    const errors: string[] = [];
    const email = values.get('email')?.toLowerCase();
    if (!email) {
      planned.push({ row, action: 'error', key: null, changes: {}, errors: ['email: Every row needs the person’s e-mail address'] });
      continue;
    }
    if (seen.has(email)) errors.push(`${email} appears in an earlier row too`);
    seen.add(email);
    const managerEmail = values.get('managerEmail')?.toLowerCase() ?? null;
    if (managerEmail && managerEmail === email) errors.push('A person is not their own manager');
    else if (managerEmail && !byEmail.has(managerEmail) && !inFile.has(managerEmail))
      errors.push(`Manager ${managerEmail} is neither on the roster nor in this file`);
    const input = inputOf(values);
    const current = byEmail.get(email);
    if (current) {
      const parsed = personChangeSchema.safeParse(input);
      if (!parsed.success) errors.push(...issuesOf(parsed.error.issues));
      const changes: Record<string, [string | null, string | null]> = {};
      for (const [field, value] of Object.entries(parsed.success ? parsed.data : {})) {
        if (value === undefined) continue;
        const was = current[field as keyof PersonRow];
        if (shownValue(was) !== shownValue(value)) changes[field] = [shownValue(was), shownValue(value)];
      }
      const currentManager = current.managerId ? (idToEmail.get(current.managerId) ?? null) : null;
      if (managerEmail && managerEmail !== currentManager) changes.managerEmail = [currentManager, managerEmail];
      planned.push({
        row,
        action: errors.length > 0 ? 'error' : Object.keys(changes).length > 0 ? 'update' : 'unchanged',
        key: email,
        changes,
        errors,
        apply: parsed.success ? { kind: 'update', row: current, input: parsed.data, managerEmail } : undefined,
      });
      continue;
    }
    const parsed = personFieldsSchema.safeParse(input);
    if (!parsed.success) errors.push(...issuesOf(parsed.error.issues));
    const changes = Object.fromEntries(
      [...Object.entries(input), ...(managerEmail ? [['managerEmail', managerEmail] as const] : [])].map(([field, value]) => [
        field,
        [null, shownValue(value)] as [null, string | null],
      ]),
    );
    planned.push({
      row,
      action: errors.length > 0 ? 'error' : 'create',
      key: email,
      changes,
      errors,
      apply: parsed.success ? { kind: 'create', email, input: parsed.data, managerEmail } : undefined,
    });
  }
  return planned;
}

export async function applyPeopleImport(
  tx: DbTransaction,
  organizationId: string,
  planned: readonly PlannedRow<PersonApply>[],
  origin: Partial<AuditOrigin>,
  now: Date,
): Promise<void> {
  const context = { origin, source: 'csv' as const, now };
  const written: { row: PersonRow; managerEmail: string | null }[] = [];
  for (const { action, apply } of planned) {
    if (!apply || (action !== 'create' && action !== 'update')) continue;
    const row =
      apply.kind === 'update'
        ? await writePersonChange(tx, apply.row, apply.input, context)
        : await writeNewPerson(tx, organizationId, apply.input, 'csv', now);
    written.push({ row, managerEmail: apply.managerEmail });
  }
  // Managers last: a manager may be a row further down the file.
  for (const { row, managerEmail } of written) {
    if (!managerEmail) continue;
    const manager = await findPersonByEmail(tx, organizationId, managerEmail);
    if (manager && manager.id !== row.managerId) await writePersonChange(tx, row, { managerId: manager.id }, context);
  }
}
