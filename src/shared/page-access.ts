import type { AccessRequirement } from './permissions.ts';

/**
 * What each signed-in page requires (product.md §2, §6): every workspace page needs a session, /admin
 * the administrator role, /auditor-portal the auditor rank or higher.
 */
export const PAGE_ACCESS: Readonly<Record<string, AccessRequirement>> = {
  '/dashboard-compliancecore': { authenticated: true },
  '/profile': { authenticated: true },
  '/admin': { authenticated: true, adminOnly: true },
  '/task-requests': { authenticated: true },
  '/program-execution': { authenticated: true },
  '/auditor-portal': { authenticated: true, minimumRole: 'auditor' },
  '/reviews': { authenticated: true, permission: 'outputs:review' },
  '/quality-scores': { authenticated: true, permission: 'tasks:read' },
  '/agents': { authenticated: true, permission: 'outputs:review' },
  '/trust-center': { authenticated: true, minimumRole: 'client_manager', permission: 'evidence:write' },
};

/** A workspace page not listed above still needs a session. */
export function pageAccessRequirement(path: string): AccessRequirement {
  return PAGE_ACCESS[path] ?? { authenticated: true };
}
