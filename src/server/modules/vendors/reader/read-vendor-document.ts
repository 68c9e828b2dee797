import {
  VENDOR_DOCUMENT_MAX_BYTES,
  VENDOR_DOCUMENT_MAX_PAGES,
  type VendorDocumentReading,
} from '../../../../shared/schemas/vendor-document-extraction.ts';
import { certificateFields } from './certificate-fields.ts';
import { classifyDocument } from './classify-document.ts';
import { toBlocks } from './document-blocks.ts';
import { PdfProblem, readPdfLines } from './pdf-lines.ts';
import { sectionBlocks } from './report-sections.ts';
import { soc2Fields } from './soc2-fields.ts';
import { soc2Cuecs, soc2Exceptions, soc2Subservice } from './soc2-lists.ts';

/**
 * The built-in reader of vendors' documents (docs/vendor-reader.md): a PDF's text with its
 * pages, what kind of document it is, and for a SOC 2 report or an ISO 27001 certificate the fields,
 * exceptions, CUECs and subservice organizations with the page each was read from. Never throws: a
 * file it cannot read gets a status and a message a person can act on.
 */

export interface ReadOptions {
  maxBytes?: number;
  maxPages?: number;
}

/** A page with fewer characters than this holds no real text (a scan, or an image of one). */
const TEXT_PAGE_CHARS = 40;

function isPdf(bytes: Uint8Array): boolean {
  // PDF.js, like most readers, accepts a header anywhere in the first kilobyte.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

export async function readVendorDocument(bytes: Uint8Array, options: ReadOptions = {}): Promise<VendorDocumentReading> {
  const maxBytes = options.maxBytes ?? VENDOR_DOCUMENT_MAX_BYTES;
  if (bytes.length > maxBytes) {
    return {
      status: 'too_large',
      message: `The file is ${(bytes.length / 1_048_576).toFixed(1)} MB; the reader opens files up to ${(maxBytes / 1_048_576).toFixed(0)} MB.`,
    };
  }
  if (bytes.length === 0 || !isPdf(bytes)) {
    return { status: 'not_pdf', message: 'The file is not a PDF. Upload the report or certificate as a PDF.' };
  }
  let text;
  try {
    text = await readPdfLines(bytes, options.maxPages ?? VENDOR_DOCUMENT_MAX_PAGES);
  } catch (error) {
    if (error instanceof PdfProblem) {
      const advice = {
        encrypted: ' Ask the vendor for a copy without a password, or remove it and upload again.',
        corrupt: ' The file may be damaged or incomplete; upload it again.',
        too_large: '',
      }[error.status];
      return { status: error.status, message: `${error.message}${advice}` };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'corrupt', message: `The PDF could not be read: ${reason.slice(0, 200)}` };
  }
  const textPages = text.pageChars.filter((chars) => chars >= TEXT_PAGE_CHARS).length;
  if (textPages < text.pageCount / 2) {
    return {
      status: 'scanned',
      message: `${text.pageCount - textPages} of ${text.pageCount} pages hold no text: the PDF looks scanned. Ask the vendor for the original PDF, or enter the fields by hand.`,
    };
  }
  const blocks = toBlocks(text.lines, text.pageCount);
  const kind = classifyDocument(blocks.map((block) => block.text).join('\n'));
  const reading: VendorDocumentReading = {
    status: 'read',
    kind,
    pageCount: text.pageCount,
    fields: [],
    exceptions: [],
    cuecs: [],
    subserviceOrganizations: [],
  };
  if (kind === 'soc2_report') {
    const sectioned = sectionBlocks(blocks);
    reading.fields = soc2Fields(sectioned);
    reading.exceptions = soc2Exceptions(sectioned);
    reading.cuecs = soc2Cuecs(sectioned);
    reading.subserviceOrganizations = soc2Subservice(sectioned);
  } else if (kind === 'iso27001_certificate') {
    reading.fields = certificateFields(blocks);
  }
  return reading;
}
