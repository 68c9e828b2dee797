import { SEARCH } from '../constants.ts';

/**
 * Search history and suggestions (product.md §3, §9): at most 10 recent queries, newest first,
 * de-duplicated (case-insensitively: 'SOC 2' and 'soc 2' are one search); 4 shown as chips;
 * up to 5 suggestions drawn from the history first, then the fixed terms.
 */

const MAX_QUERY_LENGTH = 200;

function normalise(query: string): string {
  return query.trim().replaceAll(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH);
}

function sameQuery(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

/** Reads whatever was stored; anything that is not a list of strings becomes an empty history. */
export function parseSearchHistory(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const history: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const query = normalise(item);
    if (query.length < SEARCH.minQueryLength || history.some((kept) => sameQuery(kept, query))) continue;
    history.push(query);
    if (history.length === SEARCH.historyMax) break;
  }
  return history;
}

/** Puts the query first, drops an older copy of it, keeps at most 10. Too-short queries change nothing. */
export function addToSearchHistory(history: readonly string[], query: string): string[] {
  const entry = normalise(query);
  if (entry.length < SEARCH.minQueryLength) return [...history];
  return [entry, ...history.filter((kept) => !sameQuery(kept, entry))].slice(0, SEARCH.historyMax);
}

export function removeFromSearchHistory(history: readonly string[], query: string): string[] {
  return history.filter((kept) => !sameQuery(kept, query));
}

/** The chips under 'Recent searches:'. */
export function recentSearches(history: readonly string[]): string[] {
  return history.slice(0, SEARCH.historyShown);
}

/**
 * Up to 5 suggestions. With nothing typed: the history, then the fixed terms. With text typed:
 * the candidates that start with it (history first), then those that merely contain it; the
 * typed text itself is never suggested back.
 */
export function searchSuggestions(history: readonly string[], input: string): string[] {
  const candidates: string[] = [];
  for (const term of [...history, ...SEARCH.fixedSuggestionTerms]) {
    if (!candidates.some((kept) => sameQuery(kept, term))) candidates.push(term);
  }
  const typed = normalise(input).toLocaleLowerCase();
  if (typed === '') return candidates.slice(0, SEARCH.suggestionsMax);
  const others = candidates.filter((term) => !sameQuery(term, typed));
  const starting = others.filter((term) => term.toLocaleLowerCase().startsWith(typed));
  const containing = others.filter((term) => !term.toLocaleLowerCase().startsWith(typed) && term.toLocaleLowerCase().includes(typed));
  return [...starting, ...containing].slice(0, SEARCH.suggestionsMax);
}
