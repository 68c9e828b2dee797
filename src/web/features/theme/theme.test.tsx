import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { THEME_BOOT_SCRIPT, ThemeProvider, parseTheme, useTheme } from './theme.tsx';

function Probe() {
  const { theme, toggleTheme } = useTheme();
  return (
    <button type="button" onClick={toggleTheme}>
      {theme}
    </button>
  );
}

describe('theme', () => {
  it('is light by default and has no system option', () => {
    expect(parseTheme(null)).toBe('light');
    expect(parseTheme('system')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
  });

  it('persists the choice under the theme key and applies the dark class', async () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'light' }));
    screen.getByRole('button', { name: 'dark' });
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('restores a stored choice', async () => {
    window.localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    await screen.findByRole('button', { name: 'dark' });
  });

  it('throws outside its provider', () => {
    expect(() => render(<Probe />)).toThrow('useTheme must be used within a ThemeProvider');
  });

  it('boots the dark class before React from the same storage key', () => {
    document.documentElement.classList.remove('dark');
    window.localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    new Function(THEME_BOOT_SCRIPT)();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
