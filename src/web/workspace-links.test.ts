import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../shared/permissions.ts';
import { DASHBOARD_TABS, WORKSPACE_PATHS, workspaceHomePath, workspaceHref } from '../shared/workspace-links.ts';
import { parseDashboardSearch } from './features/dashboard/dashboard-search.ts';
import routes from './routes.ts';

/**
 * Every link into the workspace resolves (issue 32: `/dashboard?tab=…` answered "Page not found"):
 * what the builder makes, and every root-relative page path with a query written anywhere in the
 * server's or the web app's code, is a page of the route tree in src/web/routes.ts.
 */

function routePaths(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.index ? parent || '/' : entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, '/');
    return [...(entry.path !== undefined || entry.index ? [here] : []), ...routePaths(entry.children ?? [], here)];
  });
}
const PAGES = new Set(routePaths(routes).filter((page) => !page.includes(':') && !page.includes('*')));

function resolves(link: string): boolean {
  const url = new URL(link, 'https://compliancecore.invalid');
  return PAGES.has(url.pathname);
}

const ID = '0b8d6a8e-2d5c-4b7a-9a51-6f1f1b3c1d2e';

const built: Record<string, string> = {
  dashboard: workspaceHref.dashboard(),
  deliverables: workspaceHref.deliverables(),
  requestsView: workspaceHref.requestsView(),
  plan: workspaceHref.plan(ID),
  compliance: workspaceHref.compliance('evidence', { organizationId: ID, state: 'stale' }),
  framework: workspaceHref.framework('iso27001', { ref: 'A.8.11', from: 'soc2' }),
  catalogue: workspaceHref.framework(null),
  workflows: workspaceHref.workflows(),
  workflowBuilder: workspaceHref.workflowBuilder({ workflowId: ID }),
  templateBuilder: workspaceHref.workflowBuilder({ templateId: ID }),
  support: workspaceHref.support(ID),
  integrations: workspaceHref.integrations(),
  taskRequests: workspaceHref.taskRequests(),
  taskRequest: workspaceHref.taskRequest(ID),
  newTaskRequest: workspaceHref.newTaskRequest(),
  programExecution: workspaceHref.programExecution(),
  auditorPortal: workspaceHref.auditorPortal(ID),
  ...Object.fromEntries(DASHBOARD_TABS.map((tab) => [`tab ${tab}`, workspaceHref.dashboard(tab)])),
  ...Object.fromEntries(ROLES.map((role) => [`home of ${role}`, workspaceHomePath([role])])),
};

/** Source files (tests aside) of the server, the web app and shared code. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
const ROOT = path.resolve(import.meta.dirname, '..');
const FILES = ['server', 'web', 'shared'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
/** A page path with a query, written as a literal (`'/x?y=`) or after an interpolated origin (`}/x?y=`). */
const LINK = /(?:['"`]|\}|\]\()(\/[a-z][a-z0-9-]*(?:\/[a-z0-9-]+)*)\?[a-z_]+=/g;
/** The API, the auth service (GoTrue's `<auth base>/verify?token=`) and operators' endpoints are not pages. */
const NOT_PAGES = /^\/(api|auth\/v1|verify|functions|dev|health|metrics)\b/;

/** Comments describe URLs (`/task-requests?plan=<id>`); code builds them. */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

function writtenLinks(): { file: string; path: string }[] {
  return FILES.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !isComment(line))
      .flatMap((line) => [...line.matchAll(LINK)])
      .map((match) => ({ file: path.relative(ROOT, file), path: match[1] ?? '' }))
      .filter((link) => !NOT_PAGES.test(link.path)),
  );
}

describe('workspace links', () => {
  it('finds the workspace pages in the route tree', () => {
    for (const page of Object.values(WORKSPACE_PATHS)) expect(PAGES, page).toContain(page);
  });

  it('builds only links that resolve to a page of src/web/routes.ts', () => {
    const broken = Object.entries(built).filter(([, link]) => !resolves(link));
    expect(broken).toEqual([]);
  });

  it('builds dashboard links whose tab the dashboard opens (an unknown tab would fall back to the Overview)', () => {
    for (const tab of DASHBOARD_TABS) {
      const url = new URL(workspaceHref.dashboard(tab), 'https://compliancecore.invalid');
      expect(parseDashboardSearch(url.searchParams).tab).toBe(tab);
    }
    const builder = new URL(workspaceHref.workflowBuilder({ workflowId: ID }), 'https://compliancecore.invalid');
    expect(parseDashboardSearch(builder.searchParams)).toMatchObject({ tab: 'workflows', view: 'builder', workflow: ID });
  });

  it('lands an auditor on their engagements and everyone else on the dashboard', () => {
    expect(workspaceHomePath(['auditor'])).toBe('/auditor-portal');
    expect(workspaceHomePath(['client_manager'])).toBe('/dashboard-compliancecore');
    expect(workspaceHomePath(['administrator', 'auditor'])).toBe('/dashboard-compliancecore');
    expect(workspaceHomePath([])).toBe('/dashboard-compliancecore');
  });

  it('finds no page link with a query in the code that does not resolve', () => {
    const links = writtenLinks();
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !resolves(link.path))).toEqual([]);
  });

  it('leaves workspace links with a query to the builder, in the server and in the web app', () => {
    const workspace = new Set<string>(Object.values(WORKSPACE_PATHS));
    const handWritten = writtenLinks().filter(
      (link) => workspace.has(link.path) && link.file !== path.join('shared', 'workspace-links.ts'),
    );
    expect(handWritten).toEqual([]);
  });
});
