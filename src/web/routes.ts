import { type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes';
import { PAGE_ROUTES } from '../shared/routes.ts';

/**
 * The route tree. Pages that have their own module are listed here; every other route of
 * spec §2 renders the generic page module for its section, driven by its catalog entry,
 * until its capability gets a module of its own.
 */
const dedicatedPublicPages: Record<string, string> = {};
const dedicatedWorkspacePages: Record<string, string> = {};

function pageEntries(access: 'public' | 'signed-in', dedicated: Record<string, string>, generic: string) {
  return PAGE_ROUTES.filter((page) => page.access === access && page.path !== '/').map((page) => {
    const file = dedicated[page.path] ?? dedicated[page.canonical ?? ''] ?? generic;
    return route(page.path.slice(1), file, { id: `page${page.path.replaceAll('/', '-')}` });
  });
}

export default [
  layout('routes/marketing/marketing-layout.tsx', [
    index('routes/marketing/home.tsx'),
    ...pageEntries('public', dedicatedPublicPages, 'routes/marketing/catalog-page.tsx'),
    route('*', 'routes/marketing/not-found.tsx'),
  ]),
  layout('routes/workspace/workspace-layout.tsx', [
    ...pageEntries('signed-in', dedicatedWorkspacePages, 'routes/workspace/workspace-page.tsx'),
  ]),
] satisfies RouteConfigEntry[];
