import { ArrowRight, CheckCircle2, Play } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { track } from '../../analytics/analytics.ts';
import { DEMO_CATEGORIES, type DemoCategory, type DemoCategoryId } from '../demo-categories.ts';
import { useOnceTrue } from '../../../lib/use-once-true.ts';
import { DemoPreviewFrame, preloadDemoScreens } from './demo-preview-frame.tsx';

// The full-screen demo player loads when a demo is first opened.
const DemoModal = lazy(() => import('./demo-modal.tsx').then((module) => ({ default: module.DemoModal })));

/** The platform-demo figures of product.md §1. */
const PLATFORM_FIGURES = [
  { value: '99.9%', label: 'Uptime' },
  { value: '50+', label: 'AI agents' },
  { value: '95%', label: 'Accuracy' },
  { value: '80%', label: 'Time saved' },
] as const;

function DemoPanel({ category, onTry }: { category: DemoCategory; onTry: () => void }) {
  return (
    <div className="grid items-center gap-8 lg:grid-cols-[1fr_1.25fr]">
      <div>
        <h3 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <category.icon className="size-6 text-primary" aria-hidden />
          {category.title}
        </h3>
        <p className="mt-3 text-muted-foreground">{category.description}</p>
        <ul className="mt-6 grid gap-2">
          {category.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button onClick={onTry}>
            <Play aria-hidden /> Try Interactive Demo
          </Button>
          <Button asChild variant="outline">
            <Link
              to={category.learnMoreTo}
              onClick={() => track({ event: 'button_click', button_name: `Learn More: ${category.id}`, location: 'demo_tabs' })}
            >
              Learn More<span className="sr-only"> about {category.title}</span> <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
      <DemoPreviewFrame category={category} />
    </div>
  );
}

/** Platform demo (product.md §1, §2): the figures, ten category tabs and the interactive demo modal. */
export function DemoShowcase() {
  const [selected, setSelected] = useState<DemoCategoryId>('dashboard');
  const [modalIndex, setModalIndex] = useState<number | null>(null);
  const hasModal = useOnceTrue(modalIndex !== null);

  return (
    <section id="demo" aria-labelledby="demo-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="grid gap-8 lg:grid-cols-[1fr_auto] lg:items-end">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">Platform demo</p>
          <h2 id="demo-heading" className="mt-2 text-3xl font-bold tracking-tight">
            See the workspace before you subscribe
          </h2>
          <p className="mt-4 max-w-2xl text-muted-foreground">
            Every screen below is the real interface with sample data. Open any of them as an interactive demo.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {PLATFORM_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col rounded-lg border border-border bg-card px-4 py-3 text-center">
              <dt className="order-2 text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="order-1 text-xl font-bold tabular-nums text-primary">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Tabs
        value={selected}
        onValueChange={(value) => {
          setSelected(value as DemoCategoryId);
          track({ event: 'demo_interaction', action: 'tab_select', category: value });
        }}
        className="mt-10"
      >
        <TabsList aria-label="Demo categories" className="flex h-auto w-full justify-start gap-0.5 overflow-x-auto xl:justify-between">
          {DEMO_CATEGORIES.map((category) => (
            <TabsTrigger
              key={category.id}
              value={category.id}
              className="px-2.5"
              onPointerEnter={preloadDemoScreens}
              onFocus={preloadDemoScreens}
            >
              <category.icon aria-hidden />
              {category.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {DEMO_CATEGORIES.map((category, index) => (
          <TabsContent key={category.id} value={category.id}>
            <DemoPanel
              category={category}
              onTry={() => {
                setModalIndex(index);
                track({ event: 'demo_interaction', action: 'open', category: category.id });
              }}
            />
          </TabsContent>
        ))}
      </Tabs>
      {hasModal ? (
        <Suspense>
          <DemoModal index={modalIndex} onIndexChange={setModalIndex} onClose={() => setModalIndex(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
