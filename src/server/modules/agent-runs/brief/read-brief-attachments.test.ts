import { Document, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { readBrief } from './read-brief.ts';

/** readBrief reads each attachment format with its library; the fixtures are made here with pdfkit and docx. */

async function pdfOf(lines: string[]): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const line of lines) doc.text(line);
  doc.end();
  return new Uint8Array(await finished);
}

async function docxOf(lines: string[]): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: lines.map((line) => new Paragraph(line)) }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const brief = { title: 'ISO 27001 gap assessment', description: 'See the attached notes.' };

describe('readBrief: attachments', () => {
  it('reads a PDF (unpdf)', async () => {
    const bytes = await pdfOf(['Our security notes.', 'Backups have never been tested.', 'We use Okta for SSO.']);
    const facts = await readBrief({ ...brief, attachments: [{ name: 'notes.pdf', mediaType: 'application/pdf', bytes }] });
    expect(facts.gaps).toContainEqual(expect.objectContaining({ topic: 'backups and restore testing', source: 'notes.pdf' }));
    expect(facts.things).toContainEqual(expect.objectContaining({ name: 'Okta', source: 'notes.pdf' }));
    expect(facts.sources.find((source) => source.name === 'notes.pdf')).toMatchObject({ kind: 'attachment', problem: null });
  });

  it('reads a DOCX (mammoth)', async () => {
    const bytes = await docxOf(['Scope: ISO 27001 A.5.15 to A.5.18.', 'We lack a vendor inventory.']);
    const facts = await readBrief({
      ...brief,
      attachments: [{ name: 'scope.docx', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes }],
    });
    expect(facts.references.map((reference) => reference.citation)).toEqual([
      'ISO 27001 A.5.15',
      'ISO 27001 A.5.16',
      'ISO 27001 A.5.17',
      'ISO 27001 A.5.18',
    ]);
    expect(facts.gaps.map((gap) => gap.topic)).toContain('vendor management');
  });

  it('reads a CSV questionnaire (csv-parse), one question per row', async () => {
    const csv = 'Question,Answer\n"Do you enforce MFA for all staff?",\n"How often are restores tested?",\n';
    const facts = await readBrief({ ...brief, attachments: [{ name: 'sig-lite.csv', mediaType: 'text/csv', bytes: utf8(csv) }] });
    expect(facts.questions.map((question) => question.text)).toEqual([
      'Do you enforce MFA for all staff?',
      'How often are restores tested?',
    ]);
  });

  it('reads Markdown and plain text, marks removed', async () => {
    const markdown = '# Current state\n\n- **MFA** is enforced on every account.\n- There is *no* incident response plan.\n';
    const text = 'HIPAA is out of scope.\nWe are a team of 35 people.';
    const facts = await readBrief({
      ...brief,
      attachments: [
        { name: 'state.md', mediaType: 'text/markdown', bytes: utf8(markdown) },
        { name: 'scope.txt', mediaType: 'text/plain', bytes: utf8(text) },
      ],
    });
    expect(facts.strengths.map((strength) => strength.topic)).toContain('multi-factor authentication');
    expect(facts.gaps.map((gap) => gap.topic)).toContain('incident response');
    expect(facts.outOfScope.map((entry) => entry.framework)).toEqual(['hipaa']);
    expect(facts.peopleCount).toBe(35);
  });

  it('lists what it could not read, with the reason', async () => {
    const facts = await readBrief({
      ...brief,
      attachments: [
        { name: 'diagram.png', mediaType: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
        { name: 'broken.pdf', mediaType: 'application/pdf', bytes: utf8('%PDF-1.7 not really') },
      ],
    });
    expect(facts.sources.find((source) => source.name === 'diagram.png')?.problem).toMatch(/No text can be read/);
    expect(facts.sources.find((source) => source.name === 'broken.pdf')?.problem).toMatch(/could not be read/);
  });
});
