import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { PageCta } from '../../../../shared/schemas/content.ts';
import { Button } from '../../../components/ui/button.tsx';

/** The closing call to action of a content page. */
export function CtaBand({ cta }: { cta: PageCta }) {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-8 rounded-2xl bg-primary px-6 py-10 text-primary-foreground shadow-lg sm:px-10 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {cta.heading}
          </h2>
          <p className="mt-3 text-base leading-7 opacity-95">{cta.text}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row lg:shrink-0">
          <Button asChild size="lg" className="bg-background text-foreground hover:bg-background/90">
            <Link to={cta.primary.to}>
              {cta.primary.label} <ArrowRight aria-hidden />
            </Link>
          </Button>
          {cta.secondary ? (
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
            >
              <Link to={cta.secondary.to}>{cta.secondary.label}</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
