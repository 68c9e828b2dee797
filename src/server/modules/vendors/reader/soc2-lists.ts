import type {
  ExtractedCuec,
  ExtractedException,
  ExtractedSubserviceOrganization,
  SubserviceMethod,
} from '../../../../shared/schemas/vendor-document-extraction.ts';
import { criteriaIn, withoutCriteria } from './criteria.ts';
import type { SectionedBlock } from './report-sections.ts';

/** A SOC 2 report's lists: exceptions in the tests of controls, the CUECs, the subservice organizations. */

const EXCEPTION =
  /\b(?:exceptions?|deviations?)\s+(?:was |were )?(?:noted|identified|found|observed)\b|\bexceptions?\s*:|\bdeviations?\s*:/i;
const NO_EXCEPTION = /\bno (?:exceptions?|deviations?|relevant exceptions)\b|\bnone noted\b/i;
const EXCEPTION_LEAD =
  /^.*?\b(?:exceptions?|deviations?)\s+(?:was |were )?(?:noted|identified|found|observed)\b\s*[.:\-–—]?\s*|^.*?\b(?:exceptions?|deviations?)\s*:\s*/i;

function exceptionText(text: string): string | null {
  if (!EXCEPTION.test(text) || NO_EXCEPTION.test(text)) return null;
  // A result that ends with "Exception noted." keeps what it said before it.
  return (
    text.replace(EXCEPTION_LEAD, '').trim() ||
    text
      .replace(EXCEPTION, '')
      .replace(/[\s.:]+$/, '')
      .trim()
  );
}

/** The column whose cells hold criteria (in a row, the first cell that is a reference). */
function criterionOfRow(cells: string[]): string | null {
  for (const cell of cells) {
    if (/^(?:CC|PI|A|C|P)\s?\d{1,2}\.\d{1,2}\b/.test(cell.trim())) return criteriaIn(cell)[0] ?? null;
  }
  return criteriaIn(cells.join(' '))[0] ?? null;
}

export function soc2Exceptions(blocks: SectionedBlock[]): ExtractedException[] {
  const hasTests = blocks.some((entry) => entry.section === 'tests');
  const inScope = (entry: SectionedBlock) =>
    hasTests ? entry.section === 'tests' : !['auditor', 'assertion', 'other', 'bridge', 'front'].includes(entry.section);
  const found: ExtractedException[] = [];
  let criterion: string | null = null;
  for (const [position, entry] of blocks.entries()) {
    if (!inScope(entry)) continue;
    const { block } = entry;
    if (block.kind === 'row') {
      const result = block.cells.map((cell) => exceptionText(cell)).find((text) => text !== null && text !== undefined);
      const rowCriterion = criterionOfRow(block.cells);
      if (rowCriterion) criterion = rowCriterion;
      // A row without its own criterion belongs to the criterion heading the table (tables per criterion).
      const rowRef = rowCriterion ?? criterion;
      if (result !== undefined && result !== null && rowRef) found.push({ criterion: rowRef, description: result, page: block.page });
      continue;
    }
    const own = criteriaIn(block.text);
    let description = exceptionText(block.text);
    if (description === null) {
      if (own.length > 0) criterion = own[0] ?? criterion;
      continue;
    }
    if (!description) description = blocks[position + 1]?.block.text ?? '';
    const ref = own[0] ?? criterion;
    if (ref && description) found.push({ criterion: ref, description, page: block.page });
  }
  return found.filter(
    (exception, index) =>
      !found.slice(0, index).some((other) => other.criterion === exception.criterion && other.description === exception.description),
  );
}

export function soc2Cuecs(blocks: SectionedBlock[]): ExtractedCuec[] {
  const cuecs: ExtractedCuec[] = [];
  for (const { block, section } of blocks) {
    if (section !== 'cuec') continue;
    if (block.kind === 'item') {
      cuecs.push({ text: withoutCriteria(block.text), criteria: criteriaIn(block.text), page: block.page });
    } else if (block.kind === 'row') {
      const text = [...block.cells].sort((a, b) => b.length - a.length)[0] ?? '';
      if (text.split(/\s+/).length < 4) continue;
      const criteria = criteriaIn(block.cells.filter((cell) => cell !== text).join(' '));
      cuecs.push({ text: withoutCriteria(text), criteria: criteria.length > 0 ? criteria : criteriaIn(text), page: block.page });
    }
  }
  return cuecs;
}

function methodIn(text: string): SubserviceMethod | null {
  if (/carve[sd]?[- ]?out|carved[- ]out|\bexclud|not included|\bexcludes?\b/i.test(text)) return 'carved_out';
  if (/\binclusive\b|\bincluded\b|\bincludes\b/i.test(text)) return 'inclusive';
  return null;
}

const NAME =
  /(?:uses|utili[sz]es|relies (?:up)?on|engages|outsources[^.]{0,40}? to)\s+((?:[A-Z][\w&'’.-]*|&)(?:(?:,?\s+|\s*,\s*)(?:[A-Z][\w&'’.-]*|&))*)/;

function cleanName(name: string): string {
  return name
    .replace(/\s*[–—-]\s*$/, '')
    .replace(/[,;:]$/, '')
    .replace(/\.$/, (dot, offset: number, whole: string) => (/\b(?:Inc|Ltd|Co|Corp|L\.L\.C|S\.A)\.$/.test(whole) ? dot : ''))
    .trim();
}

export function soc2Subservice(blocks: SectionedBlock[]): ExtractedSubserviceOrganization[] {
  const entries = blocks.filter((entry) => entry.section === 'subservice');
  const sectionMethod = methodIn(entries.map((entry) => entry.block.text).join(' '));
  const found: ExtractedSubserviceOrganization[] = [];
  for (const { block } of entries) {
    let name: string | null = null;
    if (block.kind === 'row') name = block.cells[0] ?? null;
    else if (block.kind === 'item') name = /^(.+?)(?:\s+[–—-]\s+|\s*:\s+|\s+\(|\s+provides\b|\s+for\b)/.exec(block.text)?.[1] ?? null;
    else if (block.kind === 'paragraph') name = NAME.exec(block.text)?.[1] ?? null;
    if (!name || block.kind === 'heading') continue;
    const cleaned = cleanName(name);
    const method = methodIn(block.kind === 'row' ? block.cells.slice(1).join(' ') : block.text) ?? sectionMethod;
    if (cleaned && method && !found.some((other) => other.name === cleaned)) found.push({ name: cleaned, method, page: block.page });
  }
  return found;
}
