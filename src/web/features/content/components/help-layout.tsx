import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArticleSidebar } from './article-sidebar.tsx';

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((crumb, index) => (
          <li key={crumb.label} className="flex items-center gap-1.5">
            {index > 0 ? <ChevronRight className="size-3.5" aria-hidden /> : null}
            {crumb.to ? (
              <Link to={crumb.to} className="hover:text-foreground hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-foreground">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Documentation, knowledge base and support: the section's sidebar beside the page. */
export function HelpLayout({
  label,
  nav,
  children,
}: {
  label: string;
  nav: readonly { category: string; items: readonly { title: string; urlPath: string }[] }[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:py-14">
      <aside aria-label={`${label} navigation`}>
        <ArticleSidebar label={label} groups={nav} />
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
