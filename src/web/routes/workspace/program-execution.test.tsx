import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWorkspaceRoute, serveApi } from '../../../../tests/render-workspace-route.tsx';
import ProgramExecutionRoute from './program-execution.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/program-execution before the organization is known', () => {
  it('shows a client that their organization is loading, not staff’s prompt to choose one', async () => {
    // The organization never answers within the test: the page stays where a slow network leaves it.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWorkspaceRoute(<ProgramExecutionRoute />, { url: '/program-execution', role: 'client_manager' });
    await screen.findByText('Loading your organization');
    expect(screen.queryByText(/Choose a client organization/)).toBeNull();
  });

  it('says when the organization could not be loaded', async () => {
    serveApi({}); // every path answers 404
    renderWorkspaceRoute(<ProgramExecutionRoute />, { url: '/program-execution', role: 'client_manager' });
    await screen.findByText('Your organization could not be loaded');
    expect(screen.queryByText(/Choose a client organization/)).toBeNull();
  });
});
