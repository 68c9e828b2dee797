import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../../../components/errors/error-fallbacks.tsx';
import { lazyWithQuery } from '../../../lib/lazy-with-query.tsx';
import { showsAdvisor } from '../advisor-paths.ts';
import { useAdvisorEvents } from '../use-advisor-events.ts';

const AdvisorWidget = lazyWithQuery(() => import('./advisor-widget.tsx').then((module) => module.AdvisorWidget));

/**
 * Mounted once in the root: it listens for the widget's window events everywhere, and loads the
 * widget itself (Markdown rendering and all) only on the workspace paths that show it.
 */
export function AdvisorDock() {
  const { pathname } = useLocation();
  useAdvisorEvents();
  if (!showsAdvisor(pathname)) return null;
  // A widget that fails says so where it would have floated (bottom centre, on the cookie banner),
  // and the page under it stays usable.
  return (
    <ErrorBoundary
      level="component"
      fallbackClassName="fixed inset-x-3 bottom-[calc(var(--advisor-dock-bottom)+0.75rem)] z-40 mx-auto max-w-sm bg-background shadow-lg"
    >
      <Suspense fallback={null}>
        <AdvisorWidget />
      </Suspense>
    </ErrorBoundary>
  );
}
