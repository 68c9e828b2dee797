import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { PresentationModeProvider } from '../../presentation/presentation-mode.tsx';
import { HeroPreview } from './hero-preview.tsx';

const wrap = (children: ReactNode) => <PresentationModeProvider>{children}</PresentationModeProvider>;
const shown = () =>
  screen.getAllByRole('group', { hidden: false }).find((slide) => !slide.hidden && slide.getAttribute('aria-roledescription') === 'slide');

function stubReducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('presentation-mode');
});

describe('the hero preview', () => {
  it('titles the shown screen with a level-2 heading, right under the page heading (no skipped level)', () => {
    render(wrap(<HeroPreview />));
    // Hidden slides are out of the accessibility tree: one level-2 heading, the shown screen's.
    expect(screen.getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent])).toEqual([['H2', 'Risk Analytics']]);
  });

  it('rotates Risk Analytics → Compliance Center → AI Agents → Task Management every 4 s, wrapping', () => {
    render(wrap(<HeroPreview />));
    const names = [shown()?.getAttribute('aria-label')];
    for (let step = 0; step < 4; step += 1) {
      act(() => {
        vi.advanceTimersByTime(3_999);
      });
      expect(shown()?.getAttribute('aria-label')).toBe(names.at(-1));
      act(() => {
        vi.advanceTimersByTime(1);
      });
      names.push(shown()?.getAttribute('aria-label'));
    }
    expect(names).toEqual([
      '1 of 4: Risk Analytics',
      '2 of 4: Compliance Center',
      '3 of 4: AI Agents',
      '4 of 4: Task Management',
      '1 of 4: Risk Analytics',
    ]);
  });

  it('pauses with the visible control and plays again', () => {
    render(wrap(<HeroPreview />));
    act(() => screen.getByRole('button', { name: 'Pause preview rotation' }).click());
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    expect(shown()?.getAttribute('aria-label')).toBe('1 of 4: Risk Analytics');
    act(() => screen.getByRole('button', { name: 'Play preview rotation' }).click());
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(shown()?.getAttribute('aria-label')).toBe('2 of 4: Compliance Center');
  });

  it('lets the visitor pick a screen', () => {
    render(wrap(<HeroPreview />));
    act(() => screen.getByRole('button', { name: 'Show AI Agents' }).click());
    expect(shown()?.getAttribute('aria-label')).toBe('3 of 4: AI Agents');
    expect(screen.getByRole('button', { name: 'Show AI Agents' }).getAttribute('aria-current')).toBe('true');
  });

  it('stays still under prefers-reduced-motion', () => {
    stubReducedMotion(true);
    render(wrap(<HeroPreview />));
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(shown()?.getAttribute('aria-label')).toBe('1 of 4: Risk Analytics');
    screen.getByText('Rotation paused');
  });

  it('stays still in presentation mode', () => {
    window.localStorage.setItem(STORAGE_KEYS.presentationMode, 'true');
    render(wrap(<HeroPreview />));
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(shown()?.getAttribute('aria-label')).toBe('1 of 4: Risk Analytics');
    expect(screen.queryByRole('button', { name: 'Pause preview rotation' })).toBeNull();
  });
});
