import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bytesMatchMediaType, sniffMediaType } from './sniff-media-type.ts';
import { readZipEntry, zipEntries } from './zip-entries.ts';

/** A minimal zip (deflated entries, central directory, end record) holding the named files. */
function makeZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const raw = Buffer.from(text, 'utf8');
    const data = deflateRawSync(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR rest of image')]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
const XLSX = makeZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });

describe('bytesMatchMediaType', () => {
  it('accepts each allowed type by its own signature', () => {
    expect(bytesMatchMediaType(PDF, 'application/pdf')).toBe(true);
    expect(bytesMatchMediaType(PNG, 'image/png')).toBe(true);
    expect(bytesMatchMediaType(JPEG, 'image/jpeg')).toBe(true);
    expect(bytesMatchMediaType(Buffer.from('Name,Owner\nAccess review,Dana\n'), 'text/csv')).toBe(true);
    expect(bytesMatchMediaType(Buffer.from('\ufeffNotes — über alles'), 'text/plain')).toBe(true);
    expect(bytesMatchMediaType(DOCX, DOCX_TYPE)).toBe(true);
    expect(bytesMatchMediaType(XLSX, XLSX_TYPE)).toBe(true);
  });

  it('refuses bytes that claim another type', () => {
    expect(bytesMatchMediaType(PNG, 'application/pdf')).toBe(false);
    expect(bytesMatchMediaType(PDF, 'image/png')).toBe(false);
    expect(bytesMatchMediaType(PNG, 'image/jpeg')).toBe(false);
    expect(bytesMatchMediaType(PNG, 'text/plain')).toBe(false);
    expect(bytesMatchMediaType(Buffer.from([0x61, 0x00, 0x62]), 'text/csv')).toBe(false);
    expect(bytesMatchMediaType(Buffer.from([0x61, 0xc3, 0x28]), 'text/plain')).toBe(false);
    expect(bytesMatchMediaType(DOCX, XLSX_TYPE)).toBe(false);
    expect(bytesMatchMediaType(XLSX, DOCX_TYPE)).toBe(false);
    expect(bytesMatchMediaType(makeZip({ 'word/document.xml': '<w:document/>' }), DOCX_TYPE)).toBe(false);
    expect(bytesMatchMediaType(Buffer.from('PK\u0003\u0004 truncated'), DOCX_TYPE)).toBe(false);
  });
});

describe('zip entries', () => {
  it('lists the entries and inflates one back', () => {
    expect(zipEntries(DOCX)?.map((entry) => entry.name)).toEqual(['[Content_Types].xml', 'word/document.xml']);
    expect(readZipEntry(DOCX, 'word/document.xml')?.toString('utf8')).toBe('<w:document/>');
    expect(readZipEntry(DOCX, 'word/missing.xml')).toBeNull();
    expect(zipEntries(PNG)).toBeNull();
  });
});

describe('sniffMediaType', () => {
  it('names the type from the bytes alone, the file name only telling CSV from text', () => {
    const office = (folder: string) => makeZip({ '[Content_Types].xml': '<Types/>', [`${folder}document.xml`]: '<x/>' });
    const cases: [Buffer, string, string][] = [
      [Buffer.from('%PDF-1.7\n'), 'scan.png', 'application/pdf'],
      [Buffer.from('GIF89a\x01\x00', 'latin1'), 'a.bin', 'image/gif'],
      [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'a', 'image/webp'],
      [Buffer.from('{"mfa": true}'), 'settings.txt', 'application/json'],
      [Buffer.from('user,last login\nana,2026-11-01\n'), 'logins.CSV', 'text/csv'],
      [Buffer.from('user,last login\n'), 'logins.txt', 'text/plain'],
      [office('word/'), 'a.zip', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [office('ppt/'), 'a.zip', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      [makeZip({ 'logs/a.txt': 'x' }), 'a.docx', 'application/zip'],
      [Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0xff]), 'report.pdf', 'application/octet-stream'],
    ];
    for (const [bytes, name, type] of cases) expect(sniffMediaType(bytes, name), name).toBe(type);
  });
});
