import { Suspense, lazy } from 'react';
import { useLocation } from 'react-router';
import { showsAdvisor } from '../advisor-copy.ts';
import { useAdvisorEvents } from '../use-advisor-events.ts';

const AdvisorWidget = lazy(() => import('./advisor-widget.tsx').then((module) => ({ default: module.AdvisorWidget })));

/**
 * Mounted once in the root: it listens for the widget's window events everywhere, and loads the
 * widget itself (Markdown rendering and all) only on the workspace paths that show it.
 */
export function AdvisorDock() {
  const { pathname } = useLocation();
  useAdvisorEvents();
  if (!showsAdvisor(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <AdvisorWidget />
    </Suspense>
  );
}
