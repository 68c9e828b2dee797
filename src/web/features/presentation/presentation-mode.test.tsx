import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { dismissToast, useToasts } from '../../components/ui/toast-store.ts';
import { PRESENTATION_CLASS, PresentationModeProvider, usePresentationMode } from './presentation-mode.tsx';

function Probe() {
  const { isPresentationMode, togglePresentationMode } = usePresentationMode();
  return (
    <button type="button" onClick={togglePresentationMode}>
      {isPresentationMode ? 'on' : 'off'}
    </button>
  );
}

function lastToastTitle(): string | undefined {
  return renderHook(() => useToasts()).result.current[0]?.title;
}

afterEach(() => {
  for (const item of renderHook(() => useToasts()).result.current) dismissToast(item.id);
  document.documentElement.classList.remove(PRESENTATION_CLASS);
});

describe('presentation mode', () => {
  it('is off by default', () => {
    render(
      <PresentationModeProvider>
        <Probe />
      </PresentationModeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('off');
    expect(document.documentElement.classList.contains(PRESENTATION_CLASS)).toBe(false);
  });

  it('toggles with Alt+P, persists the flag, pauses animations through the html class and toasts', () => {
    render(
      <PresentationModeProvider>
        <Probe />
      </PresentationModeProvider>,
    );
    act(() => void fireEvent.keyDown(window, { key: 'p', code: 'KeyP', altKey: true }));
    expect(screen.getByRole('button').textContent).toBe('on');
    expect(window.localStorage.getItem(STORAGE_KEYS.presentationMode)).toBe('true');
    expect(document.documentElement.classList.contains(PRESENTATION_CLASS)).toBe(true);
    expect(lastToastTitle()).toBe('Presentation Mode enabled (animations paused)');

    // macOS Option+P types 'π': the physical key still counts.
    act(() => void fireEvent.keyDown(window, { key: 'π', code: 'KeyP', altKey: true }));
    expect(screen.getByRole('button').textContent).toBe('off');
    expect(window.localStorage.getItem(STORAGE_KEYS.presentationMode)).toBe('false');
    expect(document.documentElement.classList.contains(PRESENTATION_CLASS)).toBe(false);
    expect(lastToastTitle()).toBe('Presentation Mode disabled');
  });

  it('ignores P without Alt, and Ctrl+Alt+P', () => {
    render(
      <PresentationModeProvider>
        <Probe />
      </PresentationModeProvider>,
    );
    act(() => void fireEvent.keyDown(window, { key: 'p', code: 'KeyP' }));
    act(() => void fireEvent.keyDown(window, { key: 'p', code: 'KeyP', altKey: true, ctrlKey: true }));
    expect(screen.getByRole('button').textContent).toBe('off');
  });

  it('restores the stored flag on load', async () => {
    window.localStorage.setItem(STORAGE_KEYS.presentationMode, 'true');
    render(
      <PresentationModeProvider>
        <Probe />
      </PresentationModeProvider>,
    );
    expect((await screen.findByRole('button', { name: 'on' })).textContent).toBe('on');
    expect(document.documentElement.classList.contains(PRESENTATION_CLASS)).toBe(true);
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('off');
  });

  it('throws outside its provider', () => {
    expect(() => render(<Probe />)).toThrow('usePresentationMode must be used within a PresentationModeProvider');
  });
});
