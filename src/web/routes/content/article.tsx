import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, type MetaArgs, Link, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router';
import { Breadcrumbs, HelpLayout } from '../../features/content/components/help-layout.tsx';
import { Markdown } from '../../features/content/components/markdown.tsx';
import { TableOfContents } from '../../features/content/components/table-of-contents.tsx';
import { isArticleSection, notFound } from '../../features/content/content.server.ts';
import { articleView } from '../../features/content/content-views.server.ts';
import { formatDay } from '../../features/content/format-day.ts';
import { contentMeta, pageMeta } from '../../lib/page-meta.ts';
import NotFound from '../marketing/not-found.tsx';

/** /documentation/<slug>, /knowledge-base/<slug> and /support/<slug>, prerendered one page per article. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const section = new URL(request.url).pathname.split('/')[1] ?? '';
  return articleView(isArticleSection(section) ? section : notFound(), params.slug);
}

/**
 * Prerendered pages carry their data; this runs only for a path the build did not prerender (an
 * unknown slug served as the SPA fallback) and for client-side navigation. Fetching the build's
 * data file then answers 404 for an unknown slug, which the ErrorBoundary shows as not found.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return serverLoader<typeof loader>();
}

export const meta = ({ loaderData, location }: MetaArgs<typeof loader>) =>
  loaderData
    ? contentMeta({
        path: loaderData.article.urlPath,
        title: loaderData.article.title,
        description: loaderData.article.excerpt,
        section: loaderData.sectionTitle,
      })
    : pageMeta(location.pathname);

export default function Article() {
  const { section, sectionTitle, nav, article, previous, next } = useLoaderData<typeof loader>();
  return (
    <HelpLayout label={sectionTitle} nav={nav}>
      <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_13rem] xl:gap-10">
        <article className="min-w-0">
          <Breadcrumbs crumbs={[{ label: sectionTitle, to: `/${section}` }, { label: article.category }]} />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-lg leading-8 text-muted-foreground">{article.excerpt}</p>
          <p className="mt-3 text-sm text-muted-foreground">
            Updated <time dateTime={article.updated}>{formatDay(article.updated)}</time>
          </p>
          <Markdown className="mt-10 border-t border-border pt-8" tree={article.body} />
          <nav aria-label="More articles" className="mt-14 grid gap-4 border-t border-border pt-8 sm:grid-cols-2">
            {previous ? (
              <Link to={previous.urlPath} className="rounded-lg border border-border p-4 hover:border-primary/60">
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  <ArrowLeft className="size-3.5" aria-hidden /> Previous
                </span>
                <span className="mt-1 block font-medium">{previous.title}</span>
              </Link>
            ) : (
              <span aria-hidden />
            )}
            {next ? (
              <Link to={next.urlPath} className="rounded-lg border border-border p-4 text-right hover:border-primary/60">
                <span className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
                  Next <ArrowRight className="size-3.5" aria-hidden />
                </span>
                <span className="mt-1 block font-medium">{next.title}</span>
              </Link>
            ) : null}
          </nav>
          <p className="mt-8">
            <Link to={`/${section}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
              <ArrowLeft className="size-4" aria-hidden /> Back to {sectionTitle}
            </Link>
          </p>
        </article>
        <div className="hidden xl:block">
          <div className="sticky top-24">
            <TableOfContents headings={article.headings} />
          </div>
        </div>
      </div>
    </HelpLayout>
  );
}

/** An article slug that was never published: the site's not-found page rather than an error. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
