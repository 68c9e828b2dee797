import type { CorpusWriter } from './corpus-writer.ts';
import type { ReadableTruth, Soc2Spec } from './corpus-types.ts';
import { STOCK_CONTROLS, STOCK_CSOCS } from './soc2-controls.ts';

/** Section III (the system, subservice organizations, CUECs) and Section IV (tests and results). */

const METHOD_WORDS = {
  carved_out: ['Carve-out', 'Carved out', 'carve-out method'],
  inclusive: ['Inclusive', 'Inclusive', 'inclusive method'],
} as const;

function writeSubservice(spec: Soc2Spec, writer: CorpusWriter, truth: ReadableTruth): void {
  writer.heading(spec.layout.wording === 1 ? 'Subservice Organizations Used by the Company' : 'Subservice Organizations', 12);
  const style = spec.layout.subservice;
  const word = (method: 'carved_out' | 'inclusive') => METHOD_WORDS[method][spec.layout.wording % 3] as string;
  if (style === 'table') {
    const pages = writer.table(
      [170, 200, 98],
      ['Subservice Organization', 'Services Provided', 'Method'],
      spec.subservice.map((item) => [item.name, item.services, word(item.method)]),
    );
    spec.subservice.forEach((item, index) =>
      truth.subserviceOrganizations.push({ name: item.name, method: item.method, page: pages[index] ?? 0 }),
    );
    return;
  }
  if (style === 'bullets') {
    const pages = writer.list(
      spec.subservice.map(
        (item) =>
          `${item.name} – ${item.services}. ${item.method === 'carved_out' ? 'Carved out of this report.' : 'Included in this report (inclusive method).'}`,
      ),
      'bullet',
    );
    spec.subservice.forEach((item, index) =>
      truth.subserviceOrganizations.push({ name: item.name, method: item.method, page: pages[index] ?? 0 }),
    );
    return;
  }
  for (const item of spec.subservice) {
    const method =
      item.method === 'carved_out'
        ? `The controls of ${item.name} are not included in the scope of this report; the carve-out method has been used.`
        : `The relevant controls of ${item.name} are included in the description and in the scope of this examination (inclusive method).`;
    const page = writer.paragraph(`${spec.organization} uses ${item.name} for ${item.services.toLowerCase()}. ${method}`);
    truth.subserviceOrganizations.push({ name: item.name, method: item.method, page });
  }
}

function writeCuecs(spec: Soc2Spec, writer: CorpusWriter, truth: ReadableTruth): void {
  const headings = ['Complementary User Entity Controls', 'User Entity Responsibilities', 'Complementary User Entity Controls (CUECs)'];
  writer.heading(headings[spec.layout.wording % 3] as string, 12);
  writer.paragraph(
    `${spec.organization}'s controls were designed with the assumption that certain controls would be implemented by user entities. The user entity controls listed below should be in place at user entities.`,
  );
  let pages: number[];
  if (spec.layout.cuecs === 'table') {
    pages = writer.table(
      [330, 138],
      ['Complementary User Entity Control', 'Related Criteria'],
      spec.cuecs.map((cuec) => [cuec.text, cuec.criteria.join(', ')]),
    );
  } else {
    const numbered = spec.layout.cuecs === 'numbered';
    pages = writer.list(
      spec.cuecs.map((cuec) =>
        numbered ? `${cuec.text} Related criteria: ${cuec.criteria.join(', ')}` : `${cuec.text} (${cuec.criteria.join(', ')})`,
      ),
      numbered ? 'number' : 'bullet',
    );
  }
  spec.cuecs.forEach((cuec, index) => truth.cuecs.push({ text: cuec.text, criteria: cuec.criteria, page: pages[index] ?? 0 }));
}

