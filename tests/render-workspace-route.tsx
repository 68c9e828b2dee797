import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '../src/shared/permissions.ts';
import { AuthContext, type AuthContextValue } from '../src/web/features/auth/auth.tsx';
import { DemoModeProvider } from '../src/web/features/demo-mode/demo-mode.tsx';
import { accessFor, fakeAuth } from './fake-auth.ts';

export interface RecordedRequest {
  method: string;
  path: string;
}

/**
 * Stubs `fetch` with one answer per path (404 for a path it does not know) and records every
 * request, so a test can say which requests a screen made.
 */
export function serveApi(answers: Record<string, unknown>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).split('?')[0] ?? '';
      requests.push({ method: init.method ?? 'GET', path });
      if (path in answers) return Response.json(answers[path]);
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  return requests;
}

/**
 * Renders a workspace route at `url` for a signed-in user holding `role`, with demo mode and a fresh
 * query cache (`auth` overrides the signed-in context, e.g. the subscription). `otherPages` stand for the pages the route may send the user to (path → content);
 * `location()` says where the user is now.
 */
export function renderWorkspaceRoute(
  element: ReactNode,
  {
    url,
    role,
    otherPages = {},
    auth: overrides = {},
  }: { url: string; role: Role; otherPages?: Record<string, ReactNode>; auth?: Partial<AuthContextValue> },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const auth = fakeAuth({ access: accessFor(role), accessStatus: 'ready', ...overrides });
  let current: Location | null = null;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const result = render(
    <AuthContext.Provider value={auth}>
      <QueryClientProvider client={client}>
        <DemoModeProvider>
          <MemoryRouter initialEntries={[url]}>
            <LocationProbe />
            <Routes>
              {Object.entries(otherPages).map(([path, page]) => (
                <Route key={path} path={path} element={page} />
              ))}
              <Route path="*" element={element} />
            </Routes>
          </MemoryRouter>
        </DemoModeProvider>
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
  return { ...result, location: (): Location | null => current };
}
