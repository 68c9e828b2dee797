import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from '../../../shared/constants.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';

/**
 * Light by default, dark on request, no "system" option (product.md §1). The inline script in the
 * document head applies the stored theme before first paint; this context keeps it in sync.
 */

export function parseTheme(value: string | null): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

/** Runs before React, inline in <head>: must stay self-contained (its hash goes into the CSP). */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)})==='dark')document.documentElement.classList.add('dark')}catch(e){}`;

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  // Prerendered HTML is light; the stored choice is read after hydration so the markup matches.
  const [theme, setThemeState] = useState<Theme>(DEFAULT_THEME);
  useEffect(() => setThemeState(parseTheme(readStorage(STORAGE_KEYS.theme))), []);
  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    writeStorage(STORAGE_KEYS.theme, next);
    applyTheme(next);
  }, []);
  const value = useMemo(() => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }), [theme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = use(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
