import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { dismissToast, useToasts } from '../../components/ui/toast-store.ts';
import { DEFAULT_DEMO_DATA, DemoModeProvider, useDemoMode } from './demo-mode.tsx';

function Probe() {
  const { isDemoMode, demoData, enableDemoMode, disableDemoMode, resetDemoData, updateDemoData } = useDemoMode();
  return (
    <div>
      <p data-testid="state">{isDemoMode ? 'demo' : 'normal'}</p>
      <p data-testid="company">{demoData.companyName}</p>
      <button type="button" onClick={enableDemoMode}>
        enable
      </button>
      <button type="button" onClick={disableDemoMode}>
        disable
      </button>
      <button type="button" onClick={resetDemoData}>
        reset
      </button>
      <button type="button" onClick={() => updateDemoData({ companyName: 'Changed Co' })}>
        change
      </button>
    </div>
  );
}

function lastToast() {
  return renderHook(() => useToasts()).result.current[0];
}

afterEach(() => {
  for (const item of renderHook(() => useToasts()).result.current) dismissToast(item.id);
});

describe('demo mode', () => {
  it('is off by default, with the demo data object of product.md §3', () => {
    render(
      <DemoModeProvider>
        <Probe />
      </DemoModeProvider>,
    );
    expect(screen.getByTestId('state').textContent).toBe('normal');
    expect(DEFAULT_DEMO_DATA).toEqual({
      companyName: 'Northwind Health Partners',
      companyInfo: { industry: 'Healthcare technology', employees: 240, founded: 2016, headquarters: 'Austin, Texas' },
      metrics: { activeTasks: 24, completedTasks: 187, activeAgents: 12, successRate: 98.5 },
      isDemo: true,
    });
  });

  it('enables and disables with the spec toasts and persists the flag under demo-mode', async () => {
    render(
      <DemoModeProvider>
        <Probe />
      </DemoModeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'enable' }));
    expect(screen.getByTestId('state').textContent).toBe('demo');
    expect(window.localStorage.getItem(STORAGE_KEYS.demoMode)).toBe('true');
    expect(lastToast()).toMatchObject({ title: 'Demo Mode Enabled' });

    await userEvent.click(screen.getByRole('button', { name: 'disable' }));
    expect(screen.getByTestId('state').textContent).toBe('normal');
    expect(window.localStorage.getItem(STORAGE_KEYS.demoMode)).toBe('false');
    expect(lastToast()).toMatchObject({ title: 'Demo Mode Disabled', description: 'Returned to normal mode' });
  });

  it('restores the stored flag on load', async () => {
    window.localStorage.setItem(STORAGE_KEYS.demoMode, 'true');
    render(
      <DemoModeProvider>
        <Probe />
      </DemoModeProvider>,
    );
    expect((await screen.findByText('demo')).textContent).toBe('demo');
  });

  it('reset restores the default demo data and toasts', async () => {
    render(
      <DemoModeProvider>
        <Probe />
      </DemoModeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'change' }));
    expect(screen.getByTestId('company').textContent).toBe('Changed Co');
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByTestId('company').textContent).toBe('Northwind Health Partners');
    expect(lastToast()).toMatchObject({ title: 'Demo Data Reset' });
  });

  it('throws outside its provider', () => {
    expect(() => render(<Probe />)).toThrow('useDemoMode must be used within a DemoModeProvider');
  });
});
