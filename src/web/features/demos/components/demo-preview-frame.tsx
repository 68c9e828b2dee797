import { Suspense, lazy, useState } from 'react';
import { HYDRATED_ATTRIBUTE } from '../../../lib/hydration.ts';
import type { DemoCategory, DemoCategoryId } from '../demo-categories.ts';
import { DemoScreen as PrerenderedDemoScreen } from './demo-screen.tsx';

// In the browser the ten screens (~16 KB) load when a preview is first drawn by the app (another
// tab chosen, the page reached by a link), never with the landing page itself: the preview shown
// at first is the prerendered HTML, kept as it is (it is inert and hidden from assistive technology).
const DemoScreen = lazy(() => import('./demo-screen.tsx').then((module) => ({ default: module.DemoScreen })));

/** Starts loading the screens (on intent: a pointer over or focus on a category tab). */
export function preloadDemoScreens(): void {
  void import('./demo-screen.tsx');
}

/** True while the app hydrates a prerendered preview: its HTML is already the screen. */
function isPrerenderedPreview(): boolean {
  if (typeof document === 'undefined' || document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)) return false;
  return document.querySelector('[data-demo-screen]')?.hasChildNodes() === true;
}

function PreviewScreen({ category }: { category: DemoCategoryId }) {
  const [keepsPrerendered] = useState(isPrerenderedPreview);
  // Prerendering draws the screen itself (the static import is dropped from the browser's bundle).
  if (import.meta.env.SSR)
    return (
      <div data-demo-screen="">
        <PrerenderedDemoScreen category={category} />
      </div>
    );
  // Hydrating the prerendered preview: React leaves an element with dangerouslySetInnerHTML as it is.
  if (keepsPrerendered) return <div data-demo-screen="" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  return (
    <div data-demo-screen="">
      <Suspense fallback={<div className="h-[28rem] animate-pulse rounded-lg bg-muted" />}>
        <DemoScreen category={category} />
      </Suspense>
    </div>
  );
}

/**
 * The "screenshot" of a category: its real screen drawn at desktop width and scaled down,
 * inert (not focusable, not announced), so it stays sharp and always matches the demo.
 */
export function DemoPreviewFrame({ category }: { category: DemoCategory }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card shadow-xl shadow-primary/5" aria-hidden>
      <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-3 py-2">
        <span className="flex gap-1" aria-hidden>
          <span className="size-2 rounded-full bg-red-400" />
          <span className="size-2 rounded-full bg-amber-400" />
          <span className="size-2 rounded-full bg-emerald-400" />
        </span>
        <span className="text-[11px] text-muted-foreground">app.compliancecore · {category.label}</span>
      </div>
      <div className="relative h-72 overflow-hidden bg-background sm:h-80" inert>
        <div className="pointer-events-none absolute left-0 top-0 w-[160%] origin-top-left scale-[0.625] p-6 select-none">
          <PreviewScreen category={category.id} />
        </div>
      </div>
    </div>
  );
}
