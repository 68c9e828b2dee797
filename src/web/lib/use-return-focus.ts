import { useCallback, useRef } from 'react';

/**
 * Focus restoration for a dialog opened by something other than its own Radix Trigger (Radix
 * only returns focus to its Trigger): remember what had focus when the dialog opened and give
 * it back when the dialog closes. Wire `capture` to onOpenAutoFocus and `restore` to
 * onCloseAutoFocus.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const capture = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback((event: Event) => {
    const target = opener.current;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);
  return { capture, restore };
}
