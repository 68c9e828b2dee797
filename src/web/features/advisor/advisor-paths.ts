/**
 * Where the advisor shows and the window events that drive it: all the page shell needs of it, kept
 * apart from the advisor's strings (advisor-copy.ts), which load with the widget itself.
 */

/** Paths that show the widget (product.md §2): any path containing one of these. */
export const ADVISOR_PATHS = [
  'dashboard-compliancecore',
  'profile',
  'admin',
  'task-requests',
  'auditor-portal',
  'program-execution',
] as const;

export function showsAdvisor(pathname: string): boolean {
  return ADVISOR_PATHS.some((segment) => pathname.includes(segment));
}

export const OPEN_EVENT = 'open-csquare';
export const CONTEXT_EVENT = 'workflow-context-update';
