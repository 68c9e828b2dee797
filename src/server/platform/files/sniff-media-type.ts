import type { AttachmentMediaType } from '../../../shared/schemas/deliverables.ts';
import { zipEntries } from './zip-entries.ts';

/**
 * Whether the bytes are what their declared media type claims, judged by their first bytes (magic
 * numbers) and, for Office documents, by the parts inside the zip. A PNG sent as a PDF is refused.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
const PDF_START = Buffer.from('%PDF-', 'latin1');
const ZIP_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const startsWith = (bytes: Buffer, prefix: Buffer) => bytes.length >= prefix.length && bytes.subarray(0, prefix.length).equals(prefix);

/** UTF-8 (a BOM allowed) with no NUL byte: what a text or CSV file is. */
function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** An Office Open XML package whose main part lives under `folder` (word/ or xl/). */
function isOfficeDocument(bytes: Buffer, folder: 'word/' | 'xl/' | 'ppt/'): boolean {
  if (!startsWith(bytes, ZIP_START)) return false;
  const names = zipEntries(bytes)?.map((entry) => entry.name) ?? [];
  return names.includes('[Content_Types].xml') && names.some((name) => name.startsWith(folder));
}

export function bytesMatchMediaType(bytes: Buffer, mediaType: AttachmentMediaType): boolean {
  switch (mediaType) {
    case 'application/pdf':
      return startsWith(bytes, PDF_START);
    case 'image/png':
      return startsWith(bytes, PNG_SIGNATURE);
    case 'image/jpeg':
      return startsWith(bytes, JPEG_START);
    case 'text/plain':
    case 'text/csv':
      return isUtf8Text(bytes);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return isOfficeDocument(bytes, 'word/');
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return isOfficeDocument(bytes, 'xl/');
  }
}

const GIF_STARTS = [Buffer.from('GIF87a', 'latin1'), Buffer.from('GIF89a', 'latin1')];
const RIFF = Buffer.from('RIFF', 'latin1');
const WEBP = Buffer.from('WEBP', 'latin1');

function isJson(bytes: Buffer): boolean {
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the bytes are, judged by their contents alone (evidence uploads: the browser's claim is never
 * trusted). The file name only tells CSV from plain text, which no byte can. Unknown bytes are
 * `application/octet-stream`, which no allow-list should hold.
 */
export function sniffMediaType(bytes: Buffer, fileName = ''): string {
  if (startsWith(bytes, PDF_START)) return 'application/pdf';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_START)) return 'image/jpeg';
  if (GIF_STARTS.some((start) => startsWith(bytes, start))) return 'image/gif';
  if (startsWith(bytes, RIFF) && bytes.length >= 12 && bytes.subarray(8, 12).equals(WEBP)) return 'image/webp';
  if (startsWith(bytes, ZIP_START)) {
    if (isOfficeDocument(bytes, 'word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (isOfficeDocument(bytes, 'xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (isOfficeDocument(bytes, 'ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    return 'application/zip';
  }
  if (bytes.length > 0 && isUtf8Text(bytes)) {
    if (isJson(bytes)) return 'application/json';
    return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
  }
  return 'application/octet-stream';
}
