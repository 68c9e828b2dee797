import { CsvError, parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { once } from '../../../shared/once.ts';
import { QUESTIONNAIRE_MAX_QUESTIONS, type QuestionnaireFormat } from '../../../shared/schemas/questionnaires.ts';
import { AppError } from '../../app-error.ts';

/**
 * Step 1 of an upload: the client's file read into plain sheets of text, whatever its kind. XLSX through
 * exceljs (formulas give their cached result, a merged range its top-left value once, hidden sheets are
 * kept and marked), CSV through csv-parse, DOCX through mammoth (one paragraph a row, one column).
 * Macro-enabled and legacy binary workbooks are refused with a message saying what to send instead.
 */

export interface ReadSheet {
  name: string;
  hidden: boolean;
  /** rows[r - 1][c - 1]: the text of row r, column c (1-based in the file). */
  rows: string[][];
}

export interface ReadQuestionnaire {
  format: QuestionnaireFormat;
  sheets: ReadSheet[];
  warnings: string[];
}

/** More rows than this in one file is refused before any question is looked for. */
const MAX_ROWS = QUESTIONNAIRE_MAX_QUESTIONS + 1_000;

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'body.file', message }]);

function formatOf(fileName: string, bytes: Buffer): QuestionnaireFormat {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'xlsm' || extension === 'xltm' || extension === 'xlsb' || extension === 'docm') {
    throw refuse(
      'Macro-enabled files are not accepted: macros could run on the computers that open the export. Save the file as .xlsx (or .docx) without macros and upload it again.',
    );
  }
  if (extension === 'xls' || extension === 'doc') {
    throw refuse('Legacy Office files (.xls, .doc) are not accepted. Save the file as .xlsx (or .docx) and upload it again.');
  }
  const isZip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (extension === 'xlsx' || extension === 'docx') {
    if (!isZip) throw refuse(`This is not a valid .${extension} file: it cannot be opened.`);
    return extension;
  }
  if (extension === 'csv' || extension === 'txt') return 'csv';
  throw refuse('Upload the questionnaire as an Excel workbook (.xlsx), a CSV file or a Word document (.docx).');
}

/** Names the parts of an Office file without inflating them; refuses a file that carries a macro project. */
function refuseMacros(bytes: Buffer): void {
  let hasMacros = false;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        if (/vbaProject\.bin$/i.test(file.name)) hasMacros = true;
        return false;
      },
    });
  } catch {
    throw refuse('This file is damaged or not an Office document: it cannot be opened.');
  }
  if (hasMacros) {
    throw refuse('This file contains macros, which are not accepted. Save it without macros (as .xlsx or .docx) and upload it again.');
  }
}

function cellText(cell: ExcelJS.Cell): string {
  // A merged range holds its value once, in its top-left cell; the others would repeat it.
  if (cell.isMerged && cell.master.address !== cell.address) return '';
  const value = cell.value;
  if (value && typeof value === 'object' && 'formula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (result === undefined || result === null) return '';
    if (typeof result === 'object' && 'error' in result) return '';
    return result instanceof Date ? result.toISOString().slice(0, 10) : String(result).trim();
  }
  return cell.text.trim();
}

async function readXlsx(bytes: Buffer): Promise<ReadQuestionnaire> {
  refuseMacros(bytes);
  // exceljs loads at the first workbook, not with the server (~10 MB of heap: docs/dashboard.md, "How fast").
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse('This workbook is damaged or not an .xlsx file: it cannot be opened.');
  }
  const warnings: string[] = [];
  const sheets: ReadSheet[] = [];
  let total = 0;
  for (const worksheet of workbook.worksheets) {
    const rows: string[][] = [];
    total += worksheet.rowCount;
    if (total > MAX_ROWS) {
      throw refuse(
        `The workbook has more than ${MAX_ROWS.toLocaleString('en-US')} rows; split it (at most ${QUESTIONNAIRE_MAX_QUESTIONS.toLocaleString('en-US')} questions a file).`,
      );
    }
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        cells[column - 1] = cellText(cell);
      });
      rows[rowNumber - 1] = Array.from(cells, (text) => text ?? '');
    });
    const hidden = worksheet.state !== 'visible';
    if (hidden) warnings.push(`Sheet “${worksheet.name}” is hidden: it is left out unless you include it.`);
    sheets.push({ name: worksheet.name, hidden, rows: Array.from(rows, (row) => row ?? []) });
  }
  if (workbook.worksheets.some((sheet) => sheet.model.merges.length > 0)) {
    warnings.push('Merged cells were read once, from their top-left cell.');
  }
  return { format: 'xlsx', sheets, warnings };
}

function readCsv(bytes: Buffer): ReadQuestionnaire {
  try {
    const rows = parse(bytes, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: MAX_ROWS + 1,
    }) as string[][];
    if (rows.length > MAX_ROWS) throw refuse(`The file has more than ${MAX_ROWS.toLocaleString('en-US')} rows; split it.`);
    return {
      format: 'csv',
      sheets: [{ name: 'CSV', hidden: false, rows: rows.map((row) => row.map((cell) => cell.trim())) }],
      warnings: [],
    };
  } catch (error) {
    if (error instanceof CsvError) throw refuse(`The CSV file cannot be read: ${error.message}`);
    throw error;
  }
}

/** mammoth (with jszip), loaded at the first .docx rather than with the server (~19 MB resident, decision 012). */
const loadMammoth = once(() => import('mammoth'));

async function readDocx(bytes: Buffer): Promise<ReadQuestionnaire> {
  refuseMacros(bytes);
  const { default: mammoth } = await loadMammoth();
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch {
    throw refuse('This document is damaged or not a .docx file: it cannot be opened.');
  }
  const paragraphs = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (paragraphs.length > MAX_ROWS) throw refuse(`The document has more than ${MAX_ROWS.toLocaleString('en-US')} paragraphs; split it.`);
  return { format: 'docx', sheets: [{ name: 'Document', hidden: false, rows: paragraphs.map((line) => [line]) }], warnings: [] };
}

export async function readQuestionnaireFile(fileName: string, bytes: Buffer): Promise<ReadQuestionnaire> {
  if (bytes.length === 0) throw refuse('The file is empty.');
  const format = formatOf(fileName, bytes);
  if (format === 'xlsx') return readXlsx(bytes);
  if (format === 'docx') return readDocx(bytes);
  return readCsv(bytes);
}
