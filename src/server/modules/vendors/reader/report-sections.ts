import type { Block } from './document-blocks.ts';

/**
 * Which part of a SOC 2 report each block is in, from the headings: the auditor's report, the
 * assertion, the system description and its parts (subservice organizations, the complementary
 * subservice organization controls, the CUECs), the tests of controls, other information and a bridge
 * letter. A heading that names none of them ends a part (subservice, CSOC, CUEC) but not a section.
 */

export const SECTIONS = ['front', 'auditor', 'assertion', 'description', 'subservice', 'csoc', 'cuec', 'tests', 'other', 'bridge'] as const;
export type Section = (typeof SECTIONS)[number];

const PARTS = new Set<Section>(['subservice', 'csoc', 'cuec']);

const HEADINGS: [Section, RegExp][] = [
  ['csoc', /complementary subservice organi[sz]ation controls?/i],
  [
    'cuec',
    /complementary user entity|user entity (?:controls?|responsibilit|consideration)|(?:client|customer) (?:responsibilit|control consideration)|user control considerations/i,
  ],
  ['subservice', /^(?:[\divx]+[.)]?\s+)?subservice organi[sz]ations?\b/i],
  ['bridge', /\b(?:bridge|gap) letter\b/i],
  ['other', /other information|management'?s response/i],
  [
    'tests',
    /tests? of controls|results of tests|testing (?:matri|procedures)|criteria(?:,| and) related controls|control activities and tests/i,
  ],
  ['auditor', /(?:independent )?service auditor'?s report|report of (?:the )?independent|independent (?:service )?auditor/i],
  ['assertion', /assertion/i],
  ['description', /description of (?:the |its )?system|system description|(?:the )?system overview/i],
];

/** A line that can name a section: a heading, or a short paragraph that is not a sentence nor a contents entry. */
function headingText(block: Block): string | null {
  if (block.kind === 'row' || block.kind === 'item') return null;
  const text = block.text.trim();
  if (block.kind === 'heading') return text;
  const words = text.split(/\s+/).length;
  if (words > 14 || /[.:;,]$/.test(text) || /(?:\.{3,}|\s)\d{1,3}$/.test(text)) return null;
  return text;
}

export function sectionOf(block: Block): Section | null {
  const text = headingText(block);
  if (!text) return null;
  for (const [section, pattern] of HEADINGS) if (pattern.test(text)) return section;
  return null;
}

export interface SectionedBlock {
  block: Block;
  section: Section;
  index: number;
}

export function sectionBlocks(blocks: Block[]): SectionedBlock[] {
  let section: Section = 'front';
  let parent: Section = 'front';
  return blocks.map((block, index) => {
    const named = sectionOf(block);
    if (named) {
      section = named;
      if (!PARTS.has(named)) parent = named;
    } else if (block.kind === 'heading' && PARTS.has(section)) {
      section = parent;
    }
    return { block, section, index };
  });
}
