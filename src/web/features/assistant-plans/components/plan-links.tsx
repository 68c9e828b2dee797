import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PlanLink {
  id: string;
  to: string;
  title: string;
  detail: ReactNode;
  aside: ReactNode;
}

/** Plans as a bordered list of rows, each a link: the title, a line of detail, and something aside. */
export function PlanLinks({ links, label }: { links: readonly PlanLink[]; label?: string }) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label={label}>
      {links.map((link) => (
        <li key={link.id}>
          <Link to={link.to} className="flex flex-col gap-1 p-4 hover:bg-muted sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0">
              <span className="block truncate font-medium">{link.title}</span>
              <span className="block text-sm text-muted-foreground">{link.detail}</span>
            </span>
            {link.aside}
          </Link>
        </li>
      ))}
    </ul>
  );
}
