import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import type { PageView } from '../content-views.server.ts';
import { CtaBand } from './cta-band.tsx';
import { FrameworkChips } from './framework-chips.tsx';
import { Markdown } from './markdown.tsx';
import { PageHero } from './page-hero.tsx';
import { Band, PageSections, StatsBand } from './page-sections.tsx';

/**
 * A page written in content/pages: hero, figures, the Markdown body, the structured sections, the
 * frameworks it covers and a call to action — each only when the page has it.
 */
export function ContentPageView({ page }: { page: PageView }) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} heading={page.heading} lede={page.lede}>
        {page.cta ? (
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={page.cta.primary.to}>
                {page.cta.primary.label} <ArrowRight aria-hidden />
              </Link>
            </Button>
            {page.cta.secondary ? (
              <Button asChild size="lg" variant="outline">
                <Link to={page.cta.secondary.to}>{page.cta.secondary.label}</Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </PageHero>
      {page.stats.length > 0 ? <StatsBand stats={page.stats} /> : null}
      {page.bodyHeading ? (
        <Band heading={page.bodyHeading}>
          <Markdown className="max-w-3xl" tree={page.body} />
        </Band>
      ) : (
        <section aria-label="Overview" className="border-b border-border py-14 sm:py-20">
          <Markdown className="mx-auto max-w-3xl px-4 text-lg sm:px-6" tree={page.body} />
        </section>
      )}
      <PageSections sections={page.sections} firstTinted />
      {page.frameworks.length > 0 ? (
        <Band
          heading="Frameworks covered"
          intro="Controls are mapped once and reused, so evidence collected for one framework counts towards the others."
          tinted={page.sections.length % 2 === 0}
        >
          <FrameworkChips frameworks={page.frameworks} />
        </Band>
      ) : null}
      {page.cta ? <CtaBand cta={page.cta} /> : null}
    </>
  );
}
