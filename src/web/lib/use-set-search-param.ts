import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets one URL search parameter (an empty value removes it), replacing the history entry: a register's
 * filters live in the URL so a link shares them, without a Back step per change.
 */
export function useSetSearchParam(): (name: string, value: string) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (name, value) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
