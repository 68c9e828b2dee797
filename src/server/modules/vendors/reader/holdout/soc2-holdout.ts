import type { Soc2Opinion, SubserviceMethod, TrustServicesCategory } from '../../../../../shared/schemas/vendor-document-extraction.ts';
import { HoldoutWriter, type HoldoutDocument, type WriterOptions } from './holdout-pdf.ts';
import { formatDate, type DateStyle } from './holdout-dates.ts';

/**
 * Held-out SOC 2 reports, written the way audit firms write them (prose opinions, "except for",
 * "we do not express an opinion", 3- and 4-column test tables, CUECs as numbered lists or criteria
 * tables, carve-outs in prose, bridge letters as a last page) — independently of the reader.
 */

export interface Soc2Exception {
  criterion: string;
  control: string;
  test: string;
  result: string;
}
export interface Soc2Spec {
  name: string;
  company: string;
  system: string;
  auditor: string;
  city: string;
  type: 'type1' | 'type2';
  /** ISO dates. */
  start?: string;
  end: string;
  opinion: Soc2Opinion;
  categories: TrustServicesCategory[];
  exceptions: Soc2Exception[];
  cleanRows: number;
  cuecs: { text: string; criteria: string[] }[];
  subservice: { name: string; long: string; method: SubserviceMethod }[];
  bridge?: { date: string; gapEnd: string };
  signed: string;
  style: {
    writer: WriterOptions;
    dates: DateStyle;
    title: 'allCaps' | 'plural' | 'plain';
    typeWord: 'roman' | 'arabic';
    tests: 'table3' | 'landscape4' | 'grouped';
    cuecs: 'numbered' | 'table' | 'lettered' | 'twoColumn';
    contents?: boolean;
  };
}

const CATEGORY_WORDS: Record<TrustServicesCategory, string> = {
  security: 'security',
  availability: 'availability',
  processing_integrity: 'processing integrity',
  confidentiality: 'confidentiality',
  privacy: 'privacy',
};

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  if (words.length === 2) return `${words[0]} and ${words[1]}`;
  return `${words.slice(0, -1).join(', ')}, and ${words[words.length - 1]}`;
}

function periodPhrase(spec: Soc2Spec): string {
  const f = (iso: string): string => formatDate(iso, spec.style.dates);
  if (spec.type === 'type1') return `as of ${f(spec.end)}`;
  const start = spec.start ?? '';
  if (spec.style.dates === 'dayMonth') return `for the period ${f(start)} to ${f(spec.end)}`;
  if (spec.style.dates === 'usComma') return `throughout the period ${f(start)}, through ${f(spec.end)}`;
  return `for the period ${f(start)} through ${f(spec.end)}`;
}

function markPeriod(w: HoldoutWriter, spec: Soc2Spec): void {
  if (spec.type === 'type1') w.field('asOfDate', spec.end);
  else {
    w.field('periodStart', spec.start ?? '');
    w.field('periodEnd', spec.end);
  }
}

function typeWord(spec: Soc2Spec): string {
  const n = spec.type === 'type1' ? 1 : 2;
  return spec.style.typeWord === 'roman' ? `Type ${'I'.repeat(n)}` : `Type ${n}`;
}

function cover(w: HoldoutWriter, spec: Soc2Spec): void {
  w.para(' ', { size: 40 });
  w.heading(spec.company, 22, 'center');
  w.para(`System and Organization Controls (SOC) 2 ${typeWord(spec)} Report`, { align: 'center', size: 15 });
  w.field('reportType', spec.type);
  w.para(
    `Report on ${spec.company}'s Description of Its ${spec.system} and on the Suitability of the Design${spec.type === 'type2' ? ' and Operating Effectiveness' : ''} of Its Controls Relevant to ${joinWords(spec.categories.map((c) => CATEGORY_WORDS[c][0]?.toUpperCase() + CATEGORY_WORDS[c].slice(1)))}`,
    { align: 'center' },
  );
  w.para(
    periodPhrase(spec)
      .replace(/^for the period/, 'For the Period')
      .replace(/^as of/, 'As of'),
    { align: 'center' },
  );
  markPeriod(w, spec);
  w.field('trustServicesCategories', spec.categories.join(','));
  w.para(' ', { size: 30 });
  w.para(`Prepared by ${spec.auditor}`, { align: 'center' });
  w.field('serviceAuditor', spec.auditor);
  if (spec.style.contents) {
    w.newPage();
    w.heading('Table of Contents');
    w.table(
      ['Section', 'Page'],
      [0.8, 0.2],
      [
        ["Section 1: Independent Service Auditor's Report", '3'],
        ["Section 2: Management's Assertion", '5'],
        ['Section 3: Description of the System', '6'],
        ['Section 4: Trust Services Criteria, Related Controls and Tests of Controls', '8'],
      ],
    );
  }
}

