import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { SHORT_ANSWER_LABELS, type ShortAnswer } from '../../../shared/schemas/questionnaires.ts';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { renderDeliverable } from '../deliverables/render/render-deliverable.ts';
import { isAnswered, questionsOf, type QuestionRow, type QuestionnaireRow, reachableQuestionnaire } from './questionnaire-views.ts';

/**
 * The export (exportQuestionnaire): the answers written back into the client's own file — the same
 * workbook opened with exceljs, each answer put in the answer (and Yes/No) column of its question's row,
 * every other cell, style, merge, hidden sheet and validation left as it was; a CSV with its answer
 * column filled — or, for either and for a Word questionnaire, a document of questions and answers
 * (PDF; a Word document for a DOCX, whose own layout we do not rewrite). Unanswered questions stay blank.
 */

export interface ExportedFile {
  fileName: string;
  mediaType: string;
  body: Buffer;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A single answer column gets the short answer in front of the sentence, unless the sentence says it already. */
function combined(shortAnswer: ShortAnswer | null, answer: string): string {
  if (!shortAnswer) return answer;
  const label = SHORT_ANSWER_LABELS[shortAnswer];
  return answer.toLowerCase().startsWith(label.toLowerCase().slice(0, 2)) ? answer : `${label}. ${answer}`;
}

/** A value a spreadsheet would run as a formula is written as text. */
const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function answerCells(row: QuestionnaireRow, question: QuestionRow): { column: number; value: string }[] {
  const mapping = row.sheets.find((sheet) => sheet.sheet === question.sheet);
  if (!mapping || !isAnswered(question)) return [];
  const cells: { column: number; value: string }[] = [];
  if (mapping.shortAnswerColumn && question.shortAnswer)
    cells.push({ column: mapping.shortAnswerColumn, value: SHORT_ANSWER_LABELS[question.shortAnswer] });
  if (mapping.answerColumn) {
    const sentence = mapping.shortAnswerColumn ? question.answer : combined(question.shortAnswer, question.answer);
    cells.push({ column: mapping.answerColumn, value: safe(sentence) });
  }
  return cells;
}

async function writeXlsx(original: Buffer, row: QuestionnaireRow, questions: readonly QuestionRow[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs'); // at the first export, not with the server
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(original as unknown as ArrayBuffer);
  for (const question of questions) {
    const sheet = workbook.getWorksheet(question.sheet);
    if (!sheet) continue;
    for (const { column, value } of answerCells(row, question)) {
      const cell = sheet.getRow(question.row).getCell(column);
      cell.value = value;
      cell.alignment = { ...cell.alignment, wrapText: true, vertical: cell.alignment?.vertical ?? 'top' };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function writeCsv(original: Buffer, row: QuestionnaireRow, questions: readonly QuestionRow[]): Buffer {
  const rows = parse(original, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }) as string[][];
  for (const question of questions) {
    const cells = rows[question.row - 1];
    if (!cells) continue;
    for (const { column, value } of answerCells(row, question)) {
      while (cells.length < column) cells.push('');
      cells[column - 1] = value;
    }
  }
  return Buffer.from(`${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');
}

function markdownOf(row: QuestionnaireRow, questions: readonly QuestionRow[]): string {
  const byId = new Map(questions.map((question, index) => [question.id, index + 1]));
  const blocks = questions.map((question, index) => {
    const answer = isAnswered(question) ? combined(question.shortAnswer, question.answer) : '_Not answered yet._';
    const repeats = question.duplicateOfId ? ` (same as question ${byId.get(question.duplicateOfId)})` : '';
    const sources = question.citations.length ? `\n\nSources: ${question.citations.map((citation) => citation.label).join('; ')}` : '';
    return `## ${index + 1}. ${question.text.replace(/[#*_`]/g, '')}\n\n${answer.replace(/[#*_`]/g, '')}${repeats}${sources}`;
  });
  return `${row.name}\n\n${blocks.join('\n\n')}\n`;
}

export async function exportQuestionnaire(
  tenant: Tenant,
  fileStore: FileStore,
  id: string,
  format: 'original' | 'pdf',
): Promise<ExportedFile> {
  const { row, questions, organizationName } = await tenant.transaction(async (tx) => {
    const found = await reachableQuestionnaire(tx, tenant, id);
    const [organization] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, found.organizationId));
    return { row: found, questions: await questionsOf(tx, found.id), organizationName: organization?.name ?? '' };
  });
  const base = row.fileName.replace(/\.[^.]+$/, '');
  if (format === 'pdf' || row.format === 'docx') {
    const kind = format === 'pdf' ? 'pdf' : 'docx';
    const rendered = await renderDeliverable(kind, {
      heading: { title: row.name, organizationName, version: 1, publishedAt: row.updatedAt },
      markdown: markdownOf(row, questions),
    });
    return { fileName: `${base} (answered).${kind}`, mediaType: rendered.mediaType, body: rendered.body };
  }
  const original = await fileStore.get(row.sha256);
  if (!original) throw new AppError('CONFLICT', 'The questionnaire’s file is missing from storage; upload it again.');
  if (row.format === 'csv')
    return { fileName: `${base} (answered).csv`, mediaType: 'text/csv; charset=utf-8', body: writeCsv(original, row, questions) };
  return { fileName: `${base} (answered).xlsx`, mediaType: XLSX, body: await writeXlsx(original, row, questions) };
}
