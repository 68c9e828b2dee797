import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { openSearchDialog } from '../search-dialog-store.ts';

/** The navigation's way into search, for pointer and touch users (keyboard users also have Ctrl/Cmd+K). */
export function SearchButton() {
  return (
    <Button
      variant="ghost"
      onClick={openSearchDialog}
      aria-label="Search"
      aria-keyshortcuts="Control+K Meta+K"
      className="size-10 px-0 text-muted-foreground 2xl:w-auto 2xl:justify-start 2xl:gap-2 2xl:border 2xl:border-border 2xl:px-3"
    >
      <Search aria-hidden />
      <span className="hidden text-sm 2xl:inline">Search</span>
      <kbd className="hidden rounded border border-border bg-muted px-1.5 text-[0.7rem] font-medium 2xl:inline">Ctrl K</kbd>
    </Button>
  );
}
