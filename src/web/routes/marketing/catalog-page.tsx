import { ArrowRight } from 'lucide-react';
import { Link, type MetaArgs, useLocation } from 'react-router';
import { canonicalRoute, findPageRoute } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { PAGE_CATALOG } from './page-catalog.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** A public page rendered from its catalog entry (see routes.ts). */
export default function CatalogPage() {
  const { pathname } = useLocation();
  const route = findPageRoute(pathname);
  const entry = route ? PAGE_CATALOG[canonicalRoute(route).path] : undefined;
  if (!entry) throw new Error(`No page content for ${pathname}`);
  return (
    <section className="bg-gradient-to-b from-muted/60 to-background">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:py-28">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{entry.eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{entry.heading}</h1>
        {entry.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 32)} className="mt-6 text-lg leading-8 text-muted-foreground">
            {paragraph}
          </p>
        ))}
        {entry.cta ? (
          <Button asChild size="lg" className="mt-10">
            <Link to={entry.cta.to}>
              {entry.cta.label} <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
