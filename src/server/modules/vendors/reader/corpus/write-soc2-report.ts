import { TRUST_SERVICES_CATEGORIES, type VendorDocumentFieldKey } from '../../../../../shared/schemas/vendor-document-extraction.ts';
import { CorpusWriter } from './corpus-writer.ts';
import type { CorpusDocument, ReadableTruth, Soc2Spec } from './corpus-types.ts';
import { writeSoc2Body } from './write-soc2-body.ts';
import {
  auditorHeading,
  categoryList,
  dateOf,
  opinionParagraphs,
  periodPhrase,
  scopeParagraph,
  subserviceParagraph,
  typeLabel,
} from './soc2-wording.ts';

/** Writes one SOC 2 report from its spec and records, as it writes, the page of every value. */

export class TruthRecorder {
  readonly truth: ReadableTruth = {
    status: 'read',
    kind: 'soc2_report',
    fields: [],
    exceptions: [],
    cuecs: [],
    subserviceOrganizations: [],
  };

  /** The first page stating a value is the one a citation must name. */
  field(key: VendorDocumentFieldKey, value: string, page: number): void {
    if (!this.truth.fields.some((field) => field.key === key)) this.truth.fields.push({ key, value, page });
  }
}

/** The categories as the reader states them: in the schema's order. */
function categoryValue(spec: Soc2Spec): string {
  return TRUST_SERVICES_CATEGORIES.filter((category) => spec.categories.includes(category)).join(',');
}

function periodFields(spec: Soc2Spec, truth: TruthRecorder, page: number): void {
  if (spec.type === 'type1') truth.field('asOfDate', spec.period.end, page);
  else {
    truth.field('periodStart', spec.period.start, page);
    truth.field('periodEnd', spec.period.end, page);
  }
}

function writeCover(spec: Soc2Spec, writer: CorpusWriter, truth: TruthRecorder): void {
  const categories = categoryValue(spec);
  writer.paragraph(spec.organization, { size: 20, bold: true, align: 'center' });
  if (spec.layout.cover === 'title') {
    writer.paragraph(typeLabel(spec), { size: 16, align: 'center' });
    truth.field('reportType', spec.type, writer.page);
    const tested = spec.type === 'type2' ? ' and Operating Effectiveness' : '';
    writer.paragraph(
      `Report on ${spec.organization}'s Description of Its ${spec.system} and on the Suitability of the Design${tested} of Its Controls Relevant to ${categoryList(spec)}`,
      { align: 'center' },
    );
    truth.field('trustServicesCategories', categories, writer.page);
    const when = periodPhrase(spec);
    writer.paragraph(when.charAt(0).toUpperCase() + when.slice(1), { align: 'center' });
    periodFields(spec, truth, writer.page);
    if (spec.layout.wording !== 1) {
      writer.paragraph(`Prepared by: ${spec.auditor.name}`, { align: 'center' });
      truth.field('serviceAuditor', spec.auditor.name, writer.page);
    }
  } else if (spec.layout.cover === 'table') {
    writer.paragraph('System and Organization Controls (SOC 2) Report', { size: 14, align: 'center' });
    const period =
      spec.type === 'type1' ? dateOf(spec, spec.period.end) : `${dateOf(spec, spec.period.start)} – ${dateOf(spec, spec.period.end)}`;
    writer.table(
      [170, 298],
      ['Item', 'Detail'],
      [
        ['Service organization', spec.organization],
        ['Report type', spec.type === 'type1' ? 'Type 1' : 'Type 2'],
        [spec.type === 'type1' ? 'Report date (as of)' : 'Review period', period],
        ['Trust services categories', categoryList(spec)],
        ['Service auditor', spec.auditor.name],
      ],
    );
    truth.field('reportType', spec.type, writer.page);
    periodFields(spec, truth, writer.page);
    truth.field('trustServicesCategories', categories, writer.page);
    truth.field('serviceAuditor', spec.auditor.name, writer.page);
  } else {
    writer.paragraph('System and Organization Controls (SOC) 2 Report', { size: 14, align: 'center' });
    writer.paragraph('Confidential. Distribution limited to customers and prospective customers under NDA.', { align: 'center' });
  }
}

function writeContents(spec: Soc2Spec, writer: CorpusWriter): void {
  writer.newPage();
  writer.heading('Table of Contents');
  const entries = [
    [auditorHeading(spec), '3'],
    ["Management's Assertion", '6'],
    ['Description of the System', '8'],
    ['Subservice Organizations', '10'],
    ['Complementary User Entity Controls', '11'],
    ['Tests of Controls and Results of Tests', '13'],
  ];
  writer.table([400, 68], ['Section', 'Page'], entries);
}

