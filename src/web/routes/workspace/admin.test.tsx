import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { accessFor, fakeAuth } from '../../../../tests/fake-auth.ts';
import { AuthContext } from '../../features/auth/auth.tsx';
import AdminRoute from './admin.tsx';

afterEach(() => vi.unstubAllGlobals());

function openSampleDataTab(isDataAiAdmin: boolean) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(String(input).split('?')[0] ?? '');
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  const access = accessFor('administrator');
  access.capabilities.is_data_ai_admin = isDataAiAdmin;
  render(
    <AuthContext.Provider value={fakeAuth({ access, accessStatus: 'ready' })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/admin?tab=sample-data']}>
          <AdminRoute />
        </MemoryRouter>
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
  return calls;
}

describe('/admin → Sample data', () => {
  it('shows the tab to an administrator without the Data & AI admin flag, and says why it cannot load the sample', async () => {
    const calls = openSampleDataTab(false);
    expect(screen.getByRole('tab', { name: 'Sample data' }).getAttribute('aria-selected')).toBe('true');
    screen.getByText('Loading sample data needs the Data & AI admin flag');
    screen.getByText(/Another administrator can turn it on for you under Users & roles/);
    expect(screen.queryByRole('button', { name: /Load the sample/i })).toBeNull();
    // Nothing is asked of an API that would refuse.
    expect(calls).not.toContain('/api/v1/admin/sample-data');
  });

  it('gives an administrator holding the flag the Sample Data Manager itself', async () => {
    const calls = openSampleDataTab(true);
    expect(screen.getByRole('tab', { name: 'Sample data' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('sample-data-needs-flag')).toBeNull();
    await vi.waitFor(() => expect(calls).toContain('/api/v1/admin/sample-data'));
  });
});
