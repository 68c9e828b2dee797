/**
 * What an organization export withholds (issue 31, docs/organizations.md "Offboarding"): no secret and no
 * hash of one. The export takes every column of every owned table, including tables added later, so the
 * rule goes by column name and fails closed: a column whose name says it holds a secret, a credential or
 * a hash is withheld unless it is one of the harmless look-alikes listed here.
 */

/** A secret, a credential, or a hash (of a secret, in all but the look-alikes below). */
const SECRET_NAME = /secret|password|passphrase|credential|private|token|otp|hash|api_?key|signing/i;

/**
 * Names that look secret but hold none: counts of model tokens, and the audit chain anyone may recompute
 * (with the API key an entry was made through, by id and name: the entry's hash covers them).
 */
const NOT_SECRET = new Set([
  'agent_runs.input_tokens',
  'agent_runs.output_tokens',
  'audit_events.hash',
  'audit_events.prev_hash',
  'audit_events.api_key_id',
  'audit_events.api_key_name',
]);

/** Whether `table.column` stays out of every export. */
export function isWithheldColumn(table: string, column: string): boolean {
  return SECRET_NAME.test(column) && !NOT_SECRET.has(`${table}.${column}`);
}

/** The rows without their withheld columns, and which columns of the table were withheld (for the manifest). */
export function withholdSecrets(
  table: string,
  rows: readonly Record<string, unknown>[],
): { rows: Record<string, unknown>[]; withheld: string[] } {
  const withheld = Object.keys(rows[0] ?? {}).filter((column) => isWithheldColumn(table, column));
  if (withheld.length === 0) return { rows: [...rows], withheld };
  return {
    rows: rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !withheld.includes(column)))),
    withheld,
  };
}