function writeAuditorReport(spec: Soc2Spec, writer: CorpusWriter, truth: TruthRecorder): void {
  writer.newPage();
  writer.heading(auditorHeading(spec));
  writer.paragraph(`To the Management of ${spec.organization}:`);
  writer.heading('Scope', 11);
  const page = writer.paragraph(scopeParagraph(spec));
  if (spec.layout.cover === 'minimal') {
    // Only the scope paragraph says which type this is: "as of" or "throughout the period".
    truth.field('reportType', spec.type, page);
  }
  periodFields(spec, truth, page);
  truth.field('trustServicesCategories', categoryValue(spec), page);
  writer.paragraph(subserviceParagraph(spec));
  writer.paragraph(
    `The description indicates that complementary user entity controls that are suitably designed and operating effectively are necessary, along with controls at ${spec.organization}, to achieve the service commitments. Our examination did not include such complementary user entity controls.`,
  );
  writer.heading("Service Auditor's Responsibilities", 11);
  writer.paragraph(
    `Our responsibility is to express an opinion on the description and on the suitability of design${spec.type === 'type2' ? ' and operating effectiveness' : ''} of controls based on our examination. Our examination was conducted in accordance with attestation standards established by the American Institute of Certified Public Accountants.`,
  );
  const opinion = opinionParagraphs(spec);
  if (opinion.basis) {
    writer.heading(`Basis for ${opinion.heading}`, 11);
    writer.paragraph(opinion.basis);
  }
  writer.heading(opinion.heading, 11);
  truth.field('opinion', spec.opinion, writer.paragraph(opinion.text));
  const signature = spec.layout.wording === 2 ? `/s/ ${spec.auditor.name}` : spec.auditor.name;
  truth.field('serviceAuditor', spec.auditor.name, writer.paragraph(signature));
  writer.paragraph(spec.auditor.city);
  writer.paragraph(dateOf(spec, spec.bridgeLetter ? spec.period.end.replace(/-\d\d$/, '-28') : spec.period.end));
}

function writeAssertion(spec: Soc2Spec, writer: CorpusWriter): void {
  writer.newPage();
  writer.heading(spec.layout.wording === 1 ? `Section II: ${spec.organization}'s Assertion` : "Management's Assertion");
  writer.paragraph(
    `We have prepared the accompanying description of ${spec.organization}'s ${spec.system} in accordance with the description criteria. We confirm, to the best of our knowledge and belief, that the description presents the system in all material respects and that the controls stated in the description were suitably designed to provide reasonable assurance that our service commitments would be achieved.`,
  );
  writer.paragraph(`${spec.organization} Management`);
}

function writeBridgeLetter(spec: Soc2Spec, date: string, writer: CorpusWriter, truth: TruthRecorder): void {
  writer.newPage();
  writer.paragraph(spec.organization, { size: 14, bold: true });
  const stated = spec.layout.wording === 2 ? `Date: ${dateOf(spec, date)}` : dateOf(spec, date);
  const page = writer.paragraph(stated);
  writer.paragraph(spec.layout.wording === 1 ? 'Re: Gap Letter (Bridge Letter)' : 'Re: SOC 2 Bridge Letter');
  truth.field('bridgeLetterDate', date, page);
  writer.paragraph(
    `${spec.organization} engaged ${spec.auditor.name} to examine its controls ${periodPhrase(spec)}. This letter covers the period from the end of that report until the date of this letter. We are not aware of any material changes to our system of internal control during that period.`,
  );
  writer.paragraph(`Sincerely, Chief Information Security Officer, ${spec.organization}`);
}

export async function writeSoc2Report(spec: Soc2Spec): Promise<CorpusDocument> {
  const writer = new CorpusWriter({
    furniture: spec.layout.furniture ? { header: `${spec.organization} | SOC 2 Report | Confidential` } : null,
    font: spec.layout.font,
  });
  const truth = new TruthRecorder();
  writeCover(spec, writer, truth);
  if (spec.layout.contents) writeContents(spec, writer);
  if (spec.layout.assertionFirst) writeAssertion(spec, writer);
  writeAuditorReport(spec, writer, truth);
  if (!spec.layout.assertionFirst) writeAssertion(spec, writer);
  writeSoc2Body(spec, writer, truth.truth);
  if (spec.bridgeLetter) writeBridgeLetter(spec, spec.bridgeLetter, writer, truth);
  truth.truth.fields.sort((a, b) => a.key.localeCompare(b.key));
  return { name: spec.name, bytes: await writer.finish(), truth: truth.truth };
}
