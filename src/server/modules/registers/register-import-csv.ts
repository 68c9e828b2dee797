import { CsvError, parse } from 'csv-parse/sync';
import type { ImportableRegister } from '../../../shared/schemas/programme-statuses.ts';
import type { z } from 'zod';
import { IMPORT_FIELDS, IMPORT_MAX_ROWS, type importRowResultSchema } from '../../../shared/schemas/registers.ts';
import { AppError } from '../../app-error.ts';

/**
 * The CSV side of a register import (the fields each register takes: IMPORT_FIELDS, shared): the file parsed (csv-parse: RFC 4180
 * quoting, a BOM, CRLF) and each data row turned into field → text by the caller's column mapping.
 */

/** A row's result as the answer shows it, with what a real run would write. */
export type PlannedRow<Apply> = z.infer<typeof importRowResultSchema> & { apply?: Apply };

/** A data row: its 1-based number and the mapped fields with non-empty text (an empty cell changes nothing). */
export interface MappedRow {
  row: number;
  values: Map<string, string>;
}

/** A value as an import's change list shows it: nothing as null, a list as its items with spaces. */
export const shownValue = (value: unknown): string | null =>
  value === null || value === undefined ? null : Array.isArray(value) ? value.join(' ') : String(value);

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', 'The request is not valid.', [{ path, message }]);

function parseCsv(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw invalid('body.csv', `The file is not valid CSV: ${error.message}`);
    throw error;
  }
}

/**
 * The rows of the file as mapped fields. 400 when the file has no data row or too many, when the
 * mapping names a column the file lacks or a field the register does not have, or maps a field twice.
 */
export function mappedRows(register: ImportableRegister, csv: string, mapping: Record<string, string>): MappedRow[] {
  const [headers, ...data] = parseCsv(csv);
  if (!headers || data.length === 0) throw invalid('body.csv', 'The file has a header row but no data rows');
  if (data.length > IMPORT_MAX_ROWS) throw invalid('body.csv', `At most ${IMPORT_MAX_ROWS} rows at a time`);
  const fields: readonly string[] = IMPORT_FIELDS[register];
  const columns = new Map<string, number>();
  for (const [header, field] of Object.entries(mapping)) {
    if (field === '') continue; // a column left unmapped
    const index = headers.indexOf(header);
    if (index < 0) throw invalid(`body.mapping.${header}`, `The file has no column “${header}”`);
    if (!fields.includes(field)) throw invalid(`body.mapping.${header}`, `Not a ${register} field: ${field} (one of ${fields.join(', ')})`);
    if (columns.has(field)) throw invalid(`body.mapping.${header}`, `${field} is mapped from two columns`);
    columns.set(field, index);
  }
  const key = register === 'controls' ? 'controlId' : register === 'people' ? 'email' : null;
  if (key && !columns.has(key)) throw invalid('body.mapping', `Map a column to ${key}: it says which row is which`);
  return data.map((cells, index) => ({
    row: index + 1,
    values: new Map(
      [...columns].map(([field, column]) => [field, (cells[column] ?? '').trim()] as const).filter(([, value]) => value !== ''),
    ),
  }));
}
