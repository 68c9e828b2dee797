import { ChevronDown } from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../../lib/cn.ts';

interface Group {
  category: string;
  items: readonly { title: string; urlPath: string }[];
}

function GroupList({ groups }: { groups: readonly Group[] }) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <div key={group.category}>
          <h3 className="px-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{group.category}</h3>
          <ul className="mt-2 space-y-0.5">
            {group.items.map((item) => (
              <li key={item.urlPath}>
                <NavLink
                  to={item.urlPath}
                  end
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-1.5 text-sm leading-5 text-foreground/80 hover:bg-muted hover:text-foreground',
                      isActive && 'bg-primary/10 font-medium text-primary hover:bg-primary/10 hover:text-primary',
                    )
                  }
                >
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * The section's articles by category: a sticky column on wide screens, a disclosure above the
 * article on phones (native <details>, so it works before hydration and by keyboard).
 */
export function ArticleSidebar({ label, groups }: { label: string; groups: readonly Group[] }) {
  const { pathname } = useLocation();
  return (
    <>
      {/* Keyed by path: the disclosure closes once a link in it has been followed. */}
      <details key={pathname} className="group rounded-lg border border-border bg-card lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold [&::-webkit-details-marker]:hidden">
          Browse {label.toLowerCase()}
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <nav aria-label={`${label} articles`} className="border-t border-border px-1 py-4">
          <GroupList groups={groups} />
        </nav>
      </details>
      <nav aria-label={label} className="sticky top-24 hidden max-h-[calc(100vh-7rem)] overflow-y-auto pb-6 lg:block">
        <GroupList groups={groups} />
      </nav>
    </>
  );
}