const OPINION_SENTENCES: Record<Soc2Opinion, (spec: Soc2Spec, scope: string) => string[]> = {
  unqualified: (spec, scope) => [
    `In our opinion, in all material respects, (a) the description presents ${spec.company}'s ${spec.system} that was designed and implemented ${scope} in accordance with the description criteria, and (b) the controls stated in the description were suitably designed${spec.type === 'type2' ? ' and operated effectively' : ''} to provide reasonable assurance that ${spec.company}'s service commitments and system requirements would be achieved based on the applicable trust services criteria.`,
  ],
  qualified: (spec, scope) => [
    `Basis for Qualified Opinion`,
    `As indicated in Section 4, ${spec.company}'s controls over ${spec.exceptions[0]?.criterion ?? 'CC6.2'} did not operate effectively because access of terminated personnel was not always removed timely. As a result, controls were not operating effectively to achieve the related criterion.`,
    `Qualified Opinion`,
    `In our opinion, except for the matter described in the preceding paragraph, in all material respects, the description presents the ${spec.system} ${scope} in accordance with the description criteria, and the controls stated in the description were suitably designed${spec.type === 'type2' ? ' and operated effectively' : ''} to provide reasonable assurance that the service commitments and system requirements were achieved.`,
  ],
  adverse: (spec, scope) => [
    `Basis for Adverse Opinion`,
    `Our tests identified that change management and logical access controls described in Section 4 were not designed or did not operate as described. The deviations are pervasive to the system.`,
    `Adverse Opinion`,
    `In our opinion, because of the significance of the matters described in the Basis for Adverse Opinion paragraph, the description does not fairly present the ${spec.system} ${scope}, and the controls stated in the description were not suitably designed or operating effectively to provide reasonable assurance that the service commitments would be achieved.`,
  ],
  disclaimer: (spec, scope) => [
    `Basis for Disclaimer of Opinion`,
    `${spec.company} did not retain system logs and ticket evidence for the majority of the period, and management did not provide the written representations we requested. We were unable to obtain sufficient appropriate evidence ${scope}.`,
    `Disclaimer of Opinion`,
    `Because of the significance of the matters described in the preceding paragraph, we have not been able to obtain sufficient appropriate evidence to provide a basis for an opinion. Accordingly, we do not express an opinion on the description or on the suitability of the design or operating effectiveness of the controls.`,
  ],
};

