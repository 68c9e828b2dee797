import { HIGHLIGHT_END, HIGHLIGHT_START, type RequirementHit } from '../../../shared/schemas/search.ts';
import type { CatalogueIndex, FrameworkRow, RequirementRow } from '../frameworks/catalogue-index.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

/**
 * Requirement hits for the search dialog: the catalogue (≈1,500 requirements) is searched in memory,
 * from the copy the programme's services already hold. A query that is a requirement's id (A.8.11,
 * cc6.1, "Art. 32") finds it first, then the requirements under it; otherwise every word of three
 * letters or more must start a word of the title or summary, title matches ranking first.
 */

export const REQUIREMENT_HITS_MAX = 5;
const EXCERPT_LENGTH = 200;
const MIN_WORD = 3;

interface Indexed {
  framework: FrameworkRow;
  requirement: RequirementRow;
  ref: string;
  title: string;
  summary: string;
}

const indexes = new WeakMap<CatalogueIndex, Indexed[]>();

function indexed(catalogue: CatalogueIndex): Indexed[] {
  let rows = indexes.get(catalogue);
  if (!rows) {
    rows = catalogue.frameworks.flatMap((framework) =>
      (catalogue.requirementsByFramework.get(framework.id) ?? []).map((requirement) => ({
        framework,
        requirement,
        ref: normalizeRef(requirement.ref),
        title: requirement.title.toLocaleLowerCase('en'),
        summary: requirement.summary.toLocaleLowerCase('en'),
      })),
    );
    indexes.set(catalogue, rows);
  }
  return rows;
}

function normalizeRef(ref: string): string {
  return ref.toLocaleLowerCase('en').replaceAll(/\s+/g, '');
}

const escape = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

function startsWord(text: string, word: string): boolean {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escape(word)}`, 'u').test(text);
}

/** The summary's opening (or the part around the first match), with the query's words marked. */
function excerpt(summary: string, words: readonly string[]): string {
  const plain = summary.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '');
  const lower = plain.toLocaleLowerCase('en');
  const first = Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0), plain.length);
  const start = first > EXCERPT_LENGTH - 60 ? Math.max(0, first - 60) : 0;
  let text = plain.slice(start, start + EXCERPT_LENGTH);
  if (start > 0) text = `… ${text}`;
  if (start + EXCERPT_LENGTH < plain.length) text = `${text}…`;
  if (words.length === 0) return text;
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])(${words.map(escape).join('|')})`, 'giu');
  return text.replace(pattern, `$1${HIGHLIGHT_START}$2${HIGHLIGHT_END}`);
}

function toHit(row: Indexed, words: readonly string[]): RequirementHit {
  const { framework, requirement } = row;
  return {
    frameworkId: framework.id,
    frameworkName: framework.name,
    ref: requirement.ref,
    title: requirement.title,
    excerpt: excerpt(requirement.summary, words),
    url_path: workspaceHref.framework(framework.id, { ref: requirement.ref }),
  };
}

export function searchRequirements(catalogue: CatalogueIndex, q: string, limit = REQUIREMENT_HITS_MAX): RequirementHit[] {
  const rows = indexed(catalogue);
  const ref = normalizeRef(q.trim());
  // An id: the requirement itself, then those under it (CC6 → CC6.1, CC6.2…).
  if (/\d/.test(ref) && ref.length >= 2) {
    const exact = rows.filter((row) => row.ref === ref);
    const under = rows.filter((row) => row.ref !== ref && row.ref.startsWith(ref) && /^[.\-(]/.test(row.ref.slice(ref.length)));
    const byRef = [...exact, ...under];
    if (byRef.length > 0) return byRef.slice(0, limit).map((row) => toHit(row, []));
  }
  const words = (q.toLocaleLowerCase('en').match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length >= MIN_WORD).slice(0, 8);
  if (words.length === 0) return [];
  const scored: { row: Indexed; score: number }[] = [];
  for (const row of rows) {
    let score = 0;
    for (const word of words) {
      if (startsWord(row.title, word)) score += 3;
      else if (startsWord(row.summary, word)) score += 1;
      else {
        score = -1;
        break;
      }
    }
    if (score > 0) scored.push({ row, score: row.requirement.assessable ? score + 0.5 : score });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, limit).map(({ row }) => toHit(row, words));
}
