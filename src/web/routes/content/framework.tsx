import { ArrowRight } from 'lucide-react';
import { type ClientLoaderFunctionArgs, type LoaderFunctionArgs, type MetaArgs, Link, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router';
import { Breadcrumbs } from '../../features/content/components/help-layout.tsx';
import { Markdown } from '../../features/content/components/markdown.tsx';
import { frameworkView } from '../../features/content/content-views.server.ts';
import { Button } from '../../components/ui/button.tsx';
import { contentMeta, pageMeta } from '../../lib/page-meta.ts';
import NotFound from '../marketing/not-found.tsx';

/** /compliance/<slug>: one framework in detail, with the requirement references our advisor cites. */
export function loader({ params }: LoaderFunctionArgs) {
  return frameworkView(params.slug);
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
    ? contentMeta({ path: loaderData.urlPath, title: loaderData.title, description: loaderData.excerpt, section: 'Frameworks' })
    : pageMeta(location.pathname);

export default function Framework() {
  const framework = useLoaderData<typeof loader>();
  return (
    <>
      <header className="border-b border-border bg-gradient-to-b from-muted/80 to-background">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
          <Breadcrumbs crumbs={[{ label: 'Frameworks', to: '/compliance' }, { label: framework.name }]} />
          <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">{framework.fullName}</p>
          <h1 className="mt-2 max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">{framework.title}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{framework.excerpt}</p>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14 lg:px-8">
        <div className="min-w-0">
          <Markdown tree={framework.body} />
          <section aria-labelledby="key-requirements" className="mt-12">
            <h2 id="key-requirements" className="text-2xl font-semibold tracking-tight">
              Key requirements
            </h2>
            <p className="mt-3 text-muted-foreground">
              The references auditors and assessors use. Our agents and reviewers cite them in every deliverable.
            </p>
            <dl className="mt-6 divide-y divide-border rounded-xl border border-border bg-card">
              {framework.requirements.map((requirement) => (
                <div key={requirement.ref} className="grid gap-2 p-5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-6">
                  <dt className="font-mono text-sm font-semibold text-primary">{requirement.ref}</dt>
                  <dd>
                    <span className="font-semibold">{requirement.title}</span>
                    <span className="mt-1 block text-sm leading-6 text-muted-foreground">{requirement.summary}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <aside aria-label={`${framework.name} at a glance`} className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl border border-border bg-card p-6 shadow-sm">
            <h2 className="text-base font-semibold">At a glance</h2>
            <dl className="mt-4 space-y-4 text-sm leading-6">
              <div>
                <dt className="font-medium">Published by</dt>
                <dd className="text-muted-foreground">{framework.authority}</dd>
              </div>
              <div>
                <dt className="font-medium">Who needs it</dt>
                <dd className="text-muted-foreground">{framework.whoNeedsIt}</dd>
              </div>
              <div>
                <dt className="font-medium">How it is assessed</dt>
                <dd className="text-muted-foreground">{framework.assessment}</dd>
              </div>
            </dl>
            <Button asChild className="mt-6 w-full">
              <Link to="/pricing">
                Get {framework.name} ready <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
          {framework.related.length > 0 ? (
            <div className="rounded-xl border border-border p-6">
              <h2 className="text-base font-semibold">From the knowledge base</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {framework.related.map((article) => (
                  <li key={article.urlPath}>
                    <Link to={article.urlPath} className="text-primary hover:underline">
                      {article.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="rounded-xl border border-border p-6">
            <h2 className="text-base font-semibold">Other frameworks</h2>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {framework.others.map((other) => (
                <li key={other.urlPath}>
                  <Link to={other.urlPath} className="inline-block rounded-full border border-border px-3 py-1 hover:border-primary hover:text-primary">
                    {other.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
