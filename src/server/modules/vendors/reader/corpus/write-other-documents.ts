import { crc32, deflateSync } from 'node:zlib';
import { formatDate, type DateStyle } from './corpus-dates.ts';
import { CorpusWriter } from './corpus-writer.ts';
import type { CorpusDocument, TruthField } from './corpus-types.ts';

/** ISO 27001 certificates, a pen-test summary, a DPA, and the files the reader must refuse. */

interface CertificateSpec {
  name: string;
  issuer: string;
  organization: string;
  standard: string;
  scope: string;
  number: string;
  validFrom: string;
  validUntil: string;
  dates: DateStyle;
  layout: 'labels' | 'table' | 'prose';
}

export const CERTIFICATE_SPECS: CertificateSpec[] = [
  {
    name: 'iso-01-labels',
    issuer: 'BSI Assurance UK Ltd',
    organization: 'Northwind Analytics, Inc.',
    standard: 'ISO/IEC 27001:2022',
    scope: 'The information security management system supporting the development and operation of the Northwind analytics platform.',
    number: 'IS 784512',
    validFrom: '2024-05-14',
    validUntil: '2027-05-13',
    dates: 'long_uk',
    layout: 'labels',
  },
  {
    name: 'iso-02-table',
    issuer: 'Schellman Compliance, LLC',
    organization: 'Fjord Commerce AS',
    standard: 'ISO/IEC 27001:2013',
    scope: 'Information security management for the provision of e-commerce checkout services from Oslo and Bergen.',
    number: 'CERT-1093-2023',
    validFrom: '2023-02-01',
    validUntil: '2025-10-31',
    dates: 'iso',
    layout: 'table',
  },
  {
    name: 'iso-03-prose',
    issuer: 'DNV Business Assurance',
    organization: 'Granite Peak Hosting',
    standard: 'ISO/IEC 27001:2022',
    scope: 'Managed Kubernetes hosting, including the supporting operations, security and customer support functions.',
    number: '301998-2024-AIS-USA',
    validFrom: '2024-11-20',
    validUntil: '2027-11-19',
    dates: 'long_us',
    layout: 'prose',
  },
];

async function writeCertificate(spec: CertificateSpec): Promise<CorpusDocument> {
  const writer = new CorpusWriter();
  const date = (iso: string) => formatDate(iso, spec.dates);
  const fields: TruthField[] = [];
  const note = (key: TruthField['key'], value: string, page: number) => fields.push({ key, value, page });
  note('issuer', spec.issuer, writer.paragraph(spec.issuer, { size: 16, bold: true, align: 'center' }));
  writer.paragraph('Certificate of Registration', { size: 18, align: 'center' });
  writer.paragraph('This is to certify that', { align: 'center' });
  writer.paragraph(spec.organization, { size: 14, bold: true, align: 'center' });
  writer.paragraph('operates an Information Security Management System which complies with the requirements of', { align: 'center' });
  note('standard', spec.standard, writer.paragraph(spec.standard, { size: 14, bold: true, align: 'center' }));
  if (spec.layout === 'table') {
    const pages = writer.table(
      [150, 318],
      ['Certificate detail', ''],
      [
        ['Scope', spec.scope],
        ['Certificate number', spec.number],
        ['Effective date', date(spec.validFrom)],
        ['Expiry date', date(spec.validUntil)],
      ],
    );
    note('scope', spec.scope, pages[0] ?? 1);
    note('certificateNumber', spec.number, pages[1] ?? 1);
    note('validFrom', spec.validFrom, pages[2] ?? 1);
    note('validUntil', spec.validUntil, pages[3] ?? 1);
  } else if (spec.layout === 'labels') {
    writer.paragraph('For the following scope:');
    note('scope', spec.scope, writer.paragraph(spec.scope));
    note('certificateNumber', spec.number, writer.paragraph(`Certificate No: ${spec.number}`));
    writer.paragraph(`Original registration date: ${date('2021-05-14')}`);
    note('validFrom', spec.validFrom, writer.paragraph(`Valid from: ${date(spec.validFrom)}`));
    note('validUntil', spec.validUntil, writer.paragraph(`Valid until: ${date(spec.validUntil)}`));
  } else {
    writer.newPage();
    writer.heading('Scope of certification');
    note('scope', spec.scope, writer.paragraph(`Scope: ${spec.scope}`));
    note(
      'certificateNumber',
      spec.number,
      writer.paragraph(`This certificate (registration number ${spec.number}) was issued on ${date(spec.validFrom)}.`),
    );
    note('validFrom', spec.validFrom, writer.page);
    note(
      'validUntil',
      spec.validUntil,
      writer.paragraph(`It remains valid until ${date(spec.validUntil)}, subject to satisfactory surveillance audits.`),
    );
  }
  writer.paragraph(`For and on behalf of ${spec.issuer}`);
  fields.sort((a, b) => a.key.localeCompare(b.key));
  const truth = {
    status: 'read' as const,
    kind: 'iso27001_certificate' as const,
    fields,
    exceptions: [],
    cuecs: [],
    subserviceOrganizations: [],
  };
  return { name: spec.name, bytes: await writer.finish(), truth };
}

