import { parse as parseCsv } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { once } from '../../../../shared/once.ts';
import { plainText } from '../../advisor/advisor-text.ts';

/**
 * An attachment's words, read with a well-kept library per format: plain text and Markdown as they
 * are (Markdown marks removed line by line), CSV with csv-parse (each row as "header: value" pairs, so
 * a questionnaire sheet's questions stay questions), PDF with unpdf (PDF.js) and DOCX with mammoth.
 * Images and spreadsheets carry no text we can read; they are listed with the reason.
 */

export interface BriefAttachment {
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

export interface AttachmentText {
  text: string;
  /** Why nothing (or not all) could be read; null when it was. */
  problem: string | null;
}

/** How much of one attachment is read (about 30 pages of prose). */
export const ATTACHMENT_TEXT_MAX = 60_000;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function kindOf(attachment: BriefAttachment): 'text' | 'markdown' | 'csv' | 'pdf' | 'docx' | null {
  const name = attachment.name.toLowerCase();
  const type = attachment.mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (type === DOCX || name.endsWith('.docx')) return 'docx';
  if (type === 'text/csv' || name.endsWith('.csv')) return 'csv';
  if (type === 'text/markdown' || name.endsWith('.md') || name.endsWith('.markdown')) return 'markdown';
  if (type.startsWith('text/') || name.endsWith('.txt')) return 'text';
  return null;
}

function csvText(source: string): string {
  const rows = parseCsv(source, { relax_column_count: true, skip_empty_lines: true, bom: true, trim: true }) as string[][];
  const [header, ...body] = rows;
  if (!header) return '';
  // A one-column sheet (a list of questions) is its lines; a table is "header: value" per row.
  if (header.length === 1) return rows.map((row) => row[0] ?? '').join('\n');
  return body
    .map((row) =>
      row
        .map((value, index) => (value ? `${header[index] ?? `Column ${index + 1}`}: ${value}` : ''))
        .filter(Boolean)
        .join('; '),
    )
    .join('\n');
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/** mammoth (with jszip), loaded at the first DOCX rather than with the server (~19 MB resident, decision 012). */
const loadMammoth = once(() => import('mammoth'));

async function docxText(bytes: Uint8Array): Promise<string> {
  const { default: mammoth } = await loadMammoth();
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

/** The readable text of an attachment; never throws (an unreadable file says why). */
export async function attachmentText(attachment: BriefAttachment): Promise<AttachmentText> {
  if (attachment.bytes.length === 0) return { text: '', problem: 'The file is empty or could not be found in storage.' };
  const kind = kindOf(attachment);
  if (!kind) return { text: '', problem: `No text can be read from a ${attachment.mediaType} file.` };
  try {
    const decoded = kind === 'pdf' || kind === 'docx' ? '' : new TextDecoder('utf-8').decode(attachment.bytes);
    let text: string;
    if (kind === 'pdf') text = await pdfText(attachment.bytes);
    else if (kind === 'docx') text = await docxText(attachment.bytes);
    else if (kind === 'csv') text = csvText(decoded);
    else if (kind === 'markdown')
      text = decoded
        .split(/\r?\n/)
        .map((line) => plainText(line.replace(/^#{1,6}\s+/, '')))
        .join('\n');
    else text = decoded;
    const tidy = text
      .replaceAll('\r\n', '\n')
      .replaceAll(/[ \t]+/g, ' ')
      .trim();
    if (tidy.length > ATTACHMENT_TEXT_MAX) {
      return { text: tidy.slice(0, ATTACHMENT_TEXT_MAX), problem: `Only the first ${ATTACHMENT_TEXT_MAX} characters were read.` };
    }
    return { text: tidy, problem: tidy ? null : 'The file holds no text (a scanned document?).' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { text: '', problem: `The file could not be read: ${reason.slice(0, 200)}` };
  }
}
