import { FlaskConical, RotateCcw, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useDemoMode } from '../demo-mode.tsx';
import { useDemoView } from '../use-demo-view.ts';

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
          <p className="text-sm">
            The workspace shows {demoData.companyName}, a fictional company. Nothing you see here is your organization&apos;s data.
          </p>
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
