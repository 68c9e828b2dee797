import { ArrowRight } from 'lucide-react';
import { type MetaArgs, Link, useLoaderData } from 'react-router';
import { CtaBand } from '../../features/content/components/cta-band.tsx';
import { Markdown } from '../../features/content/components/markdown.tsx';
import { PageHero } from '../../features/content/components/page-hero.tsx';
import { Band, PageSections } from '../../features/content/components/page-sections.tsx';
import { frameworksView } from '../../features/content/content-views.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';

/** /compliance: every framework with a page in content/frameworks, what each is and who needs it. */
export function loader() {
  return frameworksView();
}

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

export default function Compliance() {
  const { page, frameworks } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={page.eyebrow} heading={page.heading} lede={page.lede} />
      <Band heading={`The ${frameworks.length} frameworks`}>
        <ul className="grid gap-6 md:grid-cols-2">
          {frameworks.map((framework) => (
            <li key={framework.slug}>
              <article
                aria-labelledby={`framework-${framework.slug}`}
                className="flex h-full flex-col rounded-xl border border-border bg-card p-6 shadow-sm"
              >
                <p className="text-xs font-semibold uppercase tracking-wider text-primary">{framework.fullName}</p>
                <h3 id={`framework-${framework.slug}`} className="mt-2 text-xl font-bold tracking-tight">
                  {framework.name}
                </h3>
                <p className="mt-3 text-sm leading-6">{framework.excerpt}</p>
                <dl className="mt-4 space-y-3 text-sm leading-6">
                  <div>
                    <dt className="font-semibold">Who needs it</dt>
                    <dd className="text-muted-foreground">{framework.whoNeedsIt}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold">How it is assessed</dt>
                    <dd className="text-muted-foreground">{framework.assessment}</dd>
                  </div>
                </dl>
                <ul className="mt-4 flex flex-wrap gap-2" aria-label={`Example ${framework.name} requirements`}>
                  {framework.refs.map((ref) => (
                    <li key={ref} className="rounded bg-muted px-2 py-1 font-mono text-xs">
                      {ref}
                    </li>
                  ))}
                </ul>
                <Link
                  to={framework.urlPath}
                  className="mt-6 inline-flex items-center gap-1 self-start text-sm font-semibold text-primary hover:underline"
                >
                  {framework.name} in detail <ArrowRight className="size-4" aria-hidden />
                </Link>
              </article>
            </li>
          ))}
        </ul>
      </Band>
      <Band heading={page.bodyHeading ?? 'How we work across frameworks'} tinted>
        <Markdown className="max-w-3xl" tree={page.body} />
      </Band>
      <PageSections sections={page.sections} />
      {page.cta ? <CtaBand cta={page.cta} /> : null}
    </>
  );
}