async function writeClassifiedOnly(name: string, kind: 'pen_test_summary' | 'dpa', paragraphs: string[]): Promise<CorpusDocument> {
  const writer = new CorpusWriter();
  writer.paragraph(paragraphs[0] ?? '', { size: 18, bold: true });
  for (const text of paragraphs.slice(1)) writer.paragraph(text);
  return {
    name,
    bytes: await writer.finish(),
    truth: { status: 'read', kind, fields: [], exceptions: [], cuecs: [], subserviceOrganizations: [] },
  };
}

/** A grey PNG of noise, like a scanned page: no text at all. */
function scannedPng(width: number, height: number, seed: number): Buffer {
  const rows = Buffer.alloc((width + 1) * height);
  let state = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      rows[y * (width + 1) + 1 + x] = 200 + (state % 56);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function writeScanned(): Promise<CorpusDocument> {
  const writer = new CorpusWriter();
  for (let page = 0; page < 3; page++) {
    if (page > 0) writer.newPage();
    writer.doc.image(scannedPng(170, 220, page + 7), 72, 72, { width: 468 });
  }
  return { name: 'bad-scanned', bytes: await writer.finish(), truth: { status: 'scanned' } };
}

async function writeEncrypted(): Promise<CorpusDocument> {
  const writer = new CorpusWriter({ userPassword: 'vendor-secret' });
  writer.paragraph('SOC 2 Type II Report', { size: 18 });
  writer.paragraph('Throughout the period January 1, 2024 to December 31, 2024');
  return { name: 'bad-encrypted', bytes: await writer.finish(), truth: { status: 'encrypted' } };
}

export async function writeOtherDocuments(): Promise<CorpusDocument[]> {
  const documents = await Promise.all(CERTIFICATE_SPECS.map((spec) => writeCertificate(spec)));
  documents.push(
    await writeClassifiedOnly('pentest-01', 'pen_test_summary', [
      'Penetration Test Summary Letter',
      'Redline Offensive Security performed an external and web application penetration test of the Cobalt Ledger application between 3 March 2025 and 14 March 2025.',
      'Findings by severity: Critical 0, High 1, Medium 3, Low 5. All high severity findings were remediated and retested.',
    ]),
    await writeClassifiedOnly('dpa-01', 'dpa', [
      'Data Processing Agreement',
      'This Data Processing Addendum forms part of the agreement between the Customer (the controller) and Lumen Forms Co. (the processor) and reflects the parties agreement on the processing of personal data in accordance with the GDPR.',
      'The processor shall process personal data only on documented instructions from the controller, including with regard to transfers to a third country. Sub-processors are listed in Annex III.',
    ]),
    await writeScanned(),
    await writeEncrypted(),
  );
  const valid = documents[0]?.bytes ?? new Uint8Array();
  documents.push(
    { name: 'bad-not-pdf', bytes: new TextEncoder().encode('PK\u0003\u0004 this is a zip file, not a PDF'), truth: { status: 'not_pdf' } },
    { name: 'bad-corrupt', bytes: valid.slice(0, Math.floor(valid.length / 3)), truth: { status: 'corrupt' } },
    { name: 'bad-empty', bytes: new Uint8Array(), truth: { status: 'not_pdf' } },
  );
  return documents;
}
