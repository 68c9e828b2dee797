import { ArrowRight } from 'lucide-react';
import { type LoaderFunctionArgs, type MetaArgs, Link, useLoaderData } from 'react-router';
import { headingId } from '../../../shared/content-markdown.ts';
import { HelpLayout } from '../../features/content/components/help-layout.tsx';
import { Markdown } from '../../features/content/components/markdown.tsx';
import { SupportHours } from '../../features/content/components/support-hours.tsx';
import { isArticleSection, notFound } from '../../features/content/content.server.ts';
import { canonicalPath, sectionView } from '../../features/content/content-views.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';

/** /documentation, /knowledge-base and /support: the section's introduction and every article by category. */
export function loader({ request }: LoaderFunctionArgs) {
  const section = canonicalPath(request.url).slice(1);
  return sectionView(isArticleSection(section) ? section : notFound());
}

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

export default function SectionIndex() {
  const { section, sectionTitle, page, nav } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="border-b border-border bg-gradient-to-b from-muted/80 to-background">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{page.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">{page.heading}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{page.lede}</p>
        </div>
      </header>
      <HelpLayout label={sectionTitle} nav={nav}>
        {section === 'support' ? (
          <div className="mb-12">
            <SupportHours />
          </div>
        ) : null}
        <Markdown className="max-w-3xl" tree={page.body} />
        <div className="mt-12 space-y-12">
          {nav.map((group) => (
            <section key={group.category} aria-labelledby={headingId(group.category)}>
              <h2 id={headingId(group.category)} className="text-xl font-semibold tracking-tight">
                {group.category}
              </h2>
              <ul className="mt-4 grid gap-4 md:grid-cols-2">
                {group.items.map((item) => (
                  <li key={item.urlPath}>
                    <Link
                      to={item.urlPath}
                      className="group flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-sm transition-colors hover:border-primary/60"
                    >
                      <span className="font-semibold group-hover:text-primary">{item.title}</span>
                      <span className="mt-2 flex-1 text-sm leading-6 text-muted-foreground">{item.excerpt}</span>
                      <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary">
                        Read article <ArrowRight className="size-4" aria-hidden />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </HelpLayout>
    </>
  );
}
