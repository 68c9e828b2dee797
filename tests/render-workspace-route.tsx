import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '../src/shared/permissions.ts';
import { AuthContext } from '../src/web/features/auth/auth.tsx';
import { DemoModeProvider } from '../src/web/features/demo-mode/demo-mode.tsx';
import { accessFor, fakeAuth } from './fake-auth.ts';

export interface RecordedRequest {
  method: string;
  path: string;
}

/**
 * Stubs `fetch` with one answer per path (a function of the path, or 404 for a path it does not
 * know) and records every request, so a test can say which requests a screen made.
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

/** Renders a workspace route at `url` for a signed-in user holding `role`, with demo mode and a fresh query cache. */
export function renderWorkspaceRoute(element: ReactNode, { url, role }: { url: string; role: Role }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  const auth = fakeAuth({ access: accessFor(role), accessStatus: 'ready' });
  return {
    router,
    ...render(
      <AuthContext.Provider value={auth}>
        <QueryClientProvider client={client}>
          <DemoModeProvider>
            <RouterProvider router={router} />
          </DemoModeProvider>
        </QueryClientProvider>
      </AuthContext.Provider>,
    ),
  };
}
