import { recentSearches } from '../../../../shared/rules/search-history.ts';

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-sans text-[0.7rem] font-medium text-foreground">
      {children}
    </kbd>
  );
}

/** Nothing typed yet: the hint and the 'Recent searches:' chips (4 newest). */
export function SearchIdleState({ history, onPick }: { history: readonly string[]; onPick: (query: string) => void }) {
  const recent = recentSearches(history);
  return (
    <div className="px-5 pb-2 pt-1">
      <p className="text-sm text-muted-foreground">Type to search documentation, features, and support articles</p>
      {recent.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold text-muted-foreground" id="recent-searches-label">
            Recent searches:
          </span>
          <ul className="flex flex-wrap gap-2" aria-labelledby="recent-searches-label">
            {recent.map((query) => (
              <li key={query}>
                <button
                  type="button"
                  onClick={() => onPick(query)}
                  className="rounded-full border border-border bg-muted/60 px-3 py-1 text-xs text-foreground hover:bg-muted"
                >
                  {query}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** product.md §2: Enter to select, Esc to close, Ctrl/Cmd+K to search. */
export function SearchFooter() {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-border px-4 py-2.5 text-xs text-muted-foreground">
      <span>
        <Kbd>Enter</Kbd> to select
      </span>
      <span>
        <Kbd>Esc</Kbd> to close
      </span>
      <span>
        <Kbd>Ctrl/Cmd+K</Kbd> to search
      </span>
    </div>
  );
}