function controlRows(spec: Soc2Spec) {
  const prefixes = new Set([
    'CC',
    ...spec.categories.map(
      (category) => ({ security: 'CC', availability: 'A', processing_integrity: 'PI', confidentiality: 'C', privacy: 'P' })[category],
    ),
  ]);
  const rows = STOCK_CONTROLS.filter((row) => prefixes.has(row.criterion.replace(/[\d.]+$/, '')));
  return rows.map((row, index) => {
    const exception = spec.exceptions.find((item) => item.criterion === row.criterion);
    const noneWords = ['No exceptions noted.', 'No exceptions noted', 'No deviations noted.'];
    const result = exception ? `Exception noted. ${exception.description}` : (noneWords[spec.layout.wording % 3] as string);
    return { ...row, ref: `CTL-${String(index + 1).padStart(2, '0')}`, result, exception };
  });
}

function writeTests(spec: Soc2Spec, writer: CorpusWriter, truth: ReadableTruth): void {
  writer.newPage();
  const typeTwo = spec.type === 'type2';
  writer.heading(
    typeTwo
      ? 'Section IV: Trust Services Criteria, Related Controls, Tests of Controls and Results of Tests'
      : 'Section IV: Trust Services Criteria and Related Controls',
  );
  const rows = controlRows(spec);
  const record = (pages: number[]) =>
    rows.forEach((row, index) => {
      if (row.exception)
        truth.exceptions.push({ criterion: row.criterion, description: row.exception.description, page: pages[index] ?? 0 });
    });
  if (spec.layout.tests === 'prose') {
    record(
      rows.map((row) => {
        const page = writer.heading(`${row.criterion} — ${row.control}`, 10);
        writer.paragraph(`Control ${row.ref}: ${row.control}`);
        if (typeTwo) writer.paragraph(`Test performed: ${row.test}`);
        return typeTwo ? writer.paragraph(`Result: ${row.result}`) : page;
      }),
    );
  } else if (spec.layout.tests === 'criteria_first') {
    const header = typeTwo ? ['Criteria', 'Control Activity', 'Test Performed', 'Results of Tests'] : ['Criteria', 'Control Activity'];
    const widths = typeTwo ? [56, 150, 140, 122] : [70, 398];
    record(
      writer.table(
        widths,
        header,
        rows.map((row) => (typeTwo ? [row.criterion, row.control, row.test, row.result] : [row.criterion, row.control])),
      ),
    );
  } else {
    const header = typeTwo
      ? ['Control #', 'Control Activity', 'TSC', 'Test Procedure', 'Test Results']
      : ['Control #', 'Control Activity', 'TSC'];
    const widths = typeTwo ? [54, 140, 44, 120, 110] : [60, 340, 68];
    record(
      writer.table(
        widths,
        header,
        rows.map((row) => (typeTwo ? [row.ref, row.control, row.criterion, row.test, row.result] : [row.ref, row.control, row.criterion])),
      ),
    );
  }
}

export function writeSoc2Body(spec: Soc2Spec, writer: CorpusWriter, truth: ReadableTruth): void {
  writer.newPage();
  writer.heading(spec.layout.wording === 2 ? '3. Description of the System' : 'Section III: Description of the System');
  writer.heading('Company Overview', 12);
  writer.paragraph(
    `${spec.organization} provides its ${spec.system} to customers. The system comprises infrastructure, software, people, procedures and data. Security is a priority across the organization and its information security program is overseen by the Chief Information Security Officer.`,
  );
  writer.heading('Principal Service Commitments and System Requirements', 12);
  writer.paragraph(
    `${spec.organization} designs its processes and procedures to meet its objectives. Commitments are documented in customer agreements and include encryption of data at rest and in transit, availability targets and incident notification.`,
  );
  writeSubservice(spec, writer, truth);
  writer.heading('Complementary Subservice Organization Controls', 12);
  writer.list(
    STOCK_CSOCS.map((text, index) => `${text} (CC${6 + index}.${index + 1})`),
    'bullet',
  );
  writeCuecs(spec, writer, truth);
  writeTests(spec, writer, truth);
  if (spec.layout.managementResponse && spec.exceptions.length > 0) {
    writer.newPage();
    writer.heading(`Section V: Other Information Provided by ${spec.organization}`);
    for (const exception of spec.exceptions) {
      writer.paragraph(
        `Management's response to the exception noted for ${exception.criterion}: management has remediated the matter and implemented an additional review.`,
      );
    }
  }
}
