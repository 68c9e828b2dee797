import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { addToSearchHistory, parseSearchHistory, removeFromSearchHistory } from '../../../shared/rules/search-history.ts';
import { useConsent } from '../consent/consent.tsx';
import { readJson, writeStorage } from '../../lib/storage.ts';

/**
 * This page view's recent searches when they may not be stored: in memory, outliving the search
 * dialog (which unmounts when closed) until the page is left or reloaded.
 */
let pageViewHistory: string[] = [];

/** For tests: a new page view. */
export function forgetPageViewSearches(): void {
  pageViewHistory = [];
}

/**
 * Recent searches, kept across visits only with functional-cookie consent (the banner names them
 * there); without it they last for this page view (in memory, never stored) and anything stored
 * earlier is removed.
 */
export function useSearchHistory() {
  const { consent, hasConsent } = useConsent();
  const canPersist = hasConsent('functional');
  const [history, setHistory] = useState<string[]>(() => (canPersist ? [] : pageViewHistory));

  useEffect(() => {
    if (canPersist) setHistory(readJson(STORAGE_KEYS.searchHistory, parseSearchHistory) ?? []);
    else if (consent) writeStorage(STORAGE_KEYS.searchHistory, null);
  }, [canPersist, consent]);

  const update = useCallback(
    (next: string[]) => {
      setHistory(next);
      if (canPersist) writeStorage(STORAGE_KEYS.searchHistory, JSON.stringify(next));
      else pageViewHistory = next;
    },
    [canPersist],
  );

  const addSearch = useCallback((query: string) => update(addToSearchHistory(history, query)), [history, update]);
  const removeSearch = useCallback((query: string) => update(removeFromSearchHistory(history, query)), [history, update]);
  return { history, addSearch, removeSearch };
}
