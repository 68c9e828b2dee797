import { type MetaArgs, useLoaderData } from 'react-router';
import { FaqAccordion } from '../../features/content/components/faq-accordion.tsx';
import { PageHero } from '../../features/content/components/page-hero.tsx';
import { SupportHours } from '../../features/content/components/support-hours.tsx';
import { faqView } from '../../features/content/content-views.server.ts';
import { formatDay } from '../../features/content/format-day.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { faqJsonLd } from '../../layout/structured-data.ts';

export function loader() {
  return faqView();
}

export const meta = ({ location, loaderData }: MetaArgs<typeof loader>) => [
  ...pageMeta(location.pathname),
  ...(loaderData ? [faqJsonLd(loaderData.plain)] : []),
];

export default function Faq() {
  const { eyebrow, heading, lede, updated, groups } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={eyebrow} heading={heading} lede={lede}>
        <p className="mt-6 text-sm text-muted-foreground">
          Last reviewed <time dateTime={updated}>{formatDay(updated)}</time>
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-12 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:px-8 lg:py-16">
        <nav aria-label="FAQ topics" className="hidden lg:block">
          <ul className="sticky top-24 space-y-2 text-sm">
            {groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`} className="text-muted-foreground hover:text-foreground hover:underline">
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="max-w-3xl">
          <FaqAccordion groups={groups} />
          <div className="mt-16">
            <h2 className="text-xl font-semibold tracking-tight">Still have a question?</h2>
            <p className="mt-2 mb-6 text-muted-foreground">Ask us directly. A person answers every message.</p>
            <SupportHours />
          </div>
        </div>
      </div>
    </>
  );
}
