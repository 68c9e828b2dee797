import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ContactSection } from '../../features/leads/components/contact-section.tsx';
import { DemoShowcase } from '../../features/demos/components/demo-showcase.tsx';
import { AboutBlock } from '../../features/landing/components/about-block.tsx';
import { Capabilities } from '../../features/landing/components/capabilities.tsx';
import { Hero } from '../../features/landing/components/hero.tsx';
import { Highlights } from '../../features/landing/components/highlights.tsx';
import { Testimonials } from '../../features/landing/components/testimonials.tsx';
import { PressArticles } from '../../features/press/components/press-articles.tsx';
import { type ConsultationPrefill, readConsultationLink, withoutConsultationLink } from '../../features/leads/consultation-link.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { organizationJsonLd } from '../../layout/structured-data.ts';
import { useOnceTrue } from '../../lib/use-once-true.ts';
import { lazyWithQuery } from '../../lib/lazy-with-query.tsx';

export const meta = () => [...pageMeta('/'), organizationJsonLd()];

// Its code (the form, its validation, the schedule step, TanStack Query) loads when the visitor first opens it.
const ConsultationDialog = lazyWithQuery(() =>
  import('../../features/leads/components/consultation-dialog.tsx').then((module) => module.ConsultationDialog),
);

/** The landing page (product.md §2 Home page): the route composes the features; they never import each other. */
export default function Home() {
  const [isConsultationOpen, setConsultationOpen] = useState(false);
  const [prefill, setPrefill] = useState<ConsultationPrefill | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const hasConsultation = useOnceTrue(isConsultationOpen);

  // 'Book Demo' from the ROI calculator: open the dialog with its message, then clean the URL.
  useEffect(() => {
    const linked = readConsultationLink(searchParams);
    if (!linked) return;
    setPrefill(linked);
    setConsultationOpen(true);
    setSearchParams(withoutConsultationLink(searchParams), { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  return (
    <>
      <Hero onBookDemo={() => setConsultationOpen(true)} />
      <Highlights />
      <Capabilities />
      <DemoShowcase />
      <Testimonials />
      <AboutBlock />
      <ContactSection />
      <PressArticles />
      {hasConsultation ? (
        <Suspense>
          <ConsultationDialog open={isConsultationOpen} onOpenChange={setConsultationOpen} prefill={prefill} />
        </Suspense>
      ) : null}
    </>
  );
}
