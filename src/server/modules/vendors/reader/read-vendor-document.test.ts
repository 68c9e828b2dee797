import { beforeAll, describe, expect, it } from 'vitest';
import { type VendorDocumentReading, vendorDocumentReadingSchema } from '../../../../shared/schemas/vendor-document-extraction.ts';
import { CorpusWriter } from './corpus/corpus-writer.ts';
import type { CorpusDocument } from './corpus/corpus-types.ts';
import { generateCorpus } from './corpus/generate-corpus.ts';
import { readVendorDocument } from './read-vendor-document.ts';
import { type ReaderAccuracy, scoreReadings, share } from './reader-accuracy.ts';

/**
 * Issue 35's "Done when" for the reader: over a corpus of generated SOC 2 reports (tables and prose,
 * Type I and II, every opinion, with and without exceptions, carve-outs and bridge letters), at least
 * 95 % of fields right with their page, at least 90 % of exceptions and CUECs found, few invented;
 * and every file that cannot be read gets its status instead of an error.
 */

let corpus: CorpusDocument[];
let readings: VendorDocumentReading[];
let accuracy: ReaderAccuracy;

beforeAll(async () => {
  corpus = await generateCorpus();
  readings = [];
  for (const document of corpus) readings.push(await readVendorDocument(document.bytes));
  accuracy = scoreReadings(corpus, readings);
}, 60_000);

const readingOf = (name: string) => readings[corpus.findIndex((document) => document.name === name)];

describe('the corpus', () => {
  it('holds at least 12 varied SOC 2 reports, certificates, and the files that must be refused', () => {
    const reports = corpus.filter((document) => document.truth.status === 'read' && document.truth.kind === 'soc2_report');
    expect(reports.length).toBeGreaterThanOrEqual(12);
    const truths = reports.map((document) => (document.truth.status === 'read' ? document.truth : null));
    const values = (key: string) =>
      new Set(truths.flatMap((truth) => truth?.fields.filter((field) => field.key === key).map((field) => field.value)));
    expect(values('reportType')).toEqual(new Set(['type1', 'type2']));
    expect(values('opinion')).toEqual(new Set(['unqualified', 'qualified', 'adverse', 'disclaimer']));
    expect(values('bridgeLetterDate').size).toBeGreaterThanOrEqual(4);
    expect(truths.some((truth) => truth?.exceptions.length === 0)).toBe(true);
    expect(truths.filter((truth) => (truth?.exceptions.length ?? 0) > 0).length).toBeGreaterThanOrEqual(6);
    const methods = new Set(truths.flatMap((truth) => truth?.subserviceOrganizations.map((organization) => organization.method)));
    expect(methods).toEqual(new Set(['carved_out', 'inclusive']));
    expect(truths.every((truth) => truth && Math.max(...truth.cuecs.map((cuec) => cuec.page)) > 1)).toBe(true);
    expect(new Set(corpus.filter((document) => document.truth.status !== 'read').map((document) => document.truth.status))).toEqual(
      new Set(['scanned', 'encrypted', 'corrupt', 'not_pdf']),
    );
  });
});

describe('readVendorDocument on the corpus', () => {
  it('gives every reading in the shape the schema states', () => {
    for (const reading of readings) expect(vendorDocumentReadingSchema.parse(reading)).toEqual(reading);
  });

  it('reads at least 95 % of fields right, each with the page it is stated on', () => {
    expect(accuracy.fields.total).toBeGreaterThanOrEqual(100);
    expect(share(accuracy.fields), accuracy.fields.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(accuracy.fields.invented).toBeLessThanOrEqual(3);
  });

  it('finds at least 90 % of exceptions and of CUECs, and invents few', () => {
    expect(accuracy.exceptions.total).toBeGreaterThanOrEqual(12);
    expect(share(accuracy.exceptions), accuracy.exceptions.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(accuracy.exceptions.invented).toBeLessThanOrEqual(2);
    expect(share(accuracy.cuecs), accuracy.cuecs.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(accuracy.cuecs.invented).toBeLessThanOrEqual(3);
    expect(share(accuracy.subservice), accuracy.subservice.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(accuracy.subservice.invented).toBeLessThanOrEqual(2);
  });

  it('tells the kinds of documents apart', () => {
    expect(accuracy.kinds.misses).toEqual([]);
    expect(readingOf('pentest-01')).toMatchObject({ status: 'read', kind: 'pen_test_summary', fields: [] });
    expect(readingOf('dpa-01')).toMatchObject({ status: 'read', kind: 'dpa', fields: [] });
  });

  it('cites a qualified opinion and its exceptions where the report states them', () => {
    const reading = readingOf('soc2-02-type2-qualified-prose');
    expect(reading?.status).toBe('read');
    if (reading?.status !== 'read') return;
    expect(reading.fields.find((field) => field.key === 'opinion')).toMatchObject({ value: 'qualified', page: 3 });
    expect(reading.fields.find((field) => field.key === 'opinion')?.quote).toMatch(/^In our opinion, except for/);
    expect(reading.exceptions.map((exception) => [exception.criterion, exception.page])).toEqual([
      ['CC6.3', 6],
      ['CC8.1', 6],
    ]);
  });
});

describe('files the reader cannot read', () => {
  it('says which: scanned, encrypted, corrupt, not a PDF, empty', () => {
    expect(accuracy.statuses.misses).toEqual([]);
    expect(readingOf('bad-scanned')).toMatchObject({ status: 'scanned', message: expect.stringContaining('3 of 3 pages hold no text') });
    expect(readingOf('bad-encrypted')).toMatchObject({ status: 'encrypted', message: expect.stringContaining('password') });
    expect(readingOf('bad-corrupt')).toMatchObject({ status: 'corrupt' });
    expect(readingOf('bad-not-pdf')).toMatchObject({ status: 'not_pdf' });
    expect(readingOf('bad-empty')).toMatchObject({ status: 'not_pdf' });
  });

  it('refuses a file over the size limit before opening it, and a document over the page limit', async () => {
    const report = corpus[0]?.bytes ?? new Uint8Array();
    expect(await readVendorDocument(report, { maxBytes: report.length - 1 })).toMatchObject({ status: 'too_large' });
    expect(await readVendorDocument(report, { maxPages: 2 })).toMatchObject({
      status: 'too_large',
      message: expect.stringContaining('pages'),
    });
  });

  it('never throws on bytes that only start like a PDF', async () => {
    const garbage = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF',
    );
    expect(await readVendorDocument(garbage)).toMatchObject({ status: 'corrupt' });
  });

  it('reads a PDF that has only an owner password (restrictions, no password to open)', async () => {
    const writer = new CorpusWriter({ ownerPassword: 'owner' });
    writer.paragraph('Certificate of Registration. ISO/IEC 27001:2022. Certificate No: IS 555001.');
    const reading = await readVendorDocument(await writer.finish());
    expect(reading).toMatchObject({ status: 'read', kind: 'iso27001_certificate' });
  });
});
