import { useEffect } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { setSearchDialogOpen, useSearchDialogOpen } from '../search-dialog-store.ts';
import { SearchPanel } from './search-panel.tsx';

/** Ctrl+K on Windows and Linux, Cmd+K on macOS; never with Alt or Shift (other shortcuts). */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/** The global search dialog (spec §2 Global overlays): mounted once, opened by Ctrl/Cmd+K or the header button. */
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

  return (
    <Dialog open={isOpen} onOpenChange={setSearchDialogOpen}>
      <DialogContent
        showCloseButton={false}
        className="top-[8dvh] max-h-[84dvh] max-w-2xl translate-y-0 gap-0 overflow-hidden p-0 sm:top-[12dvh]"
        data-testid="search-dialog"
      >
        <DialogTitle className="sr-only">Search the product</DialogTitle>
        <DialogDescription className="sr-only">
          Type at least two characters; use the arrow keys to move through the results and Enter to open one.
        </DialogDescription>
        {isOpen ? <SearchPanel onClose={() => setSearchDialogOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
