import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { setSearchDialogOpen } from '../search-dialog-store.ts';
import { SearchPanel } from './search-panel.tsx';

/** The search dialog itself; SearchDialog mounts it on first use. */
export function SearchDialogContent({ isOpen }: { isOpen: boolean }) {
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
