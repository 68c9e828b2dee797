import type { QuestionnaireSheet, SheetMapping } from '../../../shared/schemas/questionnaires.ts';
import type { ReadSheet } from './questionnaire-read.ts';
import { looksLikeQuestion } from './question-text.ts';

/**
 * Step 2 of an upload: in each sheet, which row holds the headers and which columns hold the questions,
 * the short answers (Yes/No) and the sentences. Headers are read first (Question, Response (Y/N),
 * Comments…); without them, the column with the most question-like cells holds the questions and the
 * first mostly empty column to its right takes the answers. The reviewer corrects any of it.
 */

const HEADER_SCAN_ROWS = 25;
const QUESTION_HEADER = /\b(question|questions|requirement|control question|query|criteria|request|item description)\b/i;
const SHORT_HEADER = /(yes\s*\/\s*no|\by\s*\/\s*n\b|yes,\s*no|\bcompliant\b|\bcompliance status\b|\(y\/n\))/i;
const ANSWER_HEADER =
  /\b(answer|answers|response|responses|comment|comments|explanation|details|remarks|notes|vendor response|justification)\b/i;

export const columnLetter = (column: number): string => {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
};

interface HeaderGuess {
  row: number;
  question: number | null;
  short: number | null;
  answer: number | null;
}

function headerGuess(sheet: ReadSheet): HeaderGuess | null {
  for (let index = 0; index < Math.min(sheet.rows.length, HEADER_SCAN_ROWS); index += 1) {
    const cells = sheet.rows[index] ?? [];
    const short = cells.findIndex((cell) => cell.length < 60 && SHORT_HEADER.test(cell));
    const question = cells.findIndex((cell, column) => column !== short && cell.length < 60 && QUESTION_HEADER.test(cell));
    if (question < 0) continue;
    const answer = cells.findIndex(
      (cell, column) =>
        column !== question && column !== short && cell.length < 60 && ANSWER_HEADER.test(cell) && !QUESTION_HEADER.test(cell),
    );
    return { row: index + 1, question: question + 1, short: short >= 0 ? short + 1 : null, answer: answer >= 0 ? answer + 1 : null };
  }
  return null;
}

function questionColumnByContent(sheet: ReadSheet, fromRow: number): number | null {
  const counts = new Map<number, number>();
  for (const cells of sheet.rows.slice(fromRow)) {
    cells.forEach((cell, index) => {
      if (looksLikeQuestion(cell)) counts.set(index + 1, (counts.get(index + 1) ?? 0) + 1);
    });
  }
  const best = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  return best ? best[0] : null;
}

/** The first column right of the questions that the question rows mostly leave empty. */
function emptyColumnRightOf(sheet: ReadSheet, questionColumn: number, fromRow: number, skip: ReadonlySet<number>): number {
  const questionRows = sheet.rows.slice(fromRow).filter((cells) => looksLikeQuestion(cells[questionColumn - 1] ?? ''));
  for (let column = questionColumn + 1; column < questionColumn + 20; column += 1) {
    if (skip.has(column)) continue;
    const filled = questionRows.filter((cells) => (cells[column - 1] ?? '').length > 0).length;
    if (filled <= questionRows.length / 4) return column;
  }
  return questionColumn + 1;
}

export function questionRows(sheet: ReadSheet, mapping: SheetMapping): { row: number; text: string }[] {
  if (!mapping.included || mapping.questionColumn === null) return [];
  const column = mapping.questionColumn;
  const found: { row: number; text: string }[] = [];
  sheet.rows.forEach((cells, index) => {
    const row = index + 1;
    if (row <= mapping.headerRow) return;
    const text = (cells[column - 1] ?? '').replace(/\s+/g, ' ').trim();
    if (looksLikeQuestion(text)) found.push({ row, text });
  });
  return found;
}

function columnsOf(sheet: ReadSheet, headerRow: number): { column: number; label: string }[] {
  const width = Math.min(
    sheet.rows.reduce((widest, cells) => Math.max(widest, cells.length), 0),
    200,
  );
  const header = headerRow > 0 ? (sheet.rows[headerRow - 1] ?? []) : [];
  return Array.from({ length: Math.max(width, 1) }, (_, index) => {
    const label = (header[index] ?? '').trim().slice(0, 80);
    return { column: index + 1, label: label ? `${columnLetter(index + 1)} — ${label}` : `Column ${columnLetter(index + 1)}` };
  });
}

/** A sheet as the correction form shows it, for a mapping (detected or corrected). */
export function describeSheet(sheet: ReadSheet, mapping: SheetMapping): QuestionnaireSheet {
  return {
    ...mapping,
    hidden: sheet.hidden,
    rowCount: sheet.rows.length,
    columns: columnsOf(sheet, mapping.headerRow),
    questionCount: questionRows(sheet, mapping).length,
  };
}

export function detectMapping(sheet: ReadSheet): SheetMapping {
  const header = headerGuess(sheet);
  const headerRow = header?.row ?? 0;
  const questionColumn = header?.question ?? questionColumnByContent(sheet, headerRow);
  if (questionColumn === null) {
    return { sheet: sheet.name, included: false, headerRow, questionColumn: null, answerColumn: null, shortAnswerColumn: null };
  }
  const shortAnswerColumn = header?.short ?? null;
  const skip = new Set([questionColumn, ...(shortAnswerColumn ? [shortAnswerColumn] : [])]);
  const answerColumn = header?.answer ?? emptyColumnRightOf(sheet, questionColumn, headerRow, skip);
  const mapping = { sheet: sheet.name, included: !sheet.hidden, headerRow, questionColumn, answerColumn, shortAnswerColumn };
  return questionRows(sheet, { ...mapping, included: true }).length === 0 ? { ...mapping, included: false } : mapping;
}
