import type { ExtractedField, Soc2Opinion, TrustServicesCategory } from '../../../../shared/schemas/vendor-document-extraction.ts';
import { TRUST_SERVICES_CATEGORIES } from '../../../../shared/schemas/vendor-document-extraction.ts';
import type { Block } from './document-blocks.ts';
import { dateAfter, dateLine, findDateRange } from './read-dates.ts';
import type { SectionedBlock } from './report-sections.ts';

/** A SOC 2 report's fields, each from the first block that states it. */

const quoteOf = (block: Block) => block.text.slice(0, 500);
const field = (key: ExtractedField['key'], value: string, block: Block): ExtractedField => ({
  key,
  value,
  page: block.page,
  quote: quoteOf(block),
});

function first<T>(blocks: SectionedBlock[], read: (entry: SectionedBlock) => T | null): { value: T; block: Block } | null {
  for (const entry of blocks) {
    const value = read(entry);
    if (value !== null) return { value, block: entry.block };
  }
  return null;
}

const ROMAN: Record<string, 'type1' | 'type2'> = { i: 'type1', '1': 'type1', ii: 'type2', '2': 'type2', one: 'type1', two: 'type2' };

function statedType(text: string): 'type1' | 'type2' | null {
  const labelled =
    /\bSOC\s*2(?:®|\(r\))?\s*(?:\+\s*\w+\s*)?,?\s*type\s*(ii|i|2|1|one|two)\b/i.exec(text) ??
    /\btype\s*(ii|i|2|1)\s+(?:soc|report|examination|attestation)/i.exec(text) ??
    /\breport type\s*:?\s*(?:soc\s*2\s*)?type\s*(ii|i|2|1)\b/i.exec(text);
  return labelled ? (ROMAN[(labelled[1] ?? '').toLowerCase()] ?? null) : null;
}

/** Without a stated type: the examination's wording says it (a period tested, or a single date). */
function impliedType(text: string): 'type1' | 'type2' | null {
  if (!/\b(?:examined|description|suitability)\b/i.test(text)) return null;
  if (/operating effectiveness|operated effectively/i.test(text) && findDateRange(text)) return 'type2';
  if (/\bas of\b/i.test(text) && dateAfter(text, /\bas of\b/i) && !findDateRange(text)) return 'type1';
  return null;
}

const CATEGORY_WORDS: [TrustServicesCategory, RegExp][] = [
  ['security', /\bsecurity\b/i],
  ['availability', /\bavailability\b/i],
  ['processing_integrity', /\bprocessing integrity\b/i],
  ['confidentiality', /\bconfidentiality\b/i],
  ['privacy', /\bprivacy\b/i],
];

