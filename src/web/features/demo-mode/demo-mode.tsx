import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { toast } from '../../components/ui/toast-store.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';

/**
 * Demo mode (product.md §3, §4): off by default; the flag persists under `demo-mode` and is restored on
 * load. While it is on, the workspace shows the sample company below instead of the user's data.
 */

export interface DemoData {
  companyName: string;
  companyInfo: { industry: string; employees: number; founded: number; headquarters: string };
  metrics: { activeTasks: number; completedTasks: number; activeAgents: number; successRate: number };
  isDemo: boolean;
}

export const DEFAULT_DEMO_DATA: DemoData = Object.freeze({
  companyName: 'Northwind Health Partners',
  companyInfo: Object.freeze({
    industry: 'Healthcare technology',
    employees: 240,
    founded: 2016,
    headquarters: 'Austin, Texas',
  }),
  metrics: Object.freeze({ activeTasks: 24, completedTasks: 187, activeAgents: 12, successRate: 98.5 }),
  isDemo: true,
});

export const DEMO_TOASTS = {
  enabled: { title: 'Demo Mode Enabled' },
  disabled: { title: 'Demo Mode Disabled', description: 'Returned to normal mode' },
  reset: { title: 'Demo Data Reset' },
} as const;

export interface DemoModeContextValue {
  isDemoMode: boolean;
  demoData: DemoData;
  enableDemoMode: () => void;
  disableDemoMode: () => void;
  /** Restores the default sample data. */
  resetDemoData: () => void;
  /** Lets a presenter adjust the sample (kept for this page session; reset restores it). */
  updateDemoData: (patch: Partial<Omit<DemoData, 'isDemo'>>) => void;
}

const DemoModeContext = createContext<DemoModeContextValue | null>(null);

export function parseDemoMode(value: string | null): boolean {
  return value === 'true';
}

export function DemoModeProvider({ children }: { children: ReactNode }) {
  // Prerendered HTML is never in demo mode; the stored flag is applied after hydration.
  const [isDemoMode, setDemoMode] = useState(false);
  const [demoData, setDemoData] = useState<DemoData>(DEFAULT_DEMO_DATA);

  useEffect(() => {
    setDemoMode(parseDemoMode(readStorage(STORAGE_KEYS.demoMode)));
    function onStorage(event: StorageEvent) {
      if (event.key !== STORAGE_KEYS.demoMode) return;
      setDemoMode(parseDemoMode(event.newValue));
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setMode = useCallback((next: boolean) => {
    setDemoMode(next);
    writeStorage(STORAGE_KEYS.demoMode, String(next));
  }, []);

  const value = useMemo<DemoModeContextValue>(
    () => ({
      isDemoMode,
      demoData,
      enableDemoMode: () => {
        setMode(true);
        toast(DEMO_TOASTS.enabled);
      },
      disableDemoMode: () => {
        setMode(false);
        toast(DEMO_TOASTS.disabled);
      },
      resetDemoData: () => {
        setDemoData(DEFAULT_DEMO_DATA);
        toast(DEMO_TOASTS.reset);
      },
      updateDemoData: (patch) => setDemoData((data) => ({ ...data, ...patch, isDemo: true })),
    }),
    [isDemoMode, demoData, setMode],
  );
  return <DemoModeContext value={value}>{children}</DemoModeContext>;
}

export function useDemoMode(): DemoModeContextValue {
  const context = use(DemoModeContext);
  if (!context) throw new Error('useDemoMode must be used within a DemoModeProvider');
  return context;
}
