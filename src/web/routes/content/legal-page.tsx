import { type LoaderFunctionArgs, type MetaArgs, Link, useLoaderData } from 'react-router';
import { Markdown } from '../../features/content/components/markdown.tsx';
import { TableOfContents } from '../../features/content/components/table-of-contents.tsx';
import { canonicalPath, legalView } from '../../features/content/content-views.server.ts';
import { formatDay } from '../../features/content/format-day.ts';
import { pageMeta } from '../../lib/page-meta.ts';

/** /privacy-policy (= /privacy), /cookie-policy (= /cookies) and /terms: dated, with a table of contents. */
export function loader({ request }: LoaderFunctionArgs) {
  return legalView(canonicalPath(request.url));
}

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

export default function LegalPage() {
  const { title, excerpt, updated, effective, headings, body, others } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="border-b border-border bg-gradient-to-b from-muted/80 to-background">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Legal</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{excerpt}</p>
          <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm">
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Last updated</dt>
              <dd className="font-medium">
                <time dateTime={updated}>{formatDay(updated)}</time>
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Effective</dt>
              <dd className="font-medium">
                <time dateTime={effective}>{formatDay(effective)}</time>
              </dd>
            </div>
          </dl>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:px-8 lg:py-14">
        <div>
          <div className="rounded-lg border border-border bg-card p-5 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0">
            <TableOfContents headings={headings} label="Contents" />
            <div className="mt-8 hidden border-t border-border pt-6 text-sm lg:block">
              <p className="font-semibold">Related</p>
              <ul className="mt-3 space-y-2">
                {others.map((other) => (
                  <li key={other.urlPath}>
                    <Link to={other.urlPath} className="text-muted-foreground hover:text-foreground hover:underline">
                      {other.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
        <Markdown className="max-w-3xl" tree={body} />
      </div>
    </>
  );
}