function categoriesIn(text: string): string | null {
  const trigger = /relevant to|trust services (?:categories|criteria)|categories in scope|in-scope categories|principles?\s*:/i.exec(text);
  if (!trigger) return null;
  const window =
    text.slice(trigger.index + trigger[0].length, trigger.index + trigger[0].length + 160).split(/[.(]|\bset forth\b/)[0] ?? '';
  const found = CATEGORY_WORDS.filter(([, pattern]) => pattern.test(window)).map(([category]) => category);
  if (found.length === 0) return null;
  return TRUST_SERVICES_CATEGORIES.filter((category) => found.includes(category)).join(',');
}

function opinionIn(text: string): Soc2Opinion | null {
  const labelled = /\bopinion\s*:\s*(unqualified|unmodified|qualified|adverse|disclaim)/i.exec(text);
  if (labelled) {
    const word = (labelled[1] ?? '').toLowerCase();
    return word === 'unmodified' ? 'unqualified' : word === 'disclaim' ? 'disclaimer' : (word as Soc2Opinion);
  }
  if (/\b(?:we )?do not express an opinion|disclaim(?:s|er of)? (?:an )?opinion/i.test(text) && /\bopinion\b/i.test(text))
    return 'disclaimer';
  if (!/\bin our opinion\b/i.test(text)) return null;
  if (/\bexcept for\b/i.test(text)) return 'qualified';
  if (
    /\b(?:does|do) not present fairly|not suitably designed|did not operate effectively|were not operating effectively|not fairly presented/i.test(
      text,
    )
  )
    return 'adverse';
  return 'unqualified';
}

const FIRM =
  /\b(?:LLP|L\.L\.P\.|LLC|L\.L\.C\.|PLLC|P\.C\.|CPAs?|& Co\.?|GmbH|AB|AS|A\/S|Ltd\.?|Limited|Inc\.|Partners|Revision|Revisjon|Prüfung|Audit|Assurance|Accountants)\b/;
const AUDITOR_LABEL =
  /^(?:(?:independent )?service auditor|prepared by|audited by|examined by|auditor|audit firm|cpa firm)\s*[:|]\s*(.{3,90})$/i;

function auditorIn(entry: SectionedBlock, opinionSeen: boolean): string | null {
  const text = entry.block.text.trim();
  const labelled = AUDITOR_LABEL.exec(text);
  if (labelled) return (labelled[1] ?? '').trim();
  if (entry.section !== 'auditor' || !opinionSeen || entry.block.kind !== 'paragraph') return null;
  const signed = text.replace(/^\/s\/\s*/i, '');
  if (signed.split(/\s+/).length > 9 || /[.:]$/.test(signed.replace(/(?:Co|Inc|Ltd|P\.C|L\.L\.P|L\.L\.C)\.$/, ''))) return null;
  return FIRM.test(signed) || text.startsWith('/s/') ? signed : null;
}

function bridgeDate(blocks: SectionedBlock[]): ExtractedField | null {
  const letter = blocks.find((entry) => /\b(?:bridge|gap) letter\b/i.test(entry.block.text) && entry.block.kind !== 'row');
  if (!letter) return null;
  const page = letter.block.page;
  const nearby = blocks
    .filter((entry) => entry.block.page === page && entry.block.kind !== 'row')
    .sort((a, b) => Math.abs(a.index - letter.index) - Math.abs(b.index - letter.index));
  for (const entry of nearby) {
    const date = dateLine(entry.block.text) ?? dateAfter(entry.block.text, /\b(?:dated|date)\s*:?/i);
    if (date) return field('bridgeLetterDate', date, entry.block);
  }
  return null;
}

export function soc2Fields(blocks: SectionedBlock[]): ExtractedField[] {
  const fields: ExtractedField[] = [];
  const main = blocks.filter((entry) => entry.section !== 'bridge');
  const stated = first(main, (entry) => statedType(entry.block.text));
  const implied = first(main, (entry) => (entry.section === 'assertion' ? null : impliedType(entry.block.text)));
  const type = stated ?? implied;
  if (type) fields.push(field('reportType', type.value, type.block));
  if (type?.value !== 'type1') {
    const period = first(main, (entry) => findDateRange(entry.block.text));
    if (period) fields.push(field('periodStart', period.value.start, period.block), field('periodEnd', period.value.end, period.block));
  }
  if (type?.value !== 'type2') {
    const asOf = first(main, (entry) => dateAfter(entry.block.text, /\bas of\)?\s*:?/i));
    if (asOf) fields.push(field('asOfDate', asOf.value, asOf.block));
  }
  let opinionSeen = false;
  const auditor = first(main, (entry) => {
    const name = auditorIn(entry, opinionSeen);
    if (entry.section === 'auditor' && opinionIn(entry.block.text)) opinionSeen = true;
    return name;
  });
  if (auditor) fields.push(field('serviceAuditor', auditor.value, auditor.block));
  const opinion = first(main, (entry) => (entry.section === 'assertion' ? null : opinionIn(entry.block.text)));
  if (opinion) fields.push(field('opinion', opinion.value, opinion.block));
  const categories = first(main, (entry) => categoriesIn(entry.block.text));
  if (categories) fields.push(field('trustServicesCategories', categories.value, categories.block));
  const bridge = bridgeDate(blocks);
  if (bridge) fields.push(bridge);
  return fields;
}
