import { ArrowLeft, ArrowRight, ExternalLink } from 'lucide-react';
import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, type MetaArgs, Link, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router';
import { Breadcrumbs } from '../../features/content/components/help-layout.tsx';
import { Markdown } from '../../features/content/components/markdown.tsx';
import { pressReleaseView } from '../../features/content/content-views.server.ts';
import { formatDay } from '../../features/content/format-day.ts';
import { contentMeta, pageMeta } from '../../lib/page-meta.ts';
import NotFound from '../marketing/not-found.tsx';

/** /press/<slug>: our own press releases (content/press without an outside url), prerendered one page each. */
export function loader({ params }: LoaderFunctionArgs) {
  return pressReleaseView(params.slug);
}

/** Runs only for a path the build did not prerender: the build's data file answers 404, shown as not found. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return serverLoader<typeof loader>();
}

export const meta = ({ loaderData, location }: MetaArgs<typeof loader>) =>
  loaderData
    ? contentMeta({ path: loaderData.urlPath, title: loaderData.title, description: loaderData.excerpt, section: 'Press' })
    : pageMeta(location.pathname);

type Other = ReturnType<typeof pressReleaseView>['others'][number];

function OtherRelease({ other }: { other: Other }) {
  const content = (
    <>
      <span className="block text-xs text-muted-foreground">
        {other.publication ? `${other.publication} · ` : ''}
        <time dateTime={other.date}>{formatDay(other.date)}</time>
      </span>
      <span className="mt-1 block font-medium text-foreground group-hover:underline">{other.title}</span>
    </>
  );
  const className = 'group block rounded-lg border border-border bg-card p-4 transition-colors hover:border-primary/60';
  return (
    <li>
      {other.isExternal ? (
        <a href={other.urlPath} target="_blank" rel="noopener noreferrer" className={className}>
          {content}
          <ExternalLink className="mt-2 size-3.5 text-muted-foreground" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <Link to={other.urlPath} className={className}>
          {content}
        </Link>
      )}
    </li>
  );
}

export default function PressRelease() {
  const { title, excerpt, date, body, others } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="border-b border-border bg-gradient-to-b from-muted/80 to-background">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
          <Breadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: 'Press' }]} />
          <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">Press release</p>
          <h1 className="mt-3 max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{excerpt}</p>
          <p className="mt-6 text-sm text-muted-foreground">
            Published <time dateTime={date}>{formatDay(date)}</time>
          </p>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-12 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-16 lg:px-8 lg:py-14">
        <article className="min-w-0">
          <Markdown className="max-w-3xl" tree={body} />
          <p className="mt-12 border-t border-border pt-6">
            <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
              <ArrowLeft className="size-4" aria-hidden /> Back to home
            </Link>
          </p>
        </article>
        {others.length > 0 ? (
          <aside aria-labelledby="more-press-heading">
            <div className="lg:sticky lg:top-24">
              <h2 id="more-press-heading" className="text-base font-semibold">
                More press releases
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
                {others.map((other) => (
                  <OtherRelease key={other.urlPath} other={other} />
                ))}
              </ul>
              <Link to="/#contact" className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
                Press enquiries: contact us <ArrowRight className="size-4" aria-hidden />
              </Link>
            </div>
          </aside>
        ) : null}
      </div>
    </>
  );
}

/** A slug that was never published: the site's not-found page rather than an error. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
