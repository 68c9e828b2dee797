import { useSyncExternalStore } from 'react';

/**
 * Whether the search dialog is open: one flag the header button, the Ctrl/Cmd+K shortcut and the
 * dialog share without a provider.
 */

let isOpen = false;
const listeners = new Set<() => void>();

export function setSearchDialogOpen(open: boolean): void {
  if (isOpen === open) return;
  isOpen = open;
  for (const listener of listeners) listener();
}

export function openSearchDialog(): void {
  setSearchDialogOpen(true);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
}
