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
function isOfficeDocument(bytes: Buffer, folder: 'word/' | 'xl/'): boolean {
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