function auditorReport(w: HoldoutWriter, spec: Soc2Spec): void {
  w.newPage();
  const title =
    spec.style.title === 'allCaps'
      ? "INDEPENDENT SERVICE AUDITOR'S REPORT"
      : spec.style.title === 'plural'
        ? 'Report of Independent Service Auditors'
        : "Independent Service Auditor's Report";
  w.heading(title);
  w.para(`To the Board of Directors of ${spec.company}:`);
  w.heading('Scope', 11);
  const cats = joinWords(spec.categories.map((c) => CATEGORY_WORDS[c]));
  w.para(
    `We have examined ${spec.company}'s accompanying description of its ${spec.system} ${periodPhrase(spec)} (description) based on the criteria for a description of a service organization's system in DC section 200, and the suitability of the design${spec.type === 'type2' ? ' and operating effectiveness' : ''} of controls stated in the description ${periodPhrase(spec)}, to provide reasonable assurance that ${spec.company}'s service commitments and system requirements were achieved based on the trust services criteria relevant to ${cats} (applicable trust services criteria) set forth in TSP section 100.`,
  );
  markPeriod(w, spec);
  w.field('trustServicesCategories', spec.categories.join(','));
  for (const org of spec.subservice) {
    w.para(
      org.method === 'carved_out'
        ? `${spec.company} uses ${org.long} (${org.name}) to provide hosting services. The description includes only the controls of ${spec.company} and excludes controls of ${org.name}; our examination did not extend to controls of the subservice organization.`
        : `${spec.company} uses ${org.long} (${org.name}) for data center operations. The description includes the controls of ${org.name}, and our examination included the relevant controls of the subservice organization.`,
    );
  }
  w.para(
    `The description indicates that complementary user entity controls that are suitably designed and operating effectively are necessary, along with controls at ${spec.company}, to achieve the service commitments. Management employs qualified personnel to operate its controls.`,
  );
  w.heading("Service Auditor's Responsibilities", 11);
  w.para(
    `Our responsibility is to express an opinion on the description and on the suitability of the design${spec.type === 'type2' ? ' and operating effectiveness' : ''} of controls based on our examination. Our examination was conducted in accordance with attestation standards established by the American Institute of Certified Public Accountants.`,
  );
  const paragraphs = OPINION_SENTENCES[spec.opinion](spec, periodPhrase(spec));
  for (const p of paragraphs) {
    if (p.split(' ').length <= 5) w.heading(p, 11);
    else {
      w.para(p);
      if (p.startsWith('In our opinion') || p.startsWith('Because of the significance')) w.field('opinion', spec.opinion);
    }
  }
  w.para(`${spec.auditor}`, { bold: true });
  w.field('serviceAuditor', spec.auditor);
  w.para(`${spec.city}\n${formatDate(spec.signed, spec.style.dates)}`);
}

function managementAssertion(w: HoldoutWriter, spec: Soc2Spec): void {
  w.newPage();
  w.heading(`${spec.company}'s Management Assertion`);
  w.para(
    `We have prepared the accompanying description of ${spec.company}'s ${spec.system} ${periodPhrase(spec)}. We confirm, to the best of our knowledge and belief, that the controls stated in the description were suitably designed to provide reasonable assurance that our service commitments were achieved. Our previous report, dated ${formatDate('2024-06-30', spec.style.dates)}, was issued by another firm.`,
  );
}

function description(w: HoldoutWriter, spec: Soc2Spec): void {
  w.newPage();
  w.heading(`Section 3: ${spec.company}'s Description of Its ${spec.system}`);
  w.para(
    `${spec.company} provides its ${spec.system} to customers in North America and Europe. The system comprises infrastructure, software, people, procedures and data. Production workloads run in two regions with automated failover, and customer data is encrypted at rest and in transit.`,
    { columns: spec.style.cuecs === 'twoColumn' ? 2 : 1 },
  );
  if (spec.subservice.length > 0) {
    w.heading('Subservice Organizations', 12);
    for (const org of spec.subservice) {
      w.para(
        org.method === 'carved_out'
          ? `${spec.company} uses ${org.long} for infrastructure hosting. The controls at ${org.name} are excluded from this description (carve-out method); the description includes the complementary subservice organization controls expected of ${org.name}.`
          : `${org.long} provides co-location services. ${spec.company} has elected to use the inclusive method, and the relevant controls of ${org.name} are included in this description and in the scope of the examination.`,
      );
      w.subservice(org.name, org.method, [org.long]);
    }
  }
  cuecSection(w, spec);
}

function cuecSection(w: HoldoutWriter, spec: Soc2Spec): void {
  if (spec.cuecs.length === 0) return;
  w.heading('Complementary User Entity Controls', 12);
  w.para(
    `${spec.company}'s controls were designed with the assumption that certain controls would be implemented by user entities. The following complementary user entity controls should be in place at user entities:`,
    { columns: spec.style.cuecs === 'twoColumn' ? 2 : 1 },
  );
  const record = (i: number, page: number): void => {
    const c = spec.cuecs[i];
    if (c) w.truth.cuecs.push({ text: c.text, criteria: c.criteria, page });
  };
  const withCriteria = spec.cuecs.map((c) => `${c.text} (${c.criteria.join(', ')})`);
  switch (spec.style.cuecs) {
    case 'table':
      w.table(
        ['#', 'Complementary User Entity Control', 'Related Criteria'],
        [0.07, 0.68, 0.25],
        spec.cuecs.map((c, i) => [String(i + 1), c.text, c.criteria.join(', ')]),
        record,
      );
      break;
    case 'lettered':
      w.list(withCriteria, (i) => `(${String.fromCharCode(97 + i)})`, record);
      break;
    default:
      w.list(withCriteria, (i) => `${i + 1}.`, record);
  }
}

