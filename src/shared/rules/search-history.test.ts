import { describe, expect, it } from 'vitest';
import { addToSearchHistory, parseSearchHistory, recentSearches, removeFromSearchHistory, searchSuggestions } from './search-history.ts';

describe('search history', () => {
  it('puts the newest query first', () => {
    expect(addToSearchHistory(['audit'], 'risk')).toEqual(['risk', 'audit']);
  });

  it('moves a repeated query to the front instead of keeping two copies, ignoring case and spacing', () => {
    expect(addToSearchHistory(['risk', 'SOC 2', 'audit'], '  soc   2 ')).toEqual(['soc 2', 'risk', 'audit']);
  });

  it('keeps at most 10 queries, dropping the oldest', () => {
    const history = Array.from({ length: 10 }, (_, index) => `query ${index}`);
    const next = addToSearchHistory(history, 'newest');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('newest');
    expect(next).not.toContain('query 9');
    expect(next[9]).toBe('query 8');
  });

  it('ignores blank and one-character queries', () => {
    expect(addToSearchHistory(['audit'], '   ')).toEqual(['audit']);
    expect(addToSearchHistory(['audit'], ' a ')).toEqual(['audit']);
  });

  it('does not change the history it was given', () => {
    const history = ['audit'];
    addToSearchHistory(history, 'risk');
    expect(history).toEqual(['audit']);
  });

  it('shows the 4 newest as recent-search chips', () => {
    expect(recentSearches(['a1', 'b2', 'c3', 'd4', 'e5'])).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(recentSearches([])).toEqual([]);
  });

  it('removes one query whatever its case', () => {
    expect(removeFromSearchHistory(['Risk', 'audit'], 'risk')).toEqual(['audit']);
  });

  it('parses only what looks like a history, de-duplicated and capped', () => {
    expect(parseSearchHistory('audit')).toEqual([]);
    expect(parseSearchHistory(null)).toEqual([]);
    expect(parseSearchHistory(['audit', 42, 'Audit', '', 'x', ' risk '])).toEqual(['audit', 'risk']);
    const long = Array.from({ length: 15 }, (_, index) => `term ${index}`);
    expect(parseSearchHistory(long)).toEqual(long.slice(0, 10));
  });
});

describe('search suggestions', () => {
  it('offers the history then the fixed terms when nothing is typed, 5 at most', () => {
    expect(searchSuggestions(['soc 2 report', 'vendor risk'], '')).toEqual([
      'soc 2 report',
      'vendor risk',
      'compliance',
      'security',
      'audit',
    ]);
    expect(searchSuggestions([], '')).toEqual(['compliance', 'security', 'audit', 'risk', 'framework']);
  });

  it('prefers terms that start with the typed text, history first, then terms that contain it', () => {
    expect(searchSuggestions(['audit trail export'], 'au')).toEqual(['audit trail export', 'audit', 'automation']);
    expect(searchSuggestions([], 'ment')).toEqual(['documentation', 'assessment']);
  });

  it('never suggests the typed text back and never repeats a term', () => {
    expect(searchSuggestions(['Risk'], 'risk')).toEqual([]);
    expect(searchSuggestions(['privacy'], 'pri')).toEqual(['privacy']);
  });

  it('caps matching suggestions at 5', () => {
    const history = ['sa1', 'sa2', 'sa3', 'sa4', 'sa5', 'sa6'];
    expect(searchSuggestions(history, 'sa')).toEqual(['sa1', 'sa2', 'sa3', 'sa4', 'sa5']);
  });
});
