import { ExternalLink } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyWithQuery } from '../../../lib/lazy-with-query.tsx';
import { publicConfig } from '../../../lib/public-config.ts';
import { useIsNearViewport } from '../../../lib/use-near-viewport.ts';

// The list and TanStack Query load when the block nears the viewport, not with the landing page.
const PressList = lazyWithQuery(() => import('./press-list.tsx').then((module) => module.PressList));

/**
 * The press block (product.md §2): up to 6 published press articles. product.md has each open an
 * outside link in a new tab; until there is real coverage the items are our own press releases,
 * which open their /press/<slug> page (docs/press.md).
 */
export function PressArticles() {
  const [section, setSection] = useState<HTMLElement | null>(null);
  const isNear = useIsNearViewport(section);
  return (
    <section ref={setSection} id="press" aria-labelledby="press-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">Press</p>
          <h2 id="press-heading" className="mt-2 text-3xl font-bold tracking-tight">
            News and press
          </h2>
        </div>
        <Button asChild variant="outline">
          <a href={publicConfig.pressUrl} target="_blank" rel="noopener noreferrer">
            View All Articles <ExternalLink aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </div>
      <div className="mt-10">
        {isNear ? (
          <Suspense fallback={<Spinner label="Loading press articles" />}>
            <PressList />
          </Suspense>
        ) : (
          <Spinner label="Loading press articles" />
        )}
      </div>
    </section>
  );
}
