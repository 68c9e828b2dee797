import { Suspense, useEffect } from 'react';
import { lazyWithQuery } from '../../../lib/lazy-with-query.tsx';
import { useOnceTrue } from '../../../lib/use-once-true.ts';
import { setSearchDialogOpen, useSearchDialogOpen } from '../search-dialog-store.ts';

// The dialog and its search panel load on the first Ctrl/Cmd+K or press of the header button.
const SearchDialogContent = lazyWithQuery(() => import('./search-dialog-content.tsx').then((module) => module.SearchDialogContent));

/** Ctrl+K on Windows and Linux, Cmd+K on macOS; never with Alt or Shift (other shortcuts). */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/** The global search dialog (product.md §2 Global overlays): mounted once, opened by Ctrl/Cmd+K or the header button. */
export function SearchDialog() {
  const isOpen = useSearchDialogOpen();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setSearchDialogOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const hasOpened = useOnceTrue(isOpen);
  return hasOpened ? (
    <Suspense>
      <SearchDialogContent isOpen={isOpen} />
    </Suspense>
  ) : null;
}
