import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { toast } from '../../components/ui/toast-store.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';

/**
 * Presentation mode (product.md §4): Alt+P toggles it, the choice is persisted, and while it is on the
 * `presentation-mode` class on <html> lets CSS pause every animation; overlays that would distract
 * an audience (cookie banner, chat chrome, hero carousel) read the flag and step aside.
 */

export const PRESENTATION_CLASS = 'presentation-mode';

export const PRESENTATION_TOASTS = {
  enabled: 'Presentation Mode enabled (animations paused)',
  disabled: 'Presentation Mode disabled',
} as const;

export interface PresentationModeContextValue {
  isPresentationMode: boolean;
  togglePresentationMode: () => void;
}

const PresentationModeContext = createContext<PresentationModeContextValue | null>(null);

export function parsePresentationMode(value: string | null): boolean {
  return value === 'true';
}

function applyPresentationClass(on: boolean) {
  document.documentElement.classList.toggle(PRESENTATION_CLASS, on);
}

/** Alt+P, matched on the physical key too: on macOS Option+P types 'π', not 'p'. */
export function isPresentationShortcut(event: KeyboardEvent): boolean {
  if (!event.altKey || event.ctrlKey || event.metaKey) return false;
  return event.code === 'KeyP' || event.key.toLowerCase() === 'p';
}

export function PresentationModeProvider({ children }: { children: ReactNode }) {
  // Prerendered HTML is never in presentation mode; the stored choice is applied after hydration.
  const [isPresentationMode, setPresentationMode] = useState(false);
  const current = useRef(false);

  useEffect(() => {
    const stored = parsePresentationMode(readStorage(STORAGE_KEYS.presentationMode));
    current.current = stored;
    setPresentationMode(stored);
    applyPresentationClass(stored);
  }, []);

  const togglePresentationMode = useCallback(() => {
    const next = !current.current;
    current.current = next;
    setPresentationMode(next);
    writeStorage(STORAGE_KEYS.presentationMode, String(next));
    applyPresentationClass(next);
    toast({ title: next ? PRESENTATION_TOASTS.enabled : PRESENTATION_TOASTS.disabled });
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.repeat || !isPresentationShortcut(event)) return;
      event.preventDefault();
      togglePresentationMode();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [togglePresentationMode]);

  const value = useMemo(() => ({ isPresentationMode, togglePresentationMode }), [isPresentationMode, togglePresentationMode]);
  return <PresentationModeContext value={value}>{children}</PresentationModeContext>;
}

export function usePresentationMode(): PresentationModeContextValue {
  const context = use(PresentationModeContext);
  if (!context) throw new Error('usePresentationMode must be used within a PresentationModeProvider');
  return context;
}
