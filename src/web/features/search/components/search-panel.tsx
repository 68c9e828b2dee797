import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Search, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH } from '../../../../shared/constants.ts';
import { searchSuggestions } from '../../../../shared/rules/search-history.ts';
import type { SearchResult } from '../../../../shared/schemas/search.ts';
import { resolveAccessToken } from '../../auth/auth-client.ts';
import { fetchSearchResults, searchKeys } from '../api/search-content.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { useSearchHistory } from '../use-search-history.ts';
import { SearchIdleState, SearchFooter } from './search-hints.tsx';
import { SearchResultItem, isExternalUrl } from './search-result-item.tsx';

const groupClass =
  'px-2 py-1.5 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted-foreground';

/** The dialog's body: input, results, suggestions and hints. Mounted only while open, so it starts blank. */
// eslint-disable-next-line max-lines-per-function -- the input, result groups, suggestions and hints share the query and the cmdk selection; each group is short JSX
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const { history, addSearch } = useSearchHistory();
  const trimmed = query.trim();
  const isActive = trimmed.length >= SEARCH.minQueryLength;
  const debounced = useDebouncedValue(trimmed, SEARCH.debounceMs);
  const term = isActive && debounced.length >= SEARCH.minQueryLength ? debounced : '';

  const search = useQuery({
    queryKey: searchKeys.query(term),
    queryFn: async ({ signal }) => fetchSearchResults(term, { token: await resolveAccessToken(), signal }),
    enabled: term !== '',
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

  // A blank or too-short query clears the results (product.md §5); a failed search shows nothing (product.md §8).
  const response = isActive && term !== '' ? search.data : undefined;
  const results = response?.results.slice(0, SEARCH.maxResultsShown) ?? [];
  const isSearching = isActive && search.isFetching;
  const showNoResults = isActive && !isSearching && term === trimmed && response?.results.length === 0;
  const suggestions = searchSuggestions(history, trimmed);

  function choose(result: SearchResult) {
    addSearch(term || trimmed);
    onClose();
    if (isExternalUrl(result.url_path)) window.open(result.url_path, '_blank', 'noopener,noreferrer');
    else void navigate(result.url_path);
  }

  function applyTerm(value: string) {
    setQuery(value);
    input.current?.focus();
  }

  return (
    <Command shouldFilter={false} vimBindings={false} loop label="Search the product" className="flex min-h-0 w-full min-w-0 flex-col">
      <div className="flex items-center gap-2 border-b border-border px-3">
        <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        <Command.Input
          ref={input}
          value={query}
          onValueChange={setQuery}
          placeholder="Search anything..."
          maxLength={200}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-foreground outline-none placeholder:text-muted-foreground"
        />
        {query ? (
          <button
            type="button"
            onClick={() => applyTerm('')}
            aria-label="Clear search"
            className="rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close search"
          className="rounded-md border border-border px-1.5 py-0.5 text-xs font-medium text-muted-foreground hover:bg-muted"
        >
          Esc
        </button>
      </div>
      {/* In the tab order so keyboard users can scroll a long list (results are not focusable themselves). */}
      <div
        role="region"
        aria-label="Search results"
        tabIndex={0}
        className="max-h-[min(60dvh,28rem)] overflow-y-auto overscroll-contain py-2 focus-visible:outline-offset-[-2px]"
      >
        <div aria-live="polite" className="px-5 text-sm text-muted-foreground">
          {isSearching ? <p className="py-3">Searching...</p> : null}
          {showNoResults ? <p className="py-3">No results found for &quot;{term}&quot;</p> : null}
        </div>
        {trimmed === '' ? <SearchIdleState history={history} onPick={applyTerm} /> : null}
        <Command.List>
          {results.length > 0 ? (
            <Command.Group heading="Results" className={groupClass}>
              {results.map((result) => (
                <SearchResultItem key={result.id} result={result} onSelect={choose} />
              ))}
            </Command.Group>
          ) : null}
          {suggestions.length > 0 ? (
            <Command.Group heading="Suggestions" className={groupClass}>
              {suggestions.map((suggestion) => (
                <Command.Item
                  key={suggestion}
                  value={`suggestion:${suggestion}`}
                  onSelect={() => applyTerm(suggestion)}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-foreground data-[selected=true]:bg-muted"
                >
                  <Search className="size-4 text-muted-foreground" aria-hidden />
                  {suggestion}
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
        </Command.List>
      </div>
      <SearchFooter />
    </Command>
  );
}
