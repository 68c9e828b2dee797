import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { QUICK_ACTIONS } from '../advisor-copy.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** Shortcuts to the dashboard tabs (product.md §2). */
export function QuickActions() {
  return (
    <nav aria-label="Quick actions" className="min-h-0 flex-1 overflow-y-auto p-3">
      <ul className="grid gap-2">
        {QUICK_ACTIONS.map((action) => (
          <li key={action.tab}>
            <Link
              to={workspaceHref.dashboard(action.tab)}
              className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span>
                <span className="block text-sm font-medium">{action.label}</span>
                <span className="block text-xs text-muted-foreground">{action.description}</span>
              </span>
              <ArrowRight className="size-4 shrink-0" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
