import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { addToSearchHistory, parseSearchHistory, removeFromSearchHistory } from '../../../shared/rules/search-history.ts';
import { useConsent } from '../consent/consent.tsx';
import { readJson, writeStorage } from '../../lib/storage.ts';

/**
 * Recent searches, kept across visits only with functional-cookie consent (the banner names them
 * there); without it they last for this page view and anything stored earlier is removed.
 */
export function useSearchHistory() {
  const { consent, hasConsent } = useConsent();
  const canPersist = hasConsent('functional');
  const [history, setHistory] = useState<string[]>([]);

  useEffect(() => {
    if (canPersist) setHistory(readJson(STORAGE_KEYS.searchHistory, parseSearchHistory) ?? []);
    else if (consent) writeStorage(STORAGE_KEYS.searchHistory, null);
  }, [canPersist, consent]);

  const update = useCallback(
    (next: string[]) => {
      setHistory(next);
      if (canPersist) writeStorage(STORAGE_KEYS.searchHistory, JSON.stringify(next));
    },
    [canPersist],
  );

  const addSearch = useCallback((query: string) => update(addToSearchHistory(history, query)), [history, update]);
  const removeSearch = useCallback((query: string) => update(removeFromSearchHistory(history, query)), [history, update]);
  return { history, addSearch, removeSearch };
}
