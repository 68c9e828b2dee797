import type { ExtractedField } from '../../../../shared/schemas/vendor-document-extraction.ts';
import type { Block } from './document-blocks.ts';
import { dateAfter, findDateRange } from './read-dates.ts';

/** An ISO/IEC 27001 certificate's fields: standard, scope, issuer, validity and number. */

const field = (key: ExtractedField['key'], value: string, block: Block): ExtractedField => ({
  key,
  value,
  page: block.page,
  quote: block.text.slice(0, 500),
});

function first(blocks: Block[], read: (block: Block, index: number) => string | null): { value: string; block: Block } | null {
  for (const [index, block] of blocks.entries()) {
    const value = read(block, index);
    if (value) return { value, block };
  }
  return null;
}

const STANDARD = /\bISO\s*\/?\s*(?:IEC\s*)?27001(?:\s*:\s*(\d{4}))?/i;
const NUMBER =
  /\b(?:certificate|registration|cert\.?|certification)\s*(?:no\.?|number|#|id)\s*[:|]?\s*((?:[A-Z]{1,5}\s)?[A-Z0-9][A-Z0-9./-]*\d[A-Z0-9./-]*)/i;
const FROM =
  /\b(?:valid from|valid since|effective(?: date| from)?|date of issue|issue date|issued on|(?:current )?certification date|certified since)\)?\s*:?/i;
const UNTIL =
  /\b(?:valid until|valid to|valid through|expiry date|expiration date|expires(?: on)?|date of expiry|remains valid until|valid till)\s*:?/i;
const ISSUER =
  /(?:certification body|issued by|certified by|registrar|on behalf of)\s*:?\s+(?:the\s+)?([A-Z][^,;:\n]*?(?:,\s*(?:LLC|Inc\.|Ltd\.?|GmbH|AG|SA|B\.V\.))?)\s*$/i;

const SCOPE_LABEL = /^(?:the )?scope(?: of (?:the )?(?:certification|registration|this certificate))?\s*[:|]\s*(.{10,})$/i;

function scopeOf(blocks: Block[], block: Block, index: number): string | null {
  const labelled = SCOPE_LABEL.exec(block.text.trim());
  if (labelled) return (labelled[1] ?? '').trim();
  if (/for the following scope:?$|within the scope:?$|scope of (?:certification|registration):?$/i.test(block.text.trim())) {
    const next = blocks[index + 1]?.text.trim() ?? '';
    return (SCOPE_LABEL.exec(next)?.[1] ?? next).trim() || null;
  }
  return null;
}

export function certificateFields(blocks: Block[]): ExtractedField[] {
  const fields: ExtractedField[] = [];
  const standard = first(blocks, (block) => {
    const match = STANDARD.exec(block.text);
    return match ? `ISO/IEC 27001${match[1] ? `:${match[1]}` : ''}` : null;
  });
  if (standard) fields.push(field('standard', standard.value, standard.block));
  const scope = first(blocks, (block, index) => scopeOf(blocks, block, index));
  if (scope) {
    const stated = blocks.find((block) => block.text.includes(scope.value)) ?? scope.block;
    fields.push(field('scope', scope.value, stated));
  }
  const issuer = first(blocks, (block) => ISSUER.exec(block.text.trim())?.[1]?.trim() ?? null);
  if (issuer) {
    const stated = blocks.find((block) => block.text.includes(issuer.value)) ?? issuer.block;
    fields.push(field('issuer', issuer.value, stated));
  }
  const number = first(blocks, (block) => NUMBER.exec(block.text)?.[1]?.replace(/[.,)]+$/, '') ?? null);
  if (number) fields.push(field('certificateNumber', number.value, number.block));
  const from = first(blocks, (block) =>
    /original|initial|first/i.test(block.text) ? null : (dateAfter(block.text, FROM) ?? findDateRange(block.text)?.start ?? null),
  );
  if (from) fields.push(field('validFrom', from.value, from.block));
  const until = first(blocks, (block) => dateAfter(block.text, UNTIL) ?? findDateRange(block.text)?.end ?? null);
  if (until) fields.push(field('validUntil', until.value, until.block));
  return fields;
}