function testsSection(w: HoldoutWriter, spec: Soc2Spec): void {
  const landscape = spec.style.tests === 'landscape4';
  w.newPage(landscape ? 'landscape' : 'portrait');
  w.heading('Section 4: Trust Services Criteria, Related Controls and Tests of Controls');
  w.para(
    spec.type === 'type2'
      ? `The tests were performed ${periodPhrase(spec)}. Where a test identified a deviation, the result is described in the table; otherwise the result reads "No exceptions noted."`
      : `For a Type I report, tests of operating effectiveness were not performed; the results below describe the inspection of design and implementation.`,
  );
  const clean = Array.from({ length: spec.cleanRows }, (_, i) => ({
    criterion: ['CC1.1', 'CC2.1', 'CC3.2', 'CC5.2', 'CC6.1', 'CC6.6', 'CC7.1', 'CC8.1', 'A1.2', 'C1.1'][i % 10] ?? 'CC1.1',
    control: 'Documented policies are reviewed and approved by management annually and made available to personnel.',
    test: 'Inspected the policies and evidence of annual review and approval.',
    result: 'No exceptions noted.',
  }));
  const rows = [...clean];
  spec.exceptions.forEach((e, i) => rows.splice(Math.min(rows.length, 2 + i * 3), 0, e));
  const isException = (r: (typeof rows)[number]): boolean => r.result !== 'No exceptions noted.';
  const onRow = (i: number, page: number): void => {
    const r = rows[i];
    if (r && isException(r)) w.truth.exceptions.push({ criterion: r.criterion, page });
  };
  if (spec.style.tests === 'landscape4') {
    w.table(
      ['Criteria', 'Control Activity Specified by the Service Organization', 'Test Performed by the Service Auditor', 'Results of Tests'],
      [0.1, 0.34, 0.3, 0.26],
      rows.map((r) => [r.criterion, r.control, r.test, r.result]),
      onRow,
    );
  } else if (spec.style.tests === 'table3') {
    w.table(
      ['Control', 'Test performed', 'Results of tests'],
      [0.4, 0.33, 0.27],
      rows.map((r) => [`${r.criterion} ${r.control}`, r.test, r.result]),
      onRow,
    );
  } else {
    for (const criterion of [...new Set(rows.map((r) => r.criterion))]) {
      w.heading(`Criterion ${criterion}`, 11);
      const group = rows.filter((r) => r.criterion === criterion);
      w.table(
        ['Control Activity', 'Test Performed', 'Results'],
        [0.38, 0.34, 0.28],
        group.map((r) => [r.control, r.test, r.result]),
        (i, page) => {
          const r = group[i];
          if (r && isException(r)) w.truth.exceptions.push({ criterion: r.criterion, page });
        },
      );
    }
  }
}

function bridgeLetter(w: HoldoutWriter, spec: Soc2Spec): void {
  if (!spec.bridge) return;
  w.newPage('portrait');
  w.para(formatDate(spec.bridge.date, spec.style.dates));
  w.field('bridgeLetterDate', spec.bridge.date);
  w.heading(spec.name.length % 2 === 0 ? 'Bridge Letter' : 'Gap Letter');
  w.para(`To our customers and their auditors:`);
  w.para(
    `${spec.company}'s most recent SOC 2 report covers ${periodPhrase(spec)}. Management is not aware of any material changes to the system or its controls from ${formatDate(spec.end, spec.style.dates)} through ${formatDate(spec.bridge.gapEnd, spec.style.dates)}. This letter is not an opinion of a service auditor.`,
  );
  markPeriod(w, spec);
  w.para(`Sincerely,\nChief Information Security Officer, ${spec.company}`);
}

export async function writeSoc2(spec: Soc2Spec): Promise<HoldoutDocument> {
  const w = await new HoldoutWriter('soc2_report', spec.style.writer).open();
  cover(w, spec);
  auditorReport(w, spec);
  managementAssertion(w, spec);
  description(w, spec);
  testsSection(w, spec);
  bridgeLetter(w, spec);
  const bytes = await w.finish();
  return { name: spec.name, bytes, truth: w.truth };
}
