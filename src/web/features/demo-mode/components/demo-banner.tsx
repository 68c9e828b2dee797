import { FlaskConical, RotateCcw, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDemoMode } from '../demo-mode.tsx';
import { useDemoView } from '../use-demo-view.ts';

/**
 * Exactly which parts demo mode replaces (docs/dashboard.md "Demo mode"): the dashboard's Overview tab
 * and its deliverables section. Every other tab and page keeps the user's real data, and says so.
 */
export function demoScopeSentence(companyName: string): string {
  return `The dashboard's Overview tab and its deliverables section show ${companyName}, a fictional company. The other dashboard tabs, task requests, administration and your profile show your organization's real data.`;
}

/** The workspace's notice that it is showing sample data, with the way out and a reset. */
export function DemoBanner() {
  const { isShowingDemo, source, demoData } = useDemoView();
  const { disableDemoMode, resetDemoData } = useDemoMode();
  const [params, setParams] = useSearchParams();
  if (!isShowingDemo) return null;

  function leaveDemo() {
    if (params.get('demo') === 'true') {
      const next = new URLSearchParams(params);
      next.delete('demo');
      setParams(next, { replace: true });
    }
    if (source === 'mode') disableDemoMode();
  }

  return (
    <section
      aria-label="Demo mode"
      data-testid="demo-banner"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <div className="flex items-start gap-3">
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div>
          <p className="text-sm font-semibold">Demo mode: you are viewing sample data</p>
          <p className="text-sm">{demoScopeSentence(demoData.companyName)}</p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={resetDemoData} className="border-amber-400 bg-transparent dark:border-amber-600">
          <RotateCcw aria-hidden />
          Reset Demo Data
        </Button>
        <Button size="sm" onClick={leaveDemo}>
          <X aria-hidden />
          Disable Demo Mode
        </Button>
      </div>
    </section>
  );
}
